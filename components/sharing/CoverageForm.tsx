import { useId, useState } from 'preact/hooks';
import { charCount } from '@/lib/format/chars';
import { findSecrets } from '@/lib/safety/secret-guard';
import { SecretWarning } from '../common/SecretWarning';

export interface CoverageFormProps {
  /** The description to send with POST /sharing/coverage (3 to 2000 characters, checked here). */
  onAsk: (description: string) => void;
  /** A question is on its way. */
  busy?: boolean;
  /** Why the last question failed, in the member's words. */
  error?: string | null;
}

const MIN = 3;
const MAX = 2000;

/** Asks which agent covers a kind of project, before a draft is started. */
export function CoverageForm({ onAsk, busy = false, error }: CoverageFormProps) {
  const id = useId();
  const [description, setDescription] = useState('');
  const [tried, setTried] = useState(false);
  const length = charCount(description.trim());
  const problem =
    length < MIN
      ? `Write at least ${MIN} characters.`
      : length > MAX
        ? `At most ${MAX} characters (now ${length}).`
        : findSecrets(description).length > 0
          ? 'Remove the key, password or token first.'
          : null;

  return (
    <form
      aria-label="Which agent covers this kind of project?"
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!problem && !busy) onAsk(description.trim());
      }}
    >
      <label for={`${id}-description`}>Describe the kind of project</label>
      <textarea
        id={`${id}-description`}
        value={description}
        rows={3}
        aria-describedby={`${id}-count`}
        aria-invalid={tried && problem !== null}
        onInput={(event) => setDescription(event.currentTarget.value)}
      />
      <p id={`${id}-count`} class="muted">
        {length} of {MAX} characters
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
        {busy ? 'Asking…' : 'Ask which agent covers it'}
      </button>
    </form>
  );
}
