import type { Question } from '@/lib/contract/sessions';
import { callsInSession, getPlan } from '@/lib/db/queries';
import { tnAmount } from '@/lib/format/amount';
import { formatCents } from '@/lib/format/money';
import { draftsToSend } from '@/lib/sessions/answer-draft';
import { gateView } from '@/lib/sessions/gate';
import { planResultExists } from '@/lib/sessions/plan-revision';
import { sessionMaxCents } from '@/lib/sessions/spend';
import { sessionStatusWords, wayWords } from '@/lib/words/sessions';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { knownValue } from '@/lib/contract/tolerant';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { useOffers } from '@/components/common/useOffers';
import { UntrustedText } from '@/components/common/UntrustedText';
import { AnswersList } from '@/components/plan/AnswersList';
import { DetailsList } from '@/components/plan/DetailsList';
import { PlanView } from '@/components/plan/PlanView';
import { QuestionForm } from '@/components/plan/QuestionForm';
import { ReadStatus } from '@/components/plan/ReadStatus';
import { ApplyPanel } from './ApplyPanel';
import { useAnswerDrafts } from './drafts';
import { useSessionRefresh } from './useSessionRefresh';
import { QuestionCallForm } from './QuestionCallForm';
import { RewriteDetails } from './RewriteDetails';
import { SessionCalls } from './SessionCalls';
import { SessionResults } from './SessionResults';
import { ViewHeading } from '@/components/common/ViewHeading';
import { Skeleton } from '@/components/common/Skeleton';
import { sessionQuery } from '@/lib/db/panel-queries';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';
import { backKeyProps, TEXT_KEPT } from '@/components/common/useShortcut';

export interface SessionViewProps {
  sessionId: string;
  onBack?: () => void;
}

/**
 * One session: its results in order, its questions (read, form, answers, details, gate), the plan and its
 * revisions, and question calls. Everything shown is the cache (readable offline); it is read again on
 * open and whenever one of this browser's calls in it ends.
 */
