import { getSession } from '@/lib/db/queries';
import { formatCount } from '@/lib/format/count';
import { formatCents } from '@/lib/format/money';
import { formatRelative } from '@/lib/format/time';
import { knownValue } from '@/lib/api/tolerant';
import { useLiveQuery } from '../common/useLiveQuery';
import { UntrustedText } from '../common/UntrustedText';

const SESSION_STATUS_WORDS: Record<string, string> = {
  open: 'open',
  closed: 'closed',
  archived: 'archived',
  deleted: 'deleted',
};

/** The one session a session-scoped key reaches, as last read. */
export function SessionSummary({ sessionId }: { sessionId: string }) {
  const row = useLiveQuery((db) => getSession(db, sessionId), [sessionId]);
  const session = row.value?.session;
  return (
    <section aria-labelledby="session-title" class="card">
      <h2 id="session-title">Your session</h2>
      {session ? (
        <>
          <p>
            With <UntrustedText value={session.untrustedAgentName} empty={session.agentId} />:{' '}
            {SESSION_STATUS_WORDS[knownValue(session.status) ?? ''] ?? 'status unknown'}, {formatCount(session.calls)} calls, charged{' '}
            {formatCents(session.chargedCents)}
            {session.lastCallAt ? `, last call ${formatRelative(session.lastCallAt)}` : ''}.
          </p>
          {session.untrustedMovedNote ? (
            <p class="notice">
              The agent moved to a newer version because a contribution left: <UntrustedText value={session.untrustedMovedNote} />
            </p>
          ) : null}
        </>
      ) : (
        <p class="muted">
          Session <code>{sessionId}</code>: not read yet.
        </p>
      )}
    </section>
  );
}
