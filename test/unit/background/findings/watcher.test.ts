import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Finding } from '@/lib/contract/findings';
import { DAY_MS } from '@/lib/time';
import {
  ensureFindingsWatch,
  FINDINGS_JOB,
  findingsWatchWanted,
  WATCH_IDLE_MS,
  WATCH_SOON_MS,
  watchFindings,
} from '@/entrypoints/background/findings/watcher';
import { onNotificationClicked } from '@/entrypoints/background/platform/notification-click';
import { findingsJob } from '@/entrypoints/background/findings/job';
import { jobTime } from '@/entrypoints/background/core/job-times';
import { setSettings } from '@/entrypoints/background/options/settings';
import { finding } from '@/test/unit/findings/fixtures';
import {
  apiError,
  connected,
  makeCtx,
  me,
  ORIGIN,
  resetBrowser,
  result,
  startedCall,
  type TestCtx,
  runDueJobs,
} from '@/test/unit/background/helpers';

const spyCreate = () => vi.spyOn(fakeBrowser.notifications, 'create');
let ctx: TestCtx;
let create: ReturnType<typeof spyCreate>;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
  create = spyCreate();
});

// Created a day before the test's clock: 29 days left in its draft.
const created = (daysAgo: number) => new Date(ctx.clock.now - daysAgo * DAY_MS).toISOString();
const inDraft = (id: string, draftId: string, daysAgo = 1): Finding =>
  finding(id, { draftId, signOffUrl: `${ORIGIN}/findings/drafts/${draftId}`, createdAt: created(daysAgo) });
const answer = (...findings: Finding[]) => ctx.api.listFindings.mockResolvedValue({ findings });

/** The watch's next read (it was the findings alarm's time before the job registry). */
async function alarmAt(): Promise<number | undefined> {
  return (await jobTime(FINDINGS_JOB)) ?? undefined;
}

describe('findings watcher', () => {
  it('raises one notification per draft newly waiting, however many findings it holds or gains', async () => {
    answer(
      inDraft('f1', 'd1'),
      inDraft('f2', 'd1'),
      finding('f3', { status: 'checking', draftId: null, signOffUrl: null }),
    );
    expect(await watchFindings(ctx)).toEqual({ count: 3 });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0]).toBe('findings-draft:d1:waiting');
    // A finding being checked: read again in a minute.
    expect(await alarmAt()).toBe(ctx.clock.now + WATCH_SOON_MS);

    answer(inDraft('f1', 'd1'), inDraft('f2', 'd1'), inDraft('f3', 'd1'));
    ctx.clock.now += WATCH_SOON_MS;
    await watchFindings(ctx);
    expect(create).toHaveBeenCalledTimes(1);
    expect(await alarmAt()).toBe(ctx.clock.now + WATCH_IDLE_MS);
    expect(await ctx.db.findings.count()).toBe(3);
  });

  it('a second draft gets its own notification; never again after a worker restart', async () => {
    answer(inDraft('f1', 'd1'));
    await watchFindings(ctx);
    // A minute later (within it, the second would wait for the minute's summary: lib/notify/pace).
    ctx.clock.now += 60_000;
    answer(inDraft('f1', 'd1'), inDraft('f9', 'd2'));
    await watchFindings(ctx);
    // A new worker over the same database reads the same drafts.
    const restarted = makeCtx(ctx.db);
    restarted.api.listFindings.mockResolvedValue({ findings: [inDraft('f1', 'd1'), inDraft('f9', 'd2')] });
    await watchFindings(restarted);
    expect(create.mock.calls.map((c) => c[0])).toEqual(['findings-draft:d1:waiting', 'findings-draft:d2:waiting']);
  });

  it('reminds once a few days before a draft expires, and forgets a draft once signed off', async () => {
    answer(inDraft('f1', 'd1', 20));
    await watchFindings(ctx);
    ctx.clock.now += 8 * DAY_MS; // 2 days left: inside the default 3-day window
    await watchFindings(ctx);
    ctx.clock.now += 60 * 60 * 1000;
    await watchFindings(ctx);
    expect(create.mock.calls.map((c) => c[0])).toEqual(['findings-draft:d1:waiting', 'findings-draft:d1:expiring']);
    const texts = create.mock.calls.map((c) => (c as unknown[])[1] as { message: string });
    expect(texts[1]?.message).toMatch(/About 2 days left/);
    // Signed off: it joined, and the ledger lets the draft id go.
    answer(finding('f1', { status: 'joined', draftId: null, signOffUrl: null, filedWith: null }));
    await watchFindings(ctx);
    expect(await ctx.db.notifications.where('eventKey').startsWith('findings-draft:').count()).toBe(0);
  });

  it('respects the options: no sign-off notices, reminders later or never', async () => {
    await setSettings(ctx, {
      notify: { callFinished: true, approvals: true, findingsSignOff: false, findingsReminder: false },
    });
    answer(inDraft('f1', 'd1', 29));
    await watchFindings(ctx);
    expect(create).not.toHaveBeenCalled();
    // Switching on later does not raise what was already seen.
    await setSettings(ctx, {
      notify: { callFinished: true, approvals: true, findingsSignOff: true, findingsReminder: true },
    });
    await watchFindings(ctx);
    expect(create.mock.calls.map((c) => c[0])).toEqual(['findings-draft:d1:expiring']);
  });

  it('the notification’s text is the extension’s own, and a click opens the sign-off page on the site only', async () => {
    answer(
      inDraft('f1', 'd1'),
      finding('f2', {
        draftId: 'd2',
        signOffUrl: 'https://evil.example/findings/drafts/d2',
        untrustedTopic: { untrustedText: 'run curl | sh', truncated: false },
      }),
    );
    await watchFindings(ctx);
    expect(JSON.stringify(create.mock.calls)).not.toContain('curl');
    const tabs = vi.spyOn(fakeBrowser.tabs, 'create');
    await onNotificationClicked(ctx, 'findings-draft:d1:waiting');
    expect(tabs).toHaveBeenCalledWith({ url: `${ORIGIN}/findings/drafts/d1` });
    tabs.mockClear();
    await onNotificationClicked(ctx, 'findings-draft:d2:waiting');
    expect(tabs).not.toHaveBeenCalledWith({ url: 'https://evil.example/findings/drafts/d2' });
  });

  it('stops when findings are not readable (not kept, session key), keeps going after a network failure', async () => {
    answer();
    await watchFindings(ctx);
    expect(await alarmAt()).toBeDefined();
    ctx.api.listFindings.mockRejectedValueOnce(apiError(503, 'not_available', { reason: 'findings_not_kept' }));
    await findingsJob.run(ctx);
    expect(await alarmAt()).toBeUndefined();
    ctx.api.listFindings.mockRejectedValueOnce(new TypeError('fetch failed'));
    await findingsJob.run(ctx);
    expect(await alarmAt()).toBe(ctx.clock.now + WATCH_IDLE_MS);
  });
});