export function SessionView({ sessionId, onBack }: SessionViewProps) {
  const actions = useActions();
  // Read raw first (lib/db/first-read): the session's row is the view, and Dexie's own read adds its
  // transaction and liveQuery bookkeeping before the first paint; the live query takes over after. The click
  // that opened the view started this read already (App's openSession), taken once as the view mounts: when
  // it has answered, the view's first render has the row.
  const row = usePanelQuery(sessionQuery, [sessionId]);
  // The session row holds the results the view shows first; the rest is read once it is in, so those
  // reads do not queue before it.
  const rest = row.loaded;
  const planRow = useLiveQuery((db) => getPlan(db, sessionId), [sessionId], { enabled: rest });
  const calls = useLiveQuery((db) => callsInSession(db, sessionId), [sessionId], { enabled: rest });
  const drafts = useAnswerDrafts(sessionId, rest);
  const offers = useOffers(rest);

  const session = row.value?.session ?? null;
  const isPlan = session !== null && knownValue(session.way) !== 'question';
  const ended = (calls.value ?? []).filter((c) => c.state === 'finished').length;

  const readError = useSessionRefresh(sessionId, calls.loaded, ended);

  if (!row.loaded) return <Skeleton label={t('app.loadingSession')} />;
  if (!session) {
    return (
      <section aria-label={t('sessionView.label')}>
        {onBack ? <BackButton onBack={onBack} /> : null}
        {readError ? (
          <ErrorNotice error={readError} title={t('sessionView.notRead')} />
        ) : (
          <p role="status">{t('app.loadingSession')}</p>
        )}
      </section>
    );
  }

  const questions = session.questions;
  const shown: Question[] = questions?.shown ?? [];
  const { answers: unsent } = draftsToSend(shown, drafts.drafts);
  const planExists = planResultExists(session);
  // A call refused with invalid_answers (answers sent with it) names the answers that did not fit, too.
  const lastCall = calls.value?.at(-1);
  const callProblems =
    lastCall?.state === 'refused' && lastCall.error?.code === 'invalid_answers'
      ? (lastCall.error.extras.problems ?? []).flatMap((p) =>
          p.key === null ? [] : [{ key: p.key, problem: p.problem }],
        )
      : [];
  // The member's "Spend at most" from the session's first call: the default of the next call started here.
  const maxCents = sessionMaxCents(calls.value ?? []);
  const applyOnItsWay = (calls.value ?? []).some(
    (c) => c.request.callId === 'apply' && (c.state === 'outbox' || c.state === 'sending' || c.state === 'started'),
  );

  // Before the plan, the questions lead, headed by "Make the plan" (a stepper). It waits for this
  // browser's calls in the session: before they are read it cannot tell whether an apply call is on its way.
  const nextStepFirst = isPlan && questions !== null && !planExists && calls.loaded;
  const gate = questions ? gateView(questions, unsent) : null;
  const questionsPart =
    isPlan && questions ? (
      <section aria-label={t('sessionView.questions')} class="questions">
        {/* The form starts from the stored drafts: it waits for them, so none is lost behind an empty field.
            Each answer is saved as it is chosen or typed and goes with the next call: nothing to press. */}
        {drafts.loaded ? (
          <QuestionForm
            questions={shown}
            drafts={drafts.drafts}
            onDraftChange={drafts.setDraft}
            onDraftDone={() => void drafts.flush()}
            required={questions.questions?.required ?? []}
            siteProblems={[...drafts.siteProblems, ...callProblems]}
            next={
              nextStepFirst ? (
                <ApplyPanel
                  session={session}
                  drafts={drafts}
                  applyOnItsWay={applyOnItsWay}
                  missing={gate?.missing.length ?? 0}
                  maxCents={maxCents}
                />
              ) : undefined
            }
          />
        ) : (
          <Skeleton label={t('sessionView.loadingAnswers')} />
        )}
        <AnswersList answers={questions.answers} questions={[...(questions.questions?.opening ?? []), ...shown]} />
        <DetailsList details={questions.details} />
        <ReadStatus pass={questions.pass} shortCheck={questions.shortCheck} />
      </section>
    ) : null;

  return (
    // Answers and texts typed here are kept as drafts (saved when the view goes), so Escape may leave.
    <section aria-labelledby="session-view-title" class="session-view" {...TEXT_KEPT}>
      {onBack ? <BackButton onBack={onBack} /> : null}
      <ViewHeading id="session-view-title">
        <UntrustedText value={session.untrustedAgentName} empty={session.agentId} name />
      </ViewHeading>
      {/* When its last call was is in its results, newest last: the line keeps to what the session is. Before
          its first call, an open session is only its way: "Open · 0 calls · charged $0.00" would say nothing. */}
      <p>
        {session.calls === 0
          ? [wayWords(session.way), session.status === 'open' ? null : sessionStatusWords(session.status)]
              .filter((part) => part !== null)
              .join(' · ')
          : t('sessionView.line', {
              way: wayWords(session.way),
              status: sessionStatusWords(session.status),
              calls: tnAmount('sessionSummary.calls', session.calls),
              charged: formatCents(session.chargedCents),
            })}
      </p>
      {/* Said only when the session came from elsewhere: one started here needs no line to say so. */}
      {session.startedByThisConnection ? null : (
        <p class="muted">
          {t('sessionView.startedElsewhere')}{' '}
          <Message id="sessionView.readAt" parts={{ time: <Time iso={row.value?.readAt ?? ''} relative /> }} />
        </p>
      )}
      {session.research ? (
        <p class="notice notice-important" role="note">
          <strong>{t('sessionView.researchSession')}</strong>
          {t('sessionView.research')}
        </p>
      ) : null}
      {session.untrustedMovedNote ? (
        <p class="notice">
          <Message id="sessionSummary.moved" parts={{ note: <UntrustedText value={session.untrustedMovedNote} /> }} />
        </p>
      ) : null}
      {readError ? <ErrorNotice error={readError} title={t('sessionView.readFailed')} /> : null}

      {nextStepFirst ? questionsPart : null}

      {isPlan && (planExists || !nextStepFirst) ? (
        <section aria-label={t('sessionView.thePlan')}>
          {/* Until the plan's row is read, "No plan yet" would be a guess. */}
          {planRow.loaded ? (
            <PlanView
              plan={planRow.value?.plan ?? null}
              header={session.results.find((r) => r.runId === planRow.value?.plan?.runId)?.header ?? null}
              onOpenLink={(url) => void actions.send('openExternalUrl', { url })}
            />
          ) : (
            <Skeleton label={t('sessionView.loadingPlan')} lines={2} />
          )}
        </section>
      ) : null}

      <SessionResults
        session={session}
        silentWhenEmpty={nextStepFirst}
        readAt={row.value?.readAt ?? ''}
        calls={calls.value ?? []}
        planRunId={isPlan ? (planRow.value?.plan?.runId ?? null) : null}
      />
      <SessionCalls calls={calls.value ?? []} />

      {calls.loaded ? (
        <>
          {nextStepFirst ? null : questionsPart}
          {isPlan && !questions ? <p class="muted">{t('sessionView.questionsUnreadable')}</p> : null}

          {isPlan && !nextStepFirst ? (
            <ApplyPanel session={session} drafts={drafts} applyOnItsWay={applyOnItsWay} maxCents={maxCents} />
          ) : null}
          {/* While the questions lead, asking aside is folded: one way forward in sight, the others a click away. */}
          <QuestionCallForm session={session} planExists={planExists} maxCents={maxCents} folded={nextStepFirst} />
          {isPlan && questions && offers.putDetails !== 'not_offered' ? (
            <details class="rewrite-box">
              <summary>{t('sessionView.rewrite')}</summary>
              <RewriteDetails session={session} questions={questions} />
            </details>
          ) : null}
          {isPlan && offers.putDetails === 'not_offered' ? (
            <p class="muted">{t('background.notOffered.details')}</p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" class="link-like" onClick={onBack} {...backKeyProps()}>
      {t('sessionView.back')}
    </button>
  );
}
