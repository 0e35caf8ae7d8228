import { useEffect, useState } from 'preact/hooks';
import { approvalsForCall, getCall } from '@/lib/db/queries';
import { connectionQuery } from '@/lib/db/panel-queries';
import { answersAboutAnotherRun, type CallRow } from '@/lib/db/tables/calls';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { UntrustedText } from '@/components/common/UntrustedText';
import { callStateWords, ownCallKindWords } from '@/lib/words/values';
import { ApprovalWait } from '@/components/refusal/ApprovalWait';
import { RefusalView } from '@/components/refusal/RefusalView';
import { loadNoteView, ResultView } from './ResultView';
import { preload } from '@/components/common/Lazy';
import { StopButton } from './StopButton';
import { MayHaveStarted } from './MayHaveStarted';
import { StartAgainButton } from './StartAgainButton';
import { mayResendCallKey } from '@/lib/api/idempotency';
import { ViewHeading } from '@/components/common/ViewHeading';
import { Skeleton } from '@/components/common/Skeleton';
import { SiteText } from '@/components/common/SiteText';
import { t } from '@/lib/i18n';
import { Time } from '@/components/common/Time';
import { errorText } from '@/components/common/error-text';

interface Props {
  localId: string;
  /**
   * "Edit and start again": the preview with this call's request, as a new call. Absent where the preview
   * cannot be opened (a key scoped to one session): then neither it nor a follow-up is offered.
   */
  onEdit?: ((call: CallRow) => void) | undefined;
  /** "Ask a follow-up" under a passed result: the preview of a question call in `sessionId`. */
  onFollowUp?: ((call: CallRow, sessionId: string, question: string) => void) | undefined;
  /** Opens a session in the panel (a call that may have started names its session). */
  onOpenSession?: (sessionId: string) => void;
}

/** One call from the calls table, whatever its state: sending, waiting for approval, refused, running, ended. */
export function CallView({ localId, onEdit, onFollowUp, onOpenSession }: Props) {
  // A call's note is shown by a reader loaded apart from the panel; load it while the call runs.
  useEffect(() => preload(loadNoteView), []);
  const call = useLiveQuery((db) => getCall(db, localId), [localId]);
  if (!call.loaded) return <Skeleton label={t('call.loading')} />;
  if (!call.value) return <p role="status">{t('call.notStored')}</p>;
  return <CallDetails call={call.value} onEdit={onEdit} onFollowUp={onFollowUp} onOpenSession={onOpenSession} />;
}

/**
 * The first call's privacy line (contract: to be shown to the member), said once: not again here when the
 * member has already read that same line where the connection showed it.
 */
function privacyLineToShow(call: CallRow, connection: ConnectionRow | undefined): string | null {
  if (!call.privacyLine) return null;
  if (connection?.privacyLineShown && connection.privacyLine === call.privacyLine) return null;
  return call.privacyLine;
}

const TOO_LATE = { code: 'too_late_to_resend' } as const;

/** An unsent call whose key is past the age the site surely remembers: it may have started (issue 41). */
function mayHaveStarted(call: CallRow): boolean {
  return call.state === 'unsent' && (call.error?.code === TOO_LATE.code || !mayResendCallKey(call, Date.now()));
}

type Moves = Pick<Props, 'onEdit' | 'onFollowUp' | 'onOpenSession'>;

function CallDetails({ call, onEdit, onFollowUp, onOpenSession }: { call: CallRow } & Moves) {
  const connection = usePanelQuery(connectionQuery, []);
  // Until the connection is read, nothing: the line would show and then go.
  const privacyLine = connection.loaded ? privacyLineToShow(call, connection.value) : null;
  const hasResult = (call.state === 'started' || call.state === 'finished') && call.result !== null;
  const kind = ownCallKindWords(call.request.callId);
  return (
    <section aria-labelledby={`call-${call.localId}`} class="call">
      {/* Above a result's header line only the agent's name and our words (rule 2): the kind of call in our
          words (none for a custom call, whose id is the site's); the call's name comes under the header. */}
      <ViewHeading id={`call-${call.localId}`}>
        <UntrustedText value={call.agentName} empty={call.request.agentId} name />
        {kind ? ` · ${kind}` : null}
      </ViewHeading>
      {/* A result says its name, status and charge at its top; before one, the call's name and state. */}
      {hasResult ? null : (
        <>
          <p class="call-name">
            <UntrustedText value={call.callName} empty={call.request.callId} name site />
          </p>
          <p class="muted">
            {callStateWords(call.state, mayHaveStarted(call) ? TOO_LATE : call.error)} ·{' '}
            <Time iso={call.updatedAt} relative />
          </p>
        </>
      )}
      <CallState call={call} onEdit={onEdit} onFollowUp={onFollowUp} onOpenSession={onOpenSession} />
      {privacyLine ? (
        <p class="muted privacy-line">
          <strong>{t('call.whoReceives')}</strong>
          <SiteText text={privacyLine} />
        </p>
      ) : null}
    </section>
  );
}

