import type { MissingDetail } from '@/lib/contract/calls';
import type { CallRow } from '@/lib/db/tables/calls';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SitePageButton } from '@/components/common/SitePageButton';
import { callStateWords } from '@/lib/words/values';
import { RefusalView } from '@/components/refusal/RefusalView';
import { GateStatus } from '@/components/plan/GateStatus';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

const ENDED_WITHOUT_RESULT = new Set(['refused', 'declined', 'expired']);

/**
 * Calls of this session with no result yet: those still on their way (sending, unsent, waiting for
 * approval, just started), and the newest call when it ended without one (refused, declined, expired),
 * since that is what the member acts on next. Older refusals are history.
 */
function pendingCalls(calls: readonly CallRow[]): CallRow[] {
  const last = calls.at(-1);
  return calls.filter((c) => {
    if (c.result !== null || c.state === 'finished') return false;
    return !ENDED_WITHOUT_RESULT.has(c.state) || c === last;
  });
}

/** The missing details a refused apply call listed (409 details_missing), shown like the gate. */
function refusalMissing(call: CallRow): MissingDetail[] | null {
  if (call.state !== 'refused' || call.error?.code !== 'details_missing') return null;
  // A detail the site left unnamed is shown by its key.
  return (call.error.extras.missing ?? []).map((m) => ({
    key: m.key,
    untrustedDetail: m.untrustedDetail ?? { untrustedText: m.key, truncated: false },
  }));
}

/** One line per call on its way; a refusal says why and what to do, the same way as everywhere else. */
export function SessionCalls({ calls }: { calls: readonly CallRow[] }) {
  const actions = useActions();
  const pending = pendingCalls(calls);
  if (pending.length === 0) return null;
  return (
    <section aria-label={t('sessions.onTheirWay')} class="session-calls">
      {pending.map((call) => {
        const missing = refusalMissing(call);
        return (
          <div key={call.localId} class="card">
            <p role="status">
              <Message
                id="sessions.callState"
                parts={{
                  kind: call.request.callId === 'question' ? t('callKind.question') : t('callKind.apply'),
                  state: callStateWords(call.state, call.error),
                  time: <Time iso={call.updatedAt} relative />,
                }}
              />
            </p>
            {missing ? <GateStatus missing={missing} /> : null}
            {call.state === 'refused' && !missing && call.error ? <RefusalView error={call.error} /> : null}
            {call.state === 'needs_approval' ? (
              <SitePageButton url={call.error?.extras.approvalUrl}>{t('approval.approve')}</SitePageButton>
            ) : null}
            {call.state === 'unsent' ? (
              <>
                {call.error ? <ErrorNotice error={call.error} /> : null}
                <button type="button" onClick={() => void actions.send('retryCall', { localId: call.localId })}>
                  {t('call.sendAgain')}
                </button>
              </>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}
