import { recentCalls } from '@/lib/db/queries';
import type { CallRow } from '@/lib/db/tables/calls';
import { callStateWords } from '@/lib/words/values';
import { resultLine } from '@/components/result/status-line';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { UntrustedText } from '@/components/common/UntrustedText';
import { Skeleton } from '@/components/common/Skeleton';
import { t } from '@/lib/i18n';
import { CallKind } from '@/components/common/CallKind';
import { Time } from '@/components/common/Time';

function stateLine(call: CallRow): string {
  if (call.result) return resultLine(call.result, call.holdCents);
  return callStateWords(call.state, call.error);
}

interface Props {
  onOpen: (localId: string) => void;
  /** For a session-scoped key: only that session's calls. */
  sessionId?: string | null;
}

/** The calls stored in this browser, newest first; each opens its own view. */
export function CallsList({ onOpen, sessionId }: Props) {
  const calls = useLiveQuery((db) => recentCalls(db), []);
  if (!calls.loaded) return <Skeleton label={t('calls.loading')} />;
  const rows = (calls.value ?? []).filter(
    (c) => !sessionId || c.sessionId === sessionId || c.request.sessionId === sessionId,
  );
  if (rows.length === 0) return <p class="empty">{t('calls.empty')}</p>;
  return (
    <ul class="calls" aria-label={t('app.callsHeading')}>
      {rows.map((call) => {
        return (
          <li key={call.localId}>
            <button type="button" class="call-item" onClick={() => onOpen(call.localId)}>
              <UntrustedText value={call.agentName} empty={call.request.agentId} name />
              <span class="muted">
                {' '}
                · <CallKind callId={call.request.callId} /> · {stateLine(call)} · <Time iso={call.createdAt} relative />
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
