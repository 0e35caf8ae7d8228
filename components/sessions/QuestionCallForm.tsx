import { useId, useState } from 'preact/hooks';
import type { Session } from '@/lib/contract/sessions';
import type { MemberError } from '@/lib/db/member-error';
import { charCount } from '@/lib/format/chars';
import { useActions } from '@/components/common/actions';
import { useCallIntent } from '@/components/common/useCallIntent';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SecretWarning, hasSecretText } from '@/components/common/SecretWarning';
import { onSubmitKey, submitKeyProps } from '@/components/common/useShortcut';
import { useTextDraft } from './drafts';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { MAX_QUESTION_CHARS } from '@/lib/contract/limits';

/** A question call in this session: it answers on its own and leaves the plan as it is. */
export function QuestionCallForm({ session, planExists }: { session: Session; planExists: boolean }) {
  const draft = useTextDraft(`question:${session.sessionId}`);
  if (!draft.loaded) return null;
  return (
    <Form key={session.sessionId} session={session} planExists={planExists} initial={draft.text ?? ''} draft={draft} />
  );
}

function Form({
  session,
  planExists,
  initial,
  draft,
}: {
  session: Session;
  planExists: boolean;
  initial: string;
  draft: ReturnType<typeof useTextDraft>;
}) {
  const id = useId();
  const actions = useActions();
  // After a start that got no answer, the next "Ask" is the same call (the background may have stored it).
  const intent = useCallIntent();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);
  const chars = charCount(text);

  const ask = async (event: Event) => {
    event.preventDefault();
    setError(null);
    if (!text.trim()) {
      setProblem(t('questionCall.typeFirst'));
      return;
    }
    if (chars > MAX_QUESTION_CHARS) {
      setProblem(
        t('session.applyRefusal.detailsTooLong', { count: formatCount(chars), max: formatCount(MAX_QUESTION_CHARS) }),
      );
      return;
    }
    if (hasSecretText(text)) {
      setProblem(t('share.coverage.secret'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const result = await actions.send('startCall', {
      localId: intent.id(),
      request: { agentId: session.agentId, callId: 'question', sessionId: session.sessionId, question: text },
      agentName: session.untrustedAgentName,
      callName: null,
    });
    setBusy(false);
    intent.settle(result);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (result.value.state !== 'refused') {
      draft.clear();
      setText('');
    }
  };

  return (
    <form
      class="question-call"
      onSubmit={ask}
      // Ctrl/⌘+Enter asks, as the button would: not while a question is on its way.
      onKeyDown={onSubmitKey(() => {
        if (!busy) void ask(new Event('submit', { cancelable: true }));
      })}
      aria-labelledby={`${id}-title`}
      noValidate
    >
      <h2 id={`${id}-title`}>{t('questionCall.heading')}</h2>
      {planExists ? <p class="muted">{t('questionCall.alone')}</p> : null}
      <label for={`${id}-text`}>
        {t('questionCall.label', { count: formatCount(chars), max: formatCount(MAX_QUESTION_CHARS) })}
      </label>
      <textarea
        id={`${id}-text`}
        rows={3}
        value={text}
        aria-invalid={problem !== null}
        onInput={(e) => {
          setText(e.currentTarget.value);
          setProblem(null);
          draft.save(e.currentTarget.value);
        }}
      />
      <SecretWarning text={text} />
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} title={t('find.notSent')} /> : null}
      <button type="submit" disabled={busy} {...submitKeyProps()}>
        {busy ? t('questionCall.asking') : t('questionCall.ask')}
      </button>
    </form>
  );
}
