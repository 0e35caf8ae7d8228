import { holdLabel } from '@/components/preview/hold-label';
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
import type { CallRequest } from '@/lib/contract/calls';
import { CallCheckView, StartedHold } from '@/components/preview/CallCheckView';
import { checkSpendAtMost, dollarsOf, FoldedSpendAtMost } from '@/components/preview/SpendAtMost';
import { startBlocks } from '@/components/preview/start-block';
import { useCallCheck } from '@/components/preview/useCallCheck';

interface Props {
  session: Session;
  planExists: boolean;
  /** The session's "Spend at most" (its first call's), the default of this call; null: none. */
  maxCents?: number | null;
  /** Folded under its heading (while the session's questions lead): opened by the member, or by a draft kept. */
  folded?: boolean;
}

/**
 * A question call in this session: it answers on its own and leaves the plan as it is. Paid like any call, it
 * is confirmed as the preview confirms one: the money block read for the question on screen before "Ask" works.
 */
export function QuestionCallForm({ session, planExists, maxCents = null, folded = false }: Props) {
  const draft = useTextDraft(`question:${session.sessionId}`);
  if (!draft.loaded) return null;
  return (
    <Form
      key={session.sessionId}
      session={session}
      planExists={planExists}
      initial={draft.text ?? ''}
      draft={draft}
      maxCents={maxCents}
      folded={folded}
    />
  );
}

function Form({
  session,
  planExists,
  initial,
  draft,
  maxCents,
  folded,
}: {
  session: Session;
  planExists: boolean;
  initial: string;
  draft: ReturnType<typeof useTextDraft>;
  maxCents: number | null;
  /** Under a fold whose summary says what it is, instead of its own heading. */
  folded: boolean;
}) {
  const id = useId();
  const actions = useActions();
  // After a start that got no answer, the next "Ask" is the same call (the background may have stored it).
  const intent = useCallIntent();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);
  const [maxDollars, setMaxDollars] = useState(dollarsOf(maxCents));
  const [started, setStarted] = useState<string | null>(null);
  // Open when a question typed before is kept (nothing typed is hidden behind a fold); taken once, so a draft
  // cleared by "Ask" does not close the fold the member is working in.
  const [openAtFirst] = useState(initial !== '');
  const chars = charCount(text);
  const max = checkSpendAtMost(maxDollars);
  const request: CallRequest = {
    agentId: session.agentId,
    callId: 'question',
    sessionId: session.sessionId,
    question: text,
  };
  if (max.ok && max.cents !== null) request.maxCents = max.cents;
  // Text that looks like it holds a secret stays on this machine, even for a preview (the start refuses it).
  const check = useCallCheck(hasSecretText(text) ? { ...request, question: '' } : request);
  const canAsk = startBlocks({ busy, preview: check.state, maxInvalid: !max.ok }).length === 0;

  const ask = async (event: Event) => {
    event.preventDefault();
    if (!canAsk) return;
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
      request,
      agentName: session.untrustedAgentName,
      callName: null,
    });
    setBusy(false);
    intent.settle(result);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    if (check.scoped) setStarted(result.value.localId);
    if (result.value.state !== 'refused') {
      draft.clear();
      setText('');
    }
  };

  // The money block is this question's: before one is typed there is nothing to confirm, so it is not shown.
  const typed = text.trim() !== '';
  const hold = typed ? holdLabel(check.read.preview) : null;
  const form = (
    <form
      class="question-call"
      onSubmit={ask}
      // Ctrl/⌘+Enter asks only when the button could: not while a question is on its way, nor before the
      // preview of the question on screen is read.
      onKeyDown={onSubmitKey(() => {
        if (canAsk) void ask(new Event('submit', { cancelable: true }));
      })}
      aria-labelledby={folded ? undefined : `${id}-title`}
      aria-label={folded ? t('questionCall.heading') : undefined}
      noValidate
    >
      {folded ? null : <h2 id={`${id}-title`}>{t('questionCall.heading')}</h2>}
      {planExists ? <p class="muted">{t('questionCall.alone')}</p> : null}
      <label for={`${id}-text`}>
        {t('questionCall.label', { count: formatCount(chars), max: formatCount(MAX_QUESTION_CHARS) })}
      </label>
      <textarea
        dir="auto"
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
      {typed ? <CallCheckView check={check} /> : null}
      {error ? <ErrorNotice error={error} title={t('find.notSent')} /> : null}
      <button type="submit" disabled={!canAsk} {...submitKeyProps()}>
        {busy ? t('questionCall.asking') : hold ? t('money.askHolds', hold) : t('questionCall.ask')}
      </button>
      {started ? <StartedHold localId={started} /> : null}
      <FoldedSpendAtMost
        label={t('questionCall.spendOnQuestion')}
        id={`${id}-max`}
        value={maxDollars}
        onInput={setMaxDollars}
      />
    </form>
  );
  if (!folded) return form;
  return (
    <details class="ask-box" open={openAtFirst}>
      <summary>{t('questionCall.heading')}</summary>
      {form}
    </details>
  );
}
