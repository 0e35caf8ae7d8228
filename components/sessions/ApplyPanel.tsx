import { holdLabel } from '@/components/preview/hold-label';
import { useId, useState } from 'preact/hooks';
import type { Session } from '@/lib/contract/sessions';
import { applyRefusalWords } from '@/lib/sessions/apply-call';
import { planResultExists } from '@/lib/sessions/plan-revision';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { MissingList } from '@/components/plan/GateStatus';
import { ReviseForm } from '@/components/plan/ReviseForm';
import { type AnswerDrafts, useTextDraft } from './drafts';
import { submitKeyProps } from '@/components/common/useShortcut';
import { applyRequest, useApplyCall } from './useApplyCall';
import { draftsToSend } from '@/lib/sessions/answer-draft';
import { hasSecretText } from '@/components/common/SecretWarning';
import { CallCheckView, StartedHold } from '@/components/preview/CallCheckView';
import { checkSpendAtMost, dollarsOf, FoldedSpendAtMost } from '@/components/preview/SpendAtMost';
import { startBlocks } from '@/components/preview/start-block';
import { useCallCheck } from '@/components/preview/useCallCheck';
import { t, tn } from '@/lib/i18n';

interface Props {
  session: Session;
  drafts: AnswerDrafts;
  /** An apply call of this session is on its way: one at a time from here. */
  applyOnItsWay: boolean;
  /** Before the plan: how many details the gate still waits for, counting the member's unsent answers. */
  missing?: number;
  /** The session's "Spend at most" (its first call's), the default of this call; null: none. */
  maxCents?: number | null;
}

/**
 * The apply call: before the plan, "Make the plan", disabled with what is missing while the gate waits (the
 * refusal below still guards a click that races a change); after the plan passed, the revise form (what to change; an empty
 * revision is refused here). The member's drafted answers go with it.
 */
export function ApplyPanel({ session, drafts, applyOnItsWay, missing = 0, maxCents = null }: Props) {
  const whyId = useId();
  const maxId = useId();
  const revise = useTextDraft(`revise:${session.sessionId}`);
  const { busy, refusal, error, send, started } = useApplyCall(session, drafts);
  const revises = planResultExists(session);
  const [maxDollars, setMaxDollars] = useState(dollarsOf(maxCents));
  const max = checkSpendAtMost(maxDollars);
  // The revision as typed in this view (the stored draft until then): the preview reads what is on screen.
  const [typed, setTyped] = useState<string | null>(null);
  const details = revises ? (typed ?? revise.text ?? '').trim() : '';
  const { answers } = draftsToSend(session.questions?.shown ?? [], drafts.drafts);
  // A secret typed stays on this machine, even for a preview (the start refuses it too).
  const check = useCallCheck(
    applyRequest(session, hasSecretText(details) ? '' : details, answers, max.ok ? max.cents : null),
  );
  const submit = async (text: string) => {
    if (!max.ok) return;
    if ((await send(text, max.cents)) && revises) revise.clear();
  };

  const working = busy || applyOnItsWay;
  const waiting = !revises && missing > 0 && !working;
  // Paid like any call: it starts only once the preview of what is on screen is read (one rule, start-block).
  const blocked = startBlocks({ busy: working, preview: check.state, maxInvalid: !max.ok }).length > 0;
  // The buttons name what the preview on screen holds (while it is read again, the start waits for it).
  const hold = holdLabel(check.read.preview);
  const spend = (
    <FoldedSpendAtMost
      label={revises ? t('apply.spendOnRevision') : t('apply.spendOnPlan')}
      id={maxId}
      value={maxDollars}
      onInput={setMaxDollars}
    />
  );
  return (
    <section class="apply" aria-label={revises ? t('apply.revise') : t('apply.make')}>
      {revises ? (
        <>
          {revise.loaded ? (
            <ReviseForm
              key={session.sessionId}
              initial={revise.text ?? ''}
              onTextChange={(text) => {
                setTyped(text);
                revise.save(text);
              }}
              onSubmit={(text) => void submit(text)}
              busy={working}
              blocked={blocked}
              submitLabel={hold ? t('money.reviseHolds', hold) : null}
            >
              <CallCheckView check={check} />
            </ReviseForm>
          ) : null}
          {spend}
        </>
      ) : (
        <>
          {/* While answers are missing the member's step is to answer: the button names the hold, and the money
              block comes with the moment "Make the plan" can be pressed, before it works. */}
          {waiting ? null : <CallCheckView check={check} />}
          {/* Held back by the preview, it stays focusable (aria-disabled): "Use the recommended answers" moves the
              focus to it while the preview reads the answers it filled. */}
          <button
            type="button"
            disabled={waiting || working}
            aria-disabled={blocked ? true : undefined}
            aria-describedby={waiting ? whyId : undefined}
            onClick={() => {
              if (!waiting && !blocked) void submit('');
            }}
            {...submitKeyProps()}
          >
            {working ? t('apply.making') : hold ? t('money.makeHolds', hold) : t('apply.make')}
          </button>
          {/* Why it cannot be pressed, quietly under it, as a field's hint is. */}
          {waiting ? (
            <p id={whyId} class="step-why">
              {tn('apply.answerMore', missing)}
            </p>
          ) : null}
          {spend}
        </>
      )}
      {refusal ? (
        <div role="alert" class="notice notice-warning">
          <p>{applyRefusalWords(refusal)}</p>
          {refusal.reason === 'details_missing' ? <MissingList missing={refusal.missing} /> : null}
        </div>
      ) : null}
      {error ? <ErrorNotice error={error} title={t('find.notSent')} /> : null}
      {check.scoped && started ? <StartedHold localId={started} /> : null}
    </section>
  );
}
