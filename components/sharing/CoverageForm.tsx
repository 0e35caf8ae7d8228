import { useId, useState } from 'preact/hooks';
import { charCount } from '@/lib/format/chars';
import { findSecrets } from '@/lib/words/secrets';
import { SecretWarning } from '@/components/common/SecretWarning';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_FIND_DESCRIPTION_CHARS, MIN_FIND_DESCRIPTION_CHARS } from '@/lib/contract/limits';

export interface CoverageFormProps {
  /** The description to send with POST /sharing/coverage (3 to 2000 characters, checked here). */
  onAsk: (description: string) => void;
  /** A question is on its way. */
  busy?: boolean;
  /** Why the last question failed, in the member's words. */
  error?: string | null;
}

/** Asks which agent covers a kind of project, before a draft is started. */
export function CoverageForm({ onAsk, busy = false, error }: CoverageFormProps) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const length = charCount(description.trim());
  const problem =
    length < MIN_FIND_DESCRIPTION_CHARS
      ? t('share.coverage.min', { min: MIN_FIND_DESCRIPTION_CHARS })
      : length > MAX_FIND_DESCRIPTION_CHARS
        ? t('share.coverage.max', { max: formatCount(MAX_FIND_DESCRIPTION_CHARS), count: formatCount(length) })
        : findSecrets(description).length > 0
          ? t('share.coverage.secret')
          : null;

  return (
    <form
      aria-label={t('share.coverage.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!problem && !busy) onAsk(description.trim());
      }}
    >
      <label for={`${id}-description`}>{t('share.coverage.describe')}</label>
      <textarea
        dir="auto"
        id={`${id}-description`}
        value={description}
        rows={3}
        aria-describedby={`${id}-count`}
        aria-invalid={tried && problem !== null}
        onInput={(event) => setDescription(event.currentTarget.value)}
      />
      <p id={`${id}-count`} class="muted">
        {t('preview.charsOf', { count: formatCount(length), max: formatCount(MAX_FIND_DESCRIPTION_CHARS) })}
      </p>
      <SecretWarning text={description} />
      {tried && problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      {error ? (
        <p role="alert" class="notice notice-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? t('questionCall.asking') : t('share.coverage.ask')}
      </button>
    </form>
  );
}
