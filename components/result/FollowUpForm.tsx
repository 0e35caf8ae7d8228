import { useState } from 'preact/hooks';
import type { CallRow } from '@/lib/db/tables/calls';
import { charCount } from '@/lib/format/chars';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { onSubmitKey, submitKeyProps } from '@/components/common/useShortcut';
import { MAX_QUESTION_CHARS } from '@/lib/contract/limits';

interface Props {
  call: CallRow;
  /** Opens the preview with the question (same agent, same session): nothing starts before the member sees it. */
  onFollowUp: (call: CallRow, question: string) => void;
}

/** "Ask a follow-up", under a passed result: a question for the same agent in the same session. */
export function FollowUpForm({ call, onFollowUp }: Props) {
  const [question, setQuestion] = useState('');
  const id = `follow-up-${call.localId}`;
  const tooLong = charCount(question) > MAX_QUESTION_CHARS;
  const canGo = question.trim() !== '' && !tooLong;
  const go = () => {
    if (canGo) onFollowUp(call, question);
  };
  return (
    <form
      class="follow-up"
      onSubmit={(event) => {
        event.preventDefault();
        go();
      }}
    >
      <label for={id}>{t('result.followUp')}</label>
      <textarea
        dir="auto"
        id={id}
        rows={2}
        value={question}
        onInput={(event) => setQuestion(event.currentTarget.value)}
        // Ctrl/⌘+Enter goes on to the preview, as the button would.
        onKeyDown={onSubmitKey(go)}
        aria-describedby={question === '' ? undefined : `${id}-hint`}
      />
      {/* Said once there is something to count: under a short answer the box stays a few words. */}
      {question === '' ? null : (
        <p id={`${id}-hint`} class={tooLong ? 'error-text' : 'muted field-hint'}>
          {tooLong
            ? t('preview.tooLong')
            : t('preview.charsOf', { count: formatCount(charCount(question)), max: formatCount(MAX_QUESTION_CHARS) })}
        </p>
      )}
      <button type="submit" disabled={!canGo} {...submitKeyProps()}>
        {t('result.followUpNext')}
      </button>
    </form>
  );
}
