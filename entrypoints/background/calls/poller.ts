/**
 * Polls open calls: GET /calls/{runId} for a lone call, one GET /sessions/{id} for a session with several
 * open calls. The pace comes from lib/schedule (fast first, backing off), Retry-After and a site-wide pause
 * always win. Nothing is read while no call is open or the connection is not usable.
 */
import { sessionRow } from '@/lib/db/session-row';
import { ApiError } from '@/lib/api/errors';
import { type CallResult, OPEN_CALL_STATUSES } from '@/lib/contract/calls';
import { knownValue } from '@/lib/contract/tolerant';
import { type CallRow, getConnection } from '@/lib/db';
import { isStorageFull } from '@/lib/db/storage-errors';
import { nextPollAt, planReads } from '@/lib/schedule';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { notifyCallFinished } from './notices';
import { pausedUntil } from '@/entrypoints/background/core/status';
import { noteIfStorageFull } from '@/entrypoints/background/core/storage-full';
import { withApi } from '@/entrypoints/background/core/with-api';

function isOpen(result: CallResult): boolean {
  const status = knownValue(result.status);
  return status !== undefined && (OPEN_CALL_STATUSES as readonly string[]).includes(status);
}

/** Open calls of the current connection. */
async function openCalls(ctx: Ctx): Promise<CallRow[]> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return [];
  const rows = await ctx.db.calls.where('state').equals('started').toArray();
  return rows.filter((r) => r.connectionId === conn.connectionId && r.runId !== null);
}

/** What one poll saw: how many calls it found ended (the findings watcher reads soon after one ended). */
export interface PollOutcome {
  ended: number;
}

export async function pollDue(ctx: Ctx): Promise<PollOutcome> {
  let ended = 0;
  if ((await pausedUntil(ctx)) !== null) return { ended };
  const open = await openCalls(ctx);
  const reads = planReads(
    open.map((c) => ({
      localId: c.localId,
      runId: c.runId as string,
      sessionId: c.sessionId,
      nextPollAt: c.nextPollAt,
    })),
    ctx.now(),
  );
  // A full disk refuses the cache, not the reads: every due call is read (and an ended one told) before the
  // refusal goes up to the jobs.
  let refused: unknown = null;
  for (const read of reads) {
    try {
      if (read.kind === 'call') {
        const result = await withApi(ctx, (api) => api.getCall(read.runId));
        ended += await applyResults(ctx, [result], read.localIds, { asked: 'call' });
      } else {
        const session = await withApi(ctx, (api) => api.getSession(read.sessionId));
        await ctx.db.sessions.put(sessionRow(session, isoNow(ctx)));
        ended += await applyResults(ctx, session.results, read.localIds, { asked: 'session' });
      }
    } catch (err) {
      // A full disk is the jobs' business (storage-full), not this read's: nothing to note on the calls.
      if (isStorageFull(err)) {
        refused = err;
        continue;
      }
      ended += await readFailed(ctx, read.localIds, err);
      const conn = await getConnection(ctx.db);
      if (conn?.status !== 'connected') return { ended };
    }
  }
  if (refused !== null) throw refused;
  return { ended };
}

/**
 * What was read: GET /calls/{runId} answers about that one run, so an answer about another is the site's
 * mix-up (counted on the row, said after a few); a session's results may not list a call that just started.
 */
interface Read {
  asked: 'call' | 'session';
}

/**
 * Stores what was read for each call; a call that ended stops being polled and is notified once. Answers how
 * many ended and were cached. An answer about another run is never stored as this call's.
 */
