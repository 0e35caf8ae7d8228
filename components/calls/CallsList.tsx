import { recentCalls } from '@/lib/db/queries';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { Skeleton } from '@/components/common/Skeleton';
import { t } from '@/lib/i18n';
import { CallLine } from './CallLine';

interface Props {
  onOpen: (localId: string) => void;
  /** The one session a session-scoped key reaches: only its calls. */
  sessionId: string;
}

/** The calls of a session-scoped key's session stored in this browser, newest first; each opens its own view. */
export function CallsList({ onOpen, sessionId }: Props) {
  const calls = useLiveQuery((db) => recentCalls(db), []);
  if (!calls.loaded) return <Skeleton label={t('calls.loading')} />;
  const rows = (calls.value ?? []).filter((c) => c.sessionId === sessionId || c.request.sessionId === sessionId);
  if (rows.length === 0) return <p class="empty">{t('calls.empty')}</p>;
  const now = new Date();
  return (
    <ul class="calls" aria-label={t('history.callsNewestFirst')}>
      {rows.map((call) => (
        <CallLine key={call.localId} call={call} now={now} onOpen={onOpen} />
      ))}
    </ul>
  );
}