describe('when the watcher runs', () => {
  it('only while the member keeps findings through a key that is not session-scoped', async () => {
    const conn = await ctx.db.connection.get('current');
    expect(findingsWatchWanted(conn)).toBe(true);
    expect(findingsWatchWanted(conn && { ...conn, me: me({ keepsFindings: null }) })).toBe(false);
    expect(findingsWatchWanted(conn && { ...conn, me: me({ keepsFindings: false }) })).toBe(false);
    expect(findingsWatchWanted(conn && { ...conn, sessionId: 's1' })).toBe(false);
    expect(findingsWatchWanted(conn && { ...conn, status: 'revoked' })).toBe(false);
    expect(findingsWatchWanted(undefined)).toBe(false);
  });

  it('arms hourly, comes forward a minute after a call ends, and is cleared when not wanted', async () => {
    await ensureFindingsWatch(ctx);
    expect(await alarmAt()).toBe(ctx.clock.now + WATCH_IDLE_MS);
    // A wake that polled a call to its end.
    const row = await startedCall(ctx, 'c1', 'run_1', 's1');
    ctx.api.getCall.mockResolvedValue(result('run_1', 's1', 'passed'));
    ctx.clock.now += 1000;
    await runDueJobs(ctx);
    expect((await ctx.db.calls.get(row.localId))?.state).toBe('finished');
    expect(await alarmAt()).toBe(ctx.clock.now + WATCH_SOON_MS);
    // After a read, the next wake leaves it at its idle pace.
    ctx.clock.now += 1000;
    answer();
    await watchFindings(ctx);
    await runDueJobs(ctx);
    expect(await alarmAt()).toBe(ctx.clock.now + WATCH_IDLE_MS);
    await ctx.db.connection.update('current', { me: me({ keepsFindings: false }) });
    await ensureFindingsWatch(ctx);
    expect(await alarmAt()).toBeUndefined();
  });
});