function CallState({ call, onEdit, onFollowUp, onOpenSession }: { call: CallRow } & Moves) {
  switch (call.state) {
    case 'outbox':
    case 'sending':
      return <p role="status">{t('call.sending')}</p>;
    case 'unsent':
      // Past the age the site surely remembers its key, it is not sent again on its own (the line above says so).
      if (mayHaveStarted(call)) {
        return <MayHaveStarted call={call} onOpenSession={onOpenSession} />;
      }
      return (
        <>
          {call.error ? <ErrorNotice error={call.error} /> : <p>{t('call.unreachable')}</p>}
          <RetryButton call={call} label={t('call.sendAgain')} />
        </>
      );
    case 'needs_approval':
      return <PendingApproval call={call} />;
    case 'refused':
      return (
        <>
          {call.error ? <RefusalView error={call.error} /> : <p>{t('call.refused')}</p>}
          {onEdit ? <StartAgainButton call={call} onEdit={onEdit} /> : null}
        </>
      );
    case 'declined':
      return (
        <>
          <p role="status">{t('call.declined')}</p>
          {onEdit ? <StartAgainButton call={call} onEdit={onEdit} /> : null}
        </>
      );
    case 'expired':
      return (
        <>
          <p role="status">{t('call.expired')}</p>
          <RetryButton call={call} label={t('call.askAgain')} />
        </>
      );
    case 'started':
    case 'finished':
      if (call.result) {
        // Under the header line: an error may quote the site.
        return (
          <ResultView
            call={call}
            result={call.result}
            titled
            time={call.updatedAt}
            notice={
              <>
                {call.error ? <ErrorNotice error={call.error} /> : null}
                <OtherRunNotice call={call} />
              </>
            }
            onEdit={onEdit}
            onFollowUp={onFollowUp}
          />
        );
      }
      return (
        <>
          {answersAboutAnotherRun(call) ? (
            <OtherRunNotice call={call} />
          ) : (
            <p role="status">{t('call.waitingFirstResult')}</p>
          )}
          {call.state === 'started' ? <StopButton call={call} /> : null}
        </>
      );
    default:
      return null;
  }
}

/** The site keeps answering this call's reads about another run (ignored); the reads go on at their pace. */
function OtherRunNotice({ call }: { call: CallRow }) {
  if (!answersAboutAnotherRun(call)) return null;
  return (
    <p role="status" class="notice">
      {t('call.otherRun')}
    </p>
  );
}

function PendingApproval({ call }: { call: CallRow }) {
  const approvals = useLiveQuery((db) => approvalsForCall(db, call.localId), [call.localId]);
  const approval = approvals.value?.find((a) => a.status === 'pending') ?? approvals.value?.[0] ?? null;
  const extras = call.error?.extras;
  return (
    <ApprovalWait
      approvalUrl={approval?.approvalUrl ?? extras?.approvalUrl ?? null}
      approvalLine={null}
      reason={approval?.reason ?? extras?.reason ?? null}
      expiresAt={approval?.expiresAt ?? null}
      approvalId={approval?.status === 'pending' ? approval.approvalId : null}
    />
  );
}

function RetryButton({ call, label }: { call: CallRow; label: string }) {
  const actions = useActions();
  const [message, setMessage] = useState<string | null>(null);
  const retry = async () => {
    setMessage(null);
    const result = await actions.send('retryCall', { localId: call.localId });
    if (!result.ok) setMessage(await errorText(result.error));
  };
  return (
    <>
      <button type="button" onClick={retry}>
        {label}
      </button>
      {message ? <p role="alert">{message}</p> : null}
    </>
  );
}
