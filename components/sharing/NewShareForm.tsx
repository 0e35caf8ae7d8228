import { useId, useState } from 'preact/hooks';
import type { CreateShareRequest } from '@/lib/contract/shares';
import { charCount } from '@/lib/format/chars';
import { findSecrets } from '@/lib/words/secrets';
import { type UntrustedTextValue, untrustedString } from '@/lib/safety/untrusted';
import { SecretWarning } from '@/components/common/SecretWarning';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_SHARE_DESCRIPTION_CHARS, MAX_SHARE_TITLE_CHARS } from '@/lib/contract/limits';

interface AgentChoice {
  agentId: string;
  untrustedName: UntrustedTextValue;
}

export interface NewShareFormProps {
  /** Agents the member may name (from coverage or find); the draft may also name none. */
  agents: readonly AgentChoice[];
  /** Preselected agent, e.g. the one picked in the coverage answer. */
  agentId?: string | null;
  /** The body for POST /shares, checked here against G14's limits. */
  onCreate: (request: CreateShareRequest) => void;
  busy?: boolean;
  error?: string | null;
}

/** Starts a draft of a project to share: title, description and the agent it is for. */
export function NewShareForm({ agents, agentId = null, onCreate, busy = false, error }: NewShareFormProps) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [agent, setAgent] = useState<string>(agentId ?? '');
  const [tried, setTried] = useState(false);

  const titleLength = charCount(title.trim());
  const descriptionLength = charCount(description.trim());
  const problems: string[] = [];
  if (titleLength < 1) problems.push(t('share.newDraft.noTitle'));
  if (titleLength > MAX_SHARE_TITLE_CHARS)
    problems.push(
      t('share.newDraft.titleTooLong', { max: formatCount(MAX_SHARE_TITLE_CHARS), count: formatCount(titleLength) }),
    );
  if (descriptionLength > MAX_SHARE_DESCRIPTION_CHARS) {
    problems.push(
      t('share.newDraft.descriptionTooLong', {
        max: formatCount(MAX_SHARE_DESCRIPTION_CHARS),
        count: formatCount(descriptionLength),
      }),
    );
  }
  if (findSecrets(`${title}\n${description}`).length > 0) problems.push(t('share.coverage.secret'));

  return (
    <form
      aria-label={t('share.newDraftHeading')}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (problems.length > 0 || busy) return;
        const request: CreateShareRequest = { title: title.trim(), agentId: agent === '' ? null : agent };
        if (description.trim() !== '') request.description = description.trim();
        onCreate(request);
      }}
    >
      <label for={`${id}-title`}>{t('share.newDraft.title')}</label>
      <input
        id={`${id}-title`}
        type="text"
        dir="auto"
        value={title}
        aria-required="true"
        aria-invalid={tried && (titleLength < 1 || titleLength > MAX_SHARE_TITLE_CHARS)}
        onInput={(event) => setTitle(event.currentTarget.value)}
      />
      <label for={`${id}-description`}>{t('share.newDraft.description')}</label>
      <textarea
        dir="auto"
        id={`${id}-description`}
        value={description}
        rows={4}
        aria-describedby={`${id}-count`}
        onInput={(event) => setDescription(event.currentTarget.value)}
      />
      <p id={`${id}-count`} class="muted">
        {t('preview.charsOf', {
          count: formatCount(descriptionLength),
          max: formatCount(MAX_SHARE_DESCRIPTION_CHARS),
        })}
      </p>
      <SecretWarning text={`${title}\n${description}`} />
      <label for={`${id}-agent`}>{t('spending.agentColumn')}</label>
      <select id={`${id}-agent`} value={agent} onChange={(event) => setAgent(event.currentTarget.value)}>
        <option value="">{t('share.newDraft.noAgent')}</option>
        {agents.map((choice) => (
          <option key={choice.agentId} value={choice.agentId}>
            {untrustedString(choice.untrustedName) || choice.agentId}
          </option>
        ))}
      </select>
      {tried && problems.length > 0 ? (
        <div role="alert" class="error-text">
          <ul aria-label={t('share.newDraft.problems')}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {error ? (
        <p role="alert" class="notice notice-error">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? t('share.newDraft.starting') : t('share.newDraft.start')}
      </button>
    </form>
  );
}
