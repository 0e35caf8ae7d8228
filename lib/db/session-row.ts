/** A session's row in the cache, with the time it is listed by. */
import type { Session } from '@/lib/contract/sessions';
import type { SessionRow } from './tables/sessions';

/**
 * The time a session is listed by (SessionRow.listedAt): its last call, or when it was read if it has none,
 * written in UTC so that the index's text order is time order (a service time may carry another zone).
 */
export function listedAt(lastCallAt: string | null, readAt: string): string {
  const at = Date.parse(lastCallAt ?? readAt);
  // Both times passed the row's schema; a time Date cannot read still gets a place, at the read.
  return Number.isNaN(at) ? readAt : new Date(at).toISOString();
}

/** The row every write of a session puts: the session as read at `readAt`. */
export function sessionRow(session: Session, readAt: string): SessionRow {
  return { sessionId: session.sessionId, session, readAt, listedAt: listedAt(session.lastCallAt, readAt) };
}
