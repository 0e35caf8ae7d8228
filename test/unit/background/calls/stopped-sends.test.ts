/**
 * Issue 55 point 5: no call stays "Sending…" for good. A worker is stopped at each wait of a start in turn
 * (every read and write of IndexedDB, and the POST itself, which reaches the site and is never answered): its
 * open transaction is lost, as a stopped worker's is, and nothing after that wait ever runs. Then a new worker
 * (another workerId) runs its normal jobs, its start-up recovery either after the stop or before it (a worker
 * still stopping while the next one starts). The call must end started on the site once, every POST with the
 * same Idempotency-Key, or, if the click stored nothing, never reach the site; never left `sending`. And a send
 * whose failure the background cannot note (a full disk) is not turned into a refusal: it goes again, same key.
 */
import 'fake-indexeddb/auto';
import type { DBCore, DBCoreTable } from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/lib/api/errors';
import type { StartCallRequest } from '@/lib/contract/calls';
import { AppDb } from '@/lib/db';
import { recoverInterruptedSends, sendDue, startCall } from '@/entrypoints/background/calls/outbox';
import {
  apiError,
  connected,
  makeCtx,
  nextWakeAt,
  resetBrowser,
  runDueJobs,
  started,
  type TestCtx,
} from '@/test/unit/background/helpers';

const REQUEST: StartCallRequest = { agentId: 'ag_1', callId: 'question', question: 'Which version of postgres?' };
const LOCAL = '0b6a3c55-2f6e-4c1d-9a0e-7d9b1f2c3e4a';

const never = <T>() => new Promise<T>(() => undefined);

/** Counts a worker's waits; at the `stopAt`-th the worker stops: that wait and every later one never return. */
class Stop {
  waits = 0;
  stopped = false;
  readonly reached: Promise<void>;
  #reach: () => void = () => undefined;
  constructor(readonly stopAt: number) {
    this.reached = new Promise((resolve) => {
      this.#reach = resolve;
    });
  }
  /** Whether this wait is where the worker stops (or it stopped already). */
  stopsHere(onStop: () => void = () => undefined): boolean {
    if (this.stopped) return true;
    this.waits++;
    if (this.waits !== this.stopAt) return false;
    this.stopped = true;
    onStop();
    this.#reach();
    return true;
  }
}

/** The same database as the new worker's, opened by the worker that stops: each request is one wait. */
function stoppingDb(name: string, stop: Stop): AppDb {
  const db = new AppDb(name);
  db.use({
    stack: 'dbcore',
    name: 'stopping-worker',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (tableName: string): DBCoreTable => {
        const table = down.table(tableName);
        const gate =
          <R extends { trans: unknown }, T>(op: (req: R) => Promise<T>) =>
          (req: R): Promise<T> => {
            // A stopped worker's open transaction never commits: it is aborted, as the browser does.
            const abort = () => {
              try {
                (req.trans as IDBTransaction).abort();
              } catch {
                // Already finished.
              }
            };
            return stop.stopsHere(abort) ? never<T>() : op(req);
          };
        return {
          ...table,
          get: gate(table.get.bind(table)),
          getMany: gate(table.getMany.bind(table)),
          query: gate(table.query.bind(table)),
          openCursor: gate(table.openCursor.bind(table)),
          count: gate(table.count.bind(table)),
          mutate: gate(table.mutate.bind(table)),
        };
      },
    }),
  });
  return db;
}

/** The site: one run per key, whichever send of it arrives; optionally a 429 to the first POST. */
function fakeSite(first: 'started' | 'rate_limited') {
  const runs = new Map<string, string>();
  const posts: string[] = [];
  let paused = first === 'rate_limited';
  const answer = async (key: string) => {
    posts.push(key);
    if (paused) {
      paused = false;
      throw apiError(429, 'rate_limited', { retryAfterSeconds: 5 });
    }
    if (!runs.has(key)) runs.set(key, `run_${runs.size + 1}`);
    return started(runs.get(key) ?? '', 'ses_1');
  };
  return { runs, posts, answer };
}

type Recovery = 'after the stop' | 'before the stop';

