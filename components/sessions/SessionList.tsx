import { useId } from 'preact/hooks';
import { UntrustedText } from '@/components/common/UntrustedText';
import type { Session } from '@/lib/api/schemas';
import { formatCount } from '@/lib/format/count';
import { formatCents } from '@/lib/format/money';
import { formatRelative } from '@/lib/format/time';
import { sessionStatusWords, wayWords } from '@/lib/session/words';

export type SessionSummary = Pick<
  Session,
  | 'sessionId'
  | 'agentId'
  | 'untrustedAgentName'
  | 'status'
  | 'calls'
  | 'chargedCents'
  | 'lastCallAt'
  | 'untrustedMovedNote'
  | 'startedByThisConnection'
  | 'way'
  | 'research'
>;

interface Props {
  sessions: readonly SessionSummary[];
  onOpen: (sessionId: string) => void;
  now?: Date;
}

/** The member's sessions from the cache, in the order given. */
export function SessionList({ sessions, onOpen, now }: Props) {
  if (sessions.length === 0) return <p class="empty">No sessions yet. Preview a call to an agent and choose “Plan my project” to start one.</p>;
  return (
    <ul class="session-list" aria-label="Sessions">
      {sessions.map((s) => (
        <SessionListItem key={s.sessionId} session={s} onOpen={onOpen} now={now} />
      ))}
    </ul>
  );
}

export function SessionListItem({ session: s, onOpen, now }: { session: SessionSummary; onOpen: (sessionId: string) => void; now?: Date }) {
  const id = useId();
  const calls = s.calls === 1 ? '1 call' : `${formatCount(s.calls)} calls`;
  return (
    <li class="session-item">
      <h2 id={`${id}-name`}>
        <UntrustedText value={s.untrustedAgentName} empty={s.agentId} name />
      </h2>
      <p>
        {wayWords(s.way)} · {sessionStatusWords(s.status)}
        {s.research ? <span class="badge"> · research: every call researches on the web</span> : null}
      </p>
      <p class="muted">
        {calls} · charged {formatCents(s.chargedCents)} ·{' '}
        {s.lastCallAt ? `last call ${formatRelative(s.lastCallAt, now)}` : 'no call yet'}
      </p>
      <p class="muted">{s.startedByThisConnection ? 'Started by this connection' : 'Started elsewhere (on the site or by another connection)'}</p>
      {s.untrustedMovedNote ? (
        <p class="notice">
          The agent moved to a newer version because a contribution left: <UntrustedText value={s.untrustedMovedNote} />
        </p>
      ) : null}
      <button type="button" id={`${id}-open`} aria-labelledby={`${id}-open ${id}-name`} onClick={() => onOpen(s.sessionId)}>
        Open session
      </button>
    </li>
  );
}
