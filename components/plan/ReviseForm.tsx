import type { ComponentChildren } from 'preact';
import { useId, useState } from 'preact/hooks';
import { charCount } from '@/lib/format/chars';
import { applyRefusalWords } from '@/lib/sessions/apply-call';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { onSubmitKey, submitKeyProps } from '@/components/common/useShortcut';
import { MAX_DETAILS_CHARS } from '@/lib/contract/limits';

interface Props {
  /** What to change or ask about the plan, trimmed; called only with something to send. */
  onSubmit: (text: string) => void;
  /** The text as saved, to start from. */
  initial?: string;
  /** Each change, for the caller to save as a draft. */
  onTextChange?: (text: string) => void;
  /** Answers or files go with the revision, so empty text may go too (the call still carries something). */
  carriesOther?: boolean;
  busy?: boolean;
  /** The start waits (its preview is not read for the text on screen): the button, Enter and Ctrl/⌘+Enter alike. */
  blocked?: boolean;
  /** The button's words when they name what the call holds; absent: "Send the revision". */
  submitLabel?: string | null;
  /** Shown before the button: the money block of the revision. */
  children?: ComponentChildren;
}

/** After the plan passed: the next apply call revises it. Refuses locally to send nothing. */
export function ReviseForm({
  onSubmit,
  initial = '',
  onTextChange,
  carriesOther = false,
  busy = false,
  blocked = false,
  submitLabel = null,
  children,
}: Props) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const chars = charCount(text);

  const submit = (event: Event) => {
    event.preventDefault();
    if (busy || blocked) return;
    const trimmed = text.trim();
    if (trimmed === '' && !carriesOther) {
      setProblem(applyRefusalWords({ reason: 'revision_empty' }));
      return;
    }
    if (chars > MAX_DETAILS_CHARS) {
      setProblem(applyRefusalWords({ reason: 'details_too_long', chars }));
      return;
    }
    setProblem(null);
    onSubmit(trimmed);
  };

  return (
    <form
      class="revise-form"
      onSubmit={submit}
      // Ctrl/⌘+Enter sends, as the button would: not while a revision is on its way or its preview is read.
      onKeyDown={onSubmitKey(() => submit(new Event('submit', { cancelable: true })))}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`}>{t('apply.revise')}</h2>
      <label for={`${id}-text`}>
        {t('revise.label', { count: formatCount(chars), max: formatCount(MAX_DETAILS_CHARS) })}
      </label>
      <textarea
        dir="auto"
        id={`${id}-text`}
        rows={4}
        value={text}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onInput={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          if (problem) setProblem(null);
          onTextChange?.(value);
        }}
      />
      {problem ? (
        <p id={`${id}-problem`} role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      {children}
      <button type="submit" disabled={busy || blocked} {...submitKeyProps()}>
        {busy ? t('report.sending') : (submitLabel ?? t('revise.send'))}
      </button>
    </form>
  );
}