/** One click in a worker that stops at its `stopAt`-th wait, then the next worker's normal jobs. */
async function stopAt(stopAt: number, first: 'started' | 'rate_limited', recovery: Recovery) {
  resetBrowser();
  const name = `test-${crypto.randomUUID()}`;
  const site = fakeSite(first);
  const next = makeCtx(new AppDb(name));
  await connected(next);
  const stop = new Stop(stopAt);
  const old: TestCtx = makeCtx(stoppingDb(name, stop));
  old.api.startCall.mockImplementation(async (_body, options) => {
    const key = options?.idempotencyKey ?? '';
    // The POST reaches the site, and its answer never comes back to the stopped worker.
    if (stop.stopsHere()) {
      await site.answer(key).catch(() => undefined);
      return never();
    }
    return site.answer(key);
  });
  next.api.startCall.mockImplementation(async (_body, options) => site.answer(options?.idempotencyKey ?? ''));
  // The next worker started while this one was still stopping: its start-up recovery has run already.
  if (recovery === 'before the stop') await recoverInterruptedSends(next);
  const click = startCall(old, { localId: LOCAL, request: REQUEST }).catch(() => undefined);
  const finished = await Promise.race([click.then(() => true), stop.reached.then(() => false)]);
  if (recovery === 'after the stop') await recoverInterruptedSends(next);
  for (let round = 0; round < 20; round++) {
    const row = await next.db.calls.get(LOCAL);
    if (row && row.state !== 'outbox' && row.state !== 'sending') break;
    const at = await nextWakeAt(next);
    if (at === null) break;
    next.clock.now = Math.max(next.clock.now, at);
    await runDueJobs(next);
  }
  return { row: await next.db.calls.get(LOCAL), site, finished, waits: stop.waits };
}

beforeEach(() => {
  resetBrowser();
});

describe.each([
  ['the site starts it', 'started'],
  ['the site first answers 429', 'rate_limited'],
] as const)('a worker stopped at each wait of a start (%s)', (_title, first) => {
  it.each(['after the stop', 'before the stop'] as const)(
    'with the next worker’s recovery %s, the call ends sent once with its key, never left sending',
    async (recovery) => {
      // Every wait of an uninterrupted start, then a stop at each of them in turn.
      const whole = await stopAt(Number.POSITIVE_INFINITY, first, recovery);
      expect(whole.finished).toBe(true);
      expect(whole.row?.state).toBe('started');
      for (let n = 1; n <= whole.waits + 1; n++) {
        const { row, site } = await stopAt(n, first, recovery);
        const where = `stopped at wait ${n} of ${whole.waits}`;
        if (!row) {
          // The click stored nothing: nothing reached the site (the panel's next click is the same intent).
          expect(site.posts, where).toEqual([]);
          continue;
        }
        expect({ where, state: row.state }).toEqual({ where, state: 'started' });
        expect(site.runs.size, where).toBe(1);
        expect(new Set(site.posts), where).toEqual(new Set([row.idempotencyKey]));
        expect(row.runId, where).toBe('run_1');
      }
    },
  );
});

describe('a send whose failure cannot be noted (a full disk)', () => {
  it.each([
    ['its answer was lost', () => new NetworkError(false)],
    ['the site answered 429', () => apiError(429, 'rate_limited', { retryAfterSeconds: 5 })],
  ])('goes back to the outbox with its key when %s, never ends refused', async (_title, failure) => {
    const ctx = makeCtx();
    await connected(ctx);
    ctx.api.startCall.mockRejectedValueOnce(failure());
    // The background's note of it (offline, or the site's pause) is refused by the disk.
    vi.spyOn(ctx.db.ui, 'put').mockRejectedValue(new Error('QuotaExceededError'));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    const row = await ctx.db.calls.get(LOCAL);
    expect(row).toMatchObject({ state: 'outbox', attempts: 1 });
    ctx.clock.now = row?.nextSendAt ?? ctx.clock.now;
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    await sendDue(ctx);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('started');
    const keys = new Set(ctx.api.startCall.mock.calls.map((c) => c[1]?.idempotencyKey));
    expect(keys).toEqual(new Set([row?.idempotencyKey]));
  });
});
