import 'fake-indexeddb/auto';
import { sessionRow } from '@/lib/db/session-row';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CallRow, CallState } from '@/lib/db';
import { DAY_MS } from '@/lib/time';
import { readSettings } from '@/lib/settings';
import { clearCache, pruneCache } from '@/entrypoints/background/storage/cache';
import { pruneJob } from '@/entrypoints/background/storage/job';
import { notifyCallFinished } from '@/entrypoints/background/calls/notices';
import { setSettings } from '@/entrypoints/background/options/settings';
import { finding } from '@/test/unit/findings/fixtures';
import { session } from '@/test/unit/plan/fixtures';
import { connected, makeCtx, resetBrowser, result, startedCall, type TestCtx } from '@/test/unit/background/helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

async function call(
  localId: string,
  daysAgo: number,
  state: CallState,
  sessionId: string | null = null,
): Promise<CallRow> {
  const row = await startedCall(ctx, localId, `run_${localId}`, sessionId ?? `s_${localId}`);
  const at = new Date(ctx.clock.now - daysAgo * DAY_MS).toISOString();
  const next = { ...row, state, sessionId, createdAt: at };
  await ctx.db.calls.put(next);
  return next;
}

describe('pruning the cache', () => {
  it('drops ended calls past the age limit, keeps running ones, and sessions left without calls', async () => {
    await setSettings(ctx, { retention: { maxAgeDays: 30, maxCount: null } });
    await call('old', 40, 'finished', 's_old');
    await call('oldRunning', 40, 'started');
    await call('oldWaiting', 40, 'needs_approval');
    await call('fresh', 2, 'finished', 's_fresh');
    const old = new Date(ctx.clock.now - 40 * DAY_MS).toISOString();
    await ctx.db.sessions.bulkPut([
      sessionRow(session({ sessionId: 's_old', lastCallAt: old }), old),
      sessionRow(session({ sessionId: 's_fresh', lastCallAt: old }), old),
    ]);
    await ctx.db.plans.put({ sessionId: 's_old', plan: null, readAt: old });
    await ctx.db.answerDrafts.put({
      sessionId: 's_old',
      key: 'k',
      draft: { choice: null, optionKeys: [], own: '' },
      siteProblem: null,
      updatedAt: old,
    });
    await ctx.db.finds.add({
      requestId: 'r',
      text: 'x',
      cut: false,
      source: 'panel',
      status: 'done',
      agents: [],
      error: null,
      at: old,
      doneAt: old,
    });

    const removed = await pruneCache(ctx);
    expect((await ctx.db.calls.toArray()).map((c) => c.localId).sort()).toEqual(['fresh', 'oldRunning', 'oldWaiting']);
    // s_fresh still has a cached call: kept, though old itself.
    expect((await ctx.db.sessions.toArray()).map((s) => s.sessionId)).toEqual(['s_fresh']);
    expect(await ctx.db.plans.count()).toBe(0);
    expect(await ctx.db.answerDrafts.count()).toBe(0);
    expect(await ctx.db.finds.count()).toBe(0);
    expect(removed).toBe(3);
  });

  it('keeps at most the newest N calls', async () => {
    for (let i = 0; i < 5; i += 1) await call(`c${i}`, i, 'finished');
    await setSettings(ctx, { retention: { maxAgeDays: null, maxCount: 3 } });
    expect((await ctx.db.calls.toArray()).map((c) => c.localId).sort()).toEqual(['c0', 'c1', 'c2']);
  });

  it('never drops a call still in use, which still counts toward the newest N; a call just at the age limit stays', async () => {
    await call('a', 1, 'finished');
    await call('running', 0, 'started');
    await call('waiting', 300, 'needs_approval');
    await call('b', 2, 'finished');
    await call('c', 3, 'finished');
    await call('edge', 30, 'finished');
    await setSettings(ctx, { retention: { maxAgeDays: null, maxCount: 2 } });
    expect((await ctx.db.calls.toArray()).map((c) => c.localId).sort()).toEqual(['a', 'running', 'waiting']);
    await call('edge', 30, 'finished');
    await call('past', 31, 'finished');
    await setSettings(ctx, { retention: { maxAgeDays: 30, maxCount: null } });
    expect((await ctx.db.calls.toArray()).map((c) => c.localId).sort()).toEqual(['a', 'edge', 'running', 'waiting']);
  });

  it('drops nothing without limits', async () => {
    await call('ancient', 9999, 'finished');
    await setSettings(ctx, { retention: { maxAgeDays: null, maxCount: null } });
    expect(await pruneCache(ctx)).toBe(0);
    expect(await ctx.db.calls.count()).toBe(1);
  });

  it('runs daily as its own job, the first a day after the first start', async () => {
    const first = await pruneJob.dueAt(ctx);
    expect(first).toBe(ctx.clock.now + 24 * 60 * 60_000);
    // Asked again, the same time: one prune, not one per wake.
    expect(await pruneJob.dueAt(ctx)).toBe(first);
    ctx.clock.now = first ?? 0;
    await pruneJob.run(ctx);
    expect(await pruneJob.dueAt(ctx)).toBe(ctx.clock.now + 24 * 60 * 60_000);
  });
});

describe('clearing the cache', () => {
  it('clears results read from the site; running calls, drafts, settings and the ledger stay', async () => {
    await call('done', 1, 'finished');
    await call('running', 1, 'started');
    await call('unsent', 1, 'unsent');
    await ctx.db.sessions.put(sessionRow(session(), 'x'));
    await ctx.db.findings.put({ findingId: 'f1', finding: finding('f1'), readAt: 'x' });
    await ctx.db.textDrafts.put({ id: 'revise:s1', text: 'keep me', updatedAt: 'x' });
    await setSettings(ctx, { reminderDaysBefore: 5 });
    await ctx.db.notifications.put({
      eventKey: 'e',
      notificationId: 'e',
      kind: 'call_finished',
      localId: null,
      url: null,
      raisedAt: 'x',
      clickedAt: null,
    });
    expect(await clearCache(ctx)).toBe(3);
    expect((await ctx.db.calls.toArray()).map((c) => c.localId).sort()).toEqual(['running', 'unsent']);
    expect(await ctx.db.sessions.count()).toBe(0);
    expect(await ctx.db.findings.count()).toBe(0);
    expect(await ctx.db.textDrafts.count()).toBe(1);
    expect(await ctx.db.notifications.count()).toBe(1);
    expect((await readSettings(ctx.db)).reminderDaysBefore).toBe(5);
  });
});

describe('settings', () => {
  it('read as defaults until set, one row per key', async () => {
    const fresh = await readSettings(ctx.db);
    expect(fresh.notify).toEqual({
      callFinished: true,
      approvals: true,
      findingsSignOff: true,
      findingsReminder: true,
    });
    expect(fresh.retention).toEqual({ maxAgeDays: 180, maxCount: 10_000 });
    await setSettings(ctx, { reminderDaysBefore: null });
    expect((await readSettings(ctx.db)).reminderDaysBefore).toBeNull();
    expect(await ctx.db.settings.count()).toBe(1);
  });

  it('a switched-off kind of notification is recorded but not shown', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await setSettings(ctx, {
      notify: { callFinished: false, approvals: true, findingsSignOff: true, findingsReminder: true },
    });
    const row = await startedCall(ctx, 'c1', 'run_1', 's1');
    expect(await notifyCallFinished(ctx, { ...row, result: result('run_1', 's1', 'passed') })).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect(await ctx.db.notifications.get('call:run_1:finished')).toBeDefined();
  });
});