export async function applyResults(
  ctx: Ctx,
  results: readonly CallResult[],
  localIds: readonly string[],
  { asked }: Read,
): Promise<number> {
  let ended = 0;
  let refused: unknown = null;
  for (const localId of localIds) {
    let finished: CallRow | null;
    try {
      finished = await ctx.db.transaction('rw', ctx.db.calls, async () => {
        const row = await ctx.db.calls.get(localId);
        if (row?.state !== 'started') return null;
        const result = results.find((r) => r.runId === row.runId);
        const now = ctx.now();
        const startedAt = row.startedAt ? Date.parse(row.startedAt) : now;
        if (!result) {
          // Read again at the same pace; a call's own read about another run counts toward saying so.
          await ctx.db.calls.update(localId, {
            nextPollAt: nextPollAt(now, startedAt, { expectedRunMs: row.expectedRunMs }),
            polls: row.polls + 1,
            ...(asked === 'call' ? { otherRunReads: (row.otherRunReads ?? 0) + 1 } : {}),
          });
          return null;
        }
        if (isOpen(result)) {
          await ctx.db.calls.update(localId, {
            result,
            otherRunReads: 0,
            resultReadAt: isoNow(ctx),
            nextPollAt: nextPollAt(now, startedAt, {
              expectedRunMs: row.expectedRunMs,
              checking: knownValue(result.status) === 'checking',
            }),
            polls: row.polls + 1,
            updatedAt: isoNow(ctx),
          });
          return null;
        }
        const done: CallRow = {
          ...row,
          result,
          otherRunReads: 0,
          resultReadAt: isoNow(ctx),
          state: 'finished',
          finishedAt: isoNow(ctx),
          nextPollAt: null,
          polls: row.polls + 1,
          updatedAt: isoNow(ctx),
        };
        await ctx.db.calls.put(done);
        return done;
      });
    } catch (err) {
      // The disk is full: a call that ended is told all the same (the site keeps it; it is cached once there
      // is room), and the refusal goes up so the jobs wait before they write again.
      if (!(await noteIfStorageFull(err, ctx.now()))) throw err;
      refused = err;
      const ended = await endedUncached(ctx, localId, results);
      if (ended) await notifyCallFinished(ctx, ended);
      continue;
    }
    if (finished) {
      ended++;
      await notifyCallFinished(ctx, finished);
    }
  }
  if (refused !== null) throw refused;
  return ended;
}

/** The call as it ended on the site, when the cache could not take it; null while it is still open. */
async function endedUncached(ctx: Ctx, localId: string, results: readonly CallResult[]): Promise<CallRow | null> {
  const row = await ctx.db.calls.get(localId);
  const result = results.find((r) => r.runId === row?.runId);
  if (row?.state !== 'started' || !result || isOpen(result)) return null;
  return { ...row, result, state: 'finished', finishedAt: isoNow(ctx), nextPollAt: null };
}

/** Notes a failed read on its calls; answers how many the site no longer shows (they end here). */
async function readFailed(ctx: Ctx, localIds: readonly string[], err: unknown): Promise<number> {
  let gone = 0;
  const now = ctx.now();
  const retryAfterMs = err instanceof ApiError && err.retryAfterSeconds !== null ? err.retryAfterSeconds * 1000 : null;
  const notFound = err instanceof ApiError && err.code === 'not_found';
  const paused = await pausedUntil(ctx);
  for (const localId of localIds) {
    const row = await ctx.db.calls.get(localId);
    if (row?.state !== 'started') continue;
    if (notFound) {
      // The site no longer shows it to this connection: stop polling, say so.
      await ctx.db.calls.update(localId, {
        state: 'finished',
        error: toMemberError(err),
        nextPollAt: null,
        finishedAt: isoNow(ctx),
        updatedAt: isoNow(ctx),
      });
      gone++;
      continue;
    }
    const startedAt = row.startedAt ? Date.parse(row.startedAt) : now;
    await ctx.db.calls.update(localId, {
      nextPollAt: nextPollAt(now, startedAt, { retryAfterMs, pausedUntil: paused, expectedRunMs: row.expectedRunMs }),
    });
  }
  return gone;
}

/** Read one call now (the member asked, e.g. its file links ran out). */
export async function refreshCall(ctx: Ctx, localId: string): Promise<void> {
  const row = await ctx.db.calls.get(localId);
  if (!row?.runId) return;
  const result = await withApi(ctx, (api) => api.getCall(row.runId as string));
  if (row.state === 'started') await applyResults(ctx, [result], [localId], { asked: 'call' });
  // An answer about another run is not this call's result: the one stored stays.
  else if (result.runId === row.runId)
    await ctx.db.calls.update(localId, { result, resultReadAt: isoNow(ctx), updatedAt: isoNow(ctx) });
  await ctx.reschedule();
}
