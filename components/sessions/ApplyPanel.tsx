import { useId } from 'preact/hooks';
import type { Session } from '@/lib/contract/sessions';
import { applyRefusalWords } from '@/lib/sessions/apply-call';
import { planResultExists } from '@/lib/sessions/plan-revision';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { MissingList } from '@/components/plan/GateStatus';
import { ReviseForm } from '@/components/plan/ReviseForm';
import { type AnswerDrafts, useTextDraft } from './drafts';
import { submitKeyProps } from '@/components/common/useShortcut';
import { useApplyCall } from './useApplyCall';
import { t, tn } from '@/lib/i18n';

interface Props {
  session: Session;
  drafts: AnswerDrafts;
  /** An apply call of this session is on its way: one at a time from here. */
  applyOnItsWay: boolean;
  /** Before the plan: how many details the gate still waits for, counting the member's unsent answers. */
  missing?: number;
}

/**
 * The apply call: before the plan, "Make the plan", disabled with what is missing while the gate waits (the
 * refusal below still guards a click that races a change); after the plan passed, the revise form (what to change; an empty
 * revision is refused here). The member's drafted answers go with it.
 */
export function ApplyPanel({ session, drafts, applyOnItsWay, missing = 0 }: Props) {
  const whyId = useId();
  const revise = useTextDraft(`revise:${session.sessionId}`);
  const { busy, refusal, error, send } = useApplyCall(session, drafts);
  const revises = planResultExists(session);
  const submit = async (details: string) => {
    if ((await send(details)) && revises) revise.clear();
  };

  const working = busy || applyOnItsWay;
  const waiting = !revises && missing > 0 && !working;
  return (
    <section class="apply" aria-label={revises ? t('apply.revise') : t('apply.make')}>
      {revises ? (
        <>
          {revise.loaded ? (
            <ReviseForm
              key={session.sessionId}
              initial={revise.text ?? ''}
              onTextChange={revise.save}
              onSubmit={(text) => void submit(text)}
              busy={working}
            />
          ) : null}
        </>
      ) : (
        <>
          {waiting ? (
            <p id={whyId} class="step-why">
              {tn('apply.answerMore', missing)}
            </p>
          ) : null}
          <button
            type="button"
            disabled={working || waiting}
            aria-describedby={waiting ? whyId : undefined}
            onClick={() => void submit('')}
            {...submitKeyProps()}
          >
            {working ? t('apply.making') : t('apply.make')}
          </button>
        </>
      )}
      {refusal ? (
        <div role="alert" class="notice notice-warning">
          <p>{applyRefusalWords(refusal)}</p>
          {refusal.reason === 'details_missing' ? <MissingList missing={refusal.missing} /> : null}
        </div>
      ) : null}
      {error ? <ErrorNotice error={error} title={t('find.notSent')} /> : null}
    </section>
  );
}
