import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppDb } from '@/lib/db';
import { isNewerDatabase, isStorageFull } from '@/lib/db/storage-errors';
import { STORAGE_FULL_SESSION_KEY } from '@/lib/protocol/handoffs';
import { buildHandlers } from '@/entrypoints/background/handlers';
import { KEY_STORAGE_KEY, moveKey, readKey } from '@/entrypoints/background/core/key-store';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { cutQuota, installLocalStorageFault, installQuotaFault } from '@/entrypoints/background/e2e/quota-fault';
import { JOBS_ALARM, Scheduler } from '@/entrypoints/background/core/jobs';
import { STORAGE_FULL_RETRY_MS, storageHasRoom } from '@/entrypoints/background/core/storage-full';
import { NOTIFY_WINDOW_MS } from '@/lib/notify/pace';
import {
  connected,
  makeCtx,
  WAKE_JOBS,
  resetBrowser,
  result,
  startedCall,
  type TestCtx,
  nextWakeAt,
} from '@/test/unit/background/helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  cutQuota(false);
  await storageHasRoom();
  const db = new AppDb(`test-${crypto.randomUUID()}`);
  installQuotaFault(db);
  ctx = makeCtx(db);
  await connected(ctx);
});
// Every scheduler made here is stopped after its test: a timer left running would wake its jobs in a later
// test file of the same worker, which shares the fake browser's storage.
const made: Scheduler[] = [];
afterEach(() => {
  cutQuota(false);
  for (const jobs of made.splice(0)) jobs.stop();
});

function scheduler(worker: TestCtx = ctx): Scheduler {
  const jobs = new Scheduler(worker, WAKE_JOBS);
  made.push(jobs);
  return jobs;
}

async function notified(): Promise<string[]> {
  return Object.keys(await fakeBrowser.notifications.getAll());
}

