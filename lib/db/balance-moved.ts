/**
 * When the member's balance last moved by a call this browser knows of, to tell a GET /me read before it from
 * one read after: a 202 holds the call's limit (its row's startedAt), and its end gives the hold back and
 * charges what passed (finishedAt, when this browser saw it end). The worker reads GET /me again when the last
 * read is older (calls/balance); the panel never shows an older read as the balance now.
 */
import type { AppDb } from './db';
import type { PanelQuery } from './first-read';
import type { CallRow } from './tables/calls';

/**
 * The newest calls looked at (by the createdAt index, one page): a call that moved the balance after the last
 * read is one of the latest the member started, and a whole-table walk would cost the first screen its paint.
 */
const RECENT_CALLS = 50;

type Moved = Pick<CallRow, 'runId' | 'startedAt' | 'finishedAt'>;

/** The latest moment one of these calls moved the balance (epoch ms), null when none did. */
export function lastMoveOf(calls: readonly Moved[]): number | null {
  let last: number | null = null;
  for (const call of calls) {
    // Only a call the site accepted (a 202 gave it a runId) held or charged anything.
    if (call.runId === null) continue;
    for (const at of [call.startedAt, call.finishedAt]) {
      const ms = at ? Date.parse(at) : Number.NaN;
      if (!Number.isNaN(ms) && (last === null || ms > last)) last = ms;
    }
  }
  return last;
}

export function balanceMovedAt(db: AppDb): Promise<number | null> {
  return db.calls.orderBy('createdAt').reverse().limit(RECENT_CALLS).toArray().then(lastMoveOf);
}

export const balanceMovedQuery: PanelQuery<[], number | null> = {
  live: (db) => balanceMovedAt(db),
  raw: () => async (r) => lastMoveOf(await r.newest<CallRow>('calls', 'createdAt', RECENT_CALLS)),
};

/** Whether GET /me was read (at `meAt`) before the balance last moved, or never: its figures are not the balance now. */
export function meBehind(meAt: string | null, movedAt: number | null): boolean {
  if (movedAt === null) return false;
  const read = meAt === null ? Number.NaN : Date.parse(meAt);
  return Number.isNaN(read) || read < movedAt;
}