describe('a full disk', () => {
  it('is recognised through Dexie, an aborted transaction and Chrome’s storage.local words; nothing else is', async () => {
    cutQuota(true);
    const refused = await ctx.db.calls
      .put({ ...(await ctx.db.calls.toArray())[0]!, localId: 'x' })
      .catch((e: unknown) => e);
    expect(isStorageFull(refused)).toBe(true);
    const inTransaction = await ctx.db
      .transaction('rw', ctx.db.ui, () => ctx.db.ui.put({ key: 'k' } as never))
      .catch((e: unknown) => e);
    expect(isStorageFull(inTransaction)).toBe(true);
    expect(isStorageFull(new Error('Resource::kQuotaBytes quota exceeded'))).toBe(true);
    expect(isStorageFull(new Error('QUOTA_BYTES quota exceeded'))).toBe(true);
    for (const other of [
      new Error('Network down'),
      new DOMException('x', 'AbortError'),
      null,
      'QuotaExceededError',
      undefined,
    ]) {
      expect(isStorageFull(other)).toBe(false);
    }
    expect(isNewerDatabase(new DOMException('higher version', 'VersionError'))).toBe(true);
    expect(isNewerDatabase(refused)).toBe(false);
  });

  it('a call that ends while nothing can be cached is still read and told once; cached and never told again once there is room', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed'));
    ctx.clock.now += 1000;
    cutQuota(true);
    const jobs = scheduler();
    await jobs.run();
    expect(ctx.api.getCall).toHaveBeenCalledTimes(1);
    expect(await notified()).toEqual(['call:run_1:finished']);
    // The cache could not take it: still open there, and the panel is told the disk is full.
    expect((await ctx.db.calls.get('c1'))?.state).toBe('started');
    expect((await fakeBrowser.storage.session.get(STORAGE_FULL_SESSION_KEY))[STORAGE_FULL_SESSION_KEY]).toMatchObject({
      since: ctx.clock.now,
    });
    // No request loop: the next wake is a minute away, by the timer and the alarm.
    expect(await nextWakeAt(ctx)).toBe(ctx.clock.now + STORAGE_FULL_RETRY_MS);
    expect((await fakeBrowser.alarms.get(JOBS_ALARM))?.scheduledTime).toBeGreaterThanOrEqual(
      ctx.clock.now + STORAGE_FULL_RETRY_MS,
    );

    // Still full a minute later: read again, not told again.
    await fakeBrowser.notifications.clear('call:run_1:finished');
    ctx.clock.now += STORAGE_FULL_RETRY_MS;
    await jobs.run();
    expect(ctx.api.getCall).toHaveBeenCalledTimes(2);
    expect(await notified()).toEqual([]);

    // Room again: the next read caches it, the ledger has it told, nothing is told twice, the banner goes.
    cutQuota(false);
    ctx.clock.now += STORAGE_FULL_RETRY_MS;
    await jobs.run();
    jobs.stop();
    expect(await ctx.db.calls.get('c1')).toMatchObject({ state: 'finished', result: { status: 'passed' } });
    expect((await ctx.db.notifications.get('call:run_1:finished'))?.toldAt).not.toBeNull();
    expect(await notified()).toEqual([]);
    expect((await fakeBrowser.storage.session.get(STORAGE_FULL_SESSION_KEY))[STORAGE_FULL_SESSION_KEY]).toBeUndefined();
    expect(await nextWakeAt(ctx)).toBeNull();
  });

  it('a call told while nothing could be cached is not told again after an update or restart cleared storage.session', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'failed'));
    ctx.clock.now += 1000;
    cutQuota(true);
    await scheduler().run();
    expect(await notified()).toEqual(['call:run_1:finished']);
    await fakeBrowser.notifications.clear('call:run_1:finished');
    // The update: storage.session emptied, a new worker; the disk has room again.
    await fakeBrowser.storage.session.clear();
    await storageHasRoom();
    cutQuota(false);
    ctx.clock.now += STORAGE_FULL_RETRY_MS;
    const worker = makeCtx(ctx.db);
    worker.clock.now = ctx.clock.now;
    worker.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'failed'));
    await scheduler(worker).run();
    expect(worker.api.getCall).toHaveBeenCalled();
    expect((await ctx.db.calls.get('c1'))?.state).toBe('finished');
    expect(await notified()).toEqual([]);
    expect(await fakeBrowser.storage.local.get(null)).not.toHaveProperty('background.toldUncached');
  });

  it('calls that end in the same minute while even storage.local is full are each shown, not held in a pace that cannot be kept', async () => {
    installLocalStorageFault();
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_2');
    ctx.api.getCall.mockImplementation(async (runId: string) =>
      result(runId, runId === 'run_1' ? 'ses_1' : 'ses_2', runId === 'run_1' ? 'passed' : 'in_progress'),
    );
    ctx.clock.now += 1000;
    // The first ends with room to spare: shown, the minute's pace kept.
    const jobs = scheduler();
    await jobs.run();
    expect(await notified()).toEqual(['call:run_1:finished']);
    // The second ends in the same minute with the disk full: it cannot be held for the summary, so it is shown.
    ctx.api.getCall.mockImplementation(async (runId: string) => result(runId, 'ses_2', 'passed'));
    cutQuota(true);
    ctx.clock.now += 5000;
    await jobs.run();
    jobs.stop();
    expect((await notified()).sort()).toEqual(['call:run_1:finished', 'call:run_2:finished']);
  });

  it('a summary that falls due while storage.local is full is shown once, not again at every wake', async () => {
    installLocalStorageFault();
    const created = vi.spyOn(fakeBrowser.notifications, 'create');
    for (const n of [1, 2, 3]) await startedCall(ctx, `c${n}`, `run_${n}`, `ses_${n}`);
    ctx.api.getCall.mockImplementation(async (runId: string) =>
      result(runId, runId.replace('run', 'ses'), runId === 'run_1' ? 'passed' : 'in_progress'),
    );
    ctx.clock.now += 1000;
    const jobs = scheduler();
    await jobs.run();
    // Two more end in the same window: held for its summary.
    ctx.api.getCall.mockImplementation(async (runId: string) => result(runId, runId.replace('run', 'ses'), 'passed'));
    ctx.clock.now += 1000;
    await jobs.run();
    expect(await notified()).toEqual(['call:run_1:finished']);
    // The window is over while the disk is full: the summary is shown, and taken all the same.
    cutQuota(true);
    ctx.clock.now += NOTIFY_WINDOW_MS;
    await jobs.run();
    const summaries = () =>
      created.mock.calls.filter((args) => (args as unknown[])[0] === 'summary:call_finished').length;
    expect(summaries()).toBe(1);
    // Later wakes, the disk still full and then with room again, do not show it again.
    for (const step of [STORAGE_FULL_RETRY_MS, STORAGE_FULL_RETRY_MS]) {
      ctx.clock.now += step;
      await jobs.run();
    }
    cutQuota(false);
    ctx.clock.now += STORAGE_FULL_RETRY_MS;
    await jobs.run();
    jobs.stop();
    expect(summaries()).toBe(1);
  });

  it('says so in the member’s words, not as a bug', async () => {
    cutQuota(true);
    const refused = await ctx.db.ui.put({ key: 'k' } as never).catch((e: unknown) => e);
    expect(toMemberError(refused)).toMatchObject({
      code: 'storage_full',
      message: expect.stringContaining('storage is full'),
    });
    expect(toMemberError(new DOMException('newer', 'VersionError'))).toMatchObject({
      code: 'newer_database',
      nextStep: { kind: 'update_extension' },
    });
  });

  it('a refused storage.local write keeps the key where it was', async () => {
    installLocalStorageFault();
    await moveKey('session');
    cutQuota(true);
    await expect(moveKey('local')).rejects.toSatisfy(isStorageFull);
    expect(await readKey()).not.toBeNull();
    expect((await fakeBrowser.storage.session.get(KEY_STORAGE_KEY))[KEY_STORAGE_KEY]).toBeDefined();
    cutQuota(false);
    await moveKey('local');
    expect((await fakeBrowser.storage.local.get(KEY_STORAGE_KEY))[KEY_STORAGE_KEY]).toBeDefined();
  });

  it('“free space now” drops ended calls past the retention, keeps running ones, and lets the jobs write at once', async () => {
    await startedCall(ctx, 'running', 'run_1', 'ses_1');
    const old = await startedCall(ctx, 'old', 'run_2', 'ses_1');
    await ctx.db.calls.put({
      ...old,
      state: 'finished',
      createdAt: new Date(ctx.clock.now - 400 * 86_400_000).toISOString(),
    });
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'in_progress'));
    ctx.clock.now += 1000;
    cutQuota(true);
    await scheduler().run();
    expect(await nextWakeAt(ctx)).toBe(ctx.clock.now + STORAGE_FULL_RETRY_MS);
    const reschedule = vi.mocked(ctx.reschedule);
    reschedule.mockClear();
    const reply = await buildHandlers(ctx).freeSpace({});
    expect(reply.removed).toBe(1);
    expect((await ctx.db.calls.toCollection().primaryKeys()).sort()).toEqual(['running']);
    expect(reschedule).toHaveBeenCalled();
    expect(await nextWakeAt(ctx)).toBeLessThan(ctx.clock.now + STORAGE_FULL_RETRY_MS);
  });
});

describe('the site’s pause on a full disk', () => {
  it('holds when IndexedDB refuses to keep it: no request to the site before its end', async () => {
    const { pausedUntil, pauseUntil } = await import('@/entrypoints/background/core/status');
    cutQuota(true);
    const until = ctx.now() + 60_000;
    await pauseUntil(ctx, until).catch(() => undefined);
    expect(await ctx.db.ui.get('background').then((row) => row?.pausedUntil ?? null)).toBeNull();
    expect(await pausedUntil(ctx)).toBe(until);
    ctx.clock.now = until + 1;
    expect(await pausedUntil(ctx)).toBeNull();
  });
});
