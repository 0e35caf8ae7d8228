import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Session } from '@/lib/contract/sessions';
import { NetworkError } from '@/lib/api/errors';
import { ALARM_MIN_DELAY_MS, nextPollAt } from '@/lib/schedule';
import { answersAboutAnotherRun, type CallRow, OTHER_RUN_READS_SAID } from '@/lib/db/tables/calls';
import { pollDue, refreshCall } from '@/entrypoints/background/calls/poller';
import { callsJob } from '@/entrypoints/background/calls/job';
import { JOBS_ALARM, Scheduler } from '@/entrypoints/background/core/jobs';
import {
  apiError,
  connected,
  makeCtx,
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

function session(sessionId: string, results: Session['results']): Session {
  return {
    sessionId,
    agentId: 'ag_1',
    untrustedAgentName: { untrustedText: 'Postgres', truncated: false },
    status: 'open',
    calls: results.length,
    chargedCents: 0,
    lastCallAt: null,
    untrustedMovedNote: null,
    startedByThisConnection: true,
    way: 'question',
    research: false,
    questions: null,
    results,
  };
}

describe('poller', () => {
  it('makes no request while no call is open', async () => {
    await pollDue(ctx);
    ctx.clock.now += 3_600_000;
    await pollDue(ctx);
    expect(ctx.apiFor).not.toHaveBeenCalled();
    expect(await nextWakeAt(ctx)).toBeNull();
  });

  it('reads a lone call on its pace until it ends, then notifies once', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'in_progress'));
    await pollDue(ctx);
    expect(ctx.api.getCall).not.toHaveBeenCalled();
    ctx.clock.now += 1000;
    await pollDue(ctx);
    expect(ctx.api.getCall).toHaveBeenCalledWith('run_1');
    expect((await ctx.db.calls.get('c1'))?.nextPollAt).toBe(ctx.clock.now + 1000);
    // Later in its life it is read less often.
    ctx.clock.now += 5 * 60_000;
    await pollDue(ctx);
    expect((await ctx.db.calls.get('c1'))?.nextPollAt).toBe(ctx.clock.now + 15_000);

    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed'));
    ctx.clock.now += 15_000;
    await pollDue(ctx);
    const row = await ctx.db.calls.get('c1');
    expect(row).toMatchObject({ state: 'finished', nextPollAt: null, result: { status: 'passed' } });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toEqual(['call:run_1:finished']);
    const calls = ctx.api.getCall.mock.calls.length;
    ctx.clock.now += 60_000;
    await pollDue(ctx);
    expect(ctx.api.getCall).toHaveBeenCalledTimes(calls);
    expect(await nextWakeAt(ctx)).toBeNull();
  });

  it('reads a session once for several open calls in it', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_1');
    ctx.api.getSession.mockResolvedValue(
      session('ses_1', [result('run_1', 'ses_1', 'passed'), result('run_2', 'ses_1', 'checking')]),
    );
    ctx.clock.now += 1000;
    await pollDue(ctx);
    expect(ctx.api.getSession).toHaveBeenCalledTimes(1);
    expect(ctx.api.getCall).not.toHaveBeenCalled();
    expect((await ctx.db.calls.get('c1'))?.state).toBe('finished');
    expect((await ctx.db.calls.get('c2'))?.state).toBe('started');
    expect(await ctx.db.sessions.get('ses_1')).toMatchObject({ session: { sessionId: 'ses_1' } });
  });

  it('says how many calls it saw end, for the findings watcher: ended on the site or gone from it', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_2');
    await startedCall(ctx, 'c3', 'run_3', 'ses_3');
    ctx.api.getCall.mockImplementation(async (runId: string) => {
      if (runId === 'run_2') throw apiError(404, 'not_found');
      return result(runId, runId === 'run_1' ? 'ses_1' : 'ses_3', runId === 'run_1' ? 'passed' : 'in_progress');
    });
    ctx.clock.now += 1000;
    expect(await pollDue(ctx)).toEqual({ ended: 2 });
    ctx.clock.now += 1000;
    expect(await pollDue(ctx)).toEqual({ ended: 0 });
  });

  it('says a call whose reads answer about another run after the set number of reads, at its pace, until a right one', async () => {
    const started = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const startedAt = Date.parse(started.startedAt as string);
    ctx.api.getCall.mockResolvedValue(result('run_9', 'ses_1', 'passed'));
    const read = async () => {
      ctx.clock.now = (await ctx.db.calls.get('c1'))?.nextPollAt as number;
      await pollDue(ctx);
      return (await ctx.db.calls.get('c1')) as CallRow;
    };
    for (let reads = 1; reads <= OTHER_RUN_READS_SAID; reads++) {
      const row = await read();
      // Never taken for this call's result; read again at the pace a running call is read at.
      expect(row).toMatchObject({ state: 'started', result: null });
      expect(row.nextPollAt).toBe(nextPollAt(ctx.clock.now, startedAt));
      expect(answersAboutAnotherRun(row)).toBe(reads >= OTHER_RUN_READS_SAID);
    }
    expect(ctx.api.getCall).toHaveBeenCalledTimes(OTHER_RUN_READS_SAID);
    expect(answersAboutAnotherRun(await read())).toBe(true);
    // A read about this run clears it.
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'in_progress'));
    const right = await read();
    expect(answersAboutAnotherRun(right)).toBe(false);
    expect(right.result?.runId).toBe('run_1');
    // Not in a row any more: said only after the set number again.
    ctx.api.getCall.mockResolvedValue(result('run_9', 'ses_1', 'passed'));
    for (let reads = 1; reads < OTHER_RUN_READS_SAID; reads++) expect(answersAboutAnotherRun(await read())).toBe(false);
    expect(answersAboutAnotherRun(await read())).toBe(true);
  });

  it('does not count a session read that lists a call not yet', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_1');
    ctx.api.getSession.mockResolvedValue(session('ses_1', []));
    for (let reads = 0; reads <= OTHER_RUN_READS_SAID; reads++) {
      ctx.clock.now += 60_000;
      await pollDue(ctx);
    }
    expect(ctx.api.getSession).toHaveBeenCalledTimes(OTHER_RUN_READS_SAID + 1);
    expect(answersAboutAnotherRun((await ctx.db.calls.get('c1')) as CallRow)).toBe(false);
  });

  it('keeps an ended call’s result when its read on request answers about another run', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed'));
    ctx.clock.now += 1000;
    await pollDue(ctx);
    ctx.api.getCall.mockResolvedValue(result('run_9', 'ses_1', 'failed'));
    await refreshCall(ctx, 'c1');
    expect((await ctx.db.calls.get('c1'))?.result).toMatchObject({ runId: 'run_1', status: 'passed' });
  });

  it('obeys Retry-After: no request before it passes', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockRejectedValueOnce(apiError(429, 'rate_limited', { retryAfterSeconds: 20 }));
    ctx.clock.now += 1000;
    await pollDue(ctx);
    const t = ctx.clock.now;
    expect((await ctx.db.calls.get('c1'))?.nextPollAt).toBe(t + 20_000);
    expect(await nextWakeAt(ctx)).toBe(t + 20_000);
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'in_progress'));
    ctx.clock.now = t + 19_999;
    await pollDue(ctx);
    expect(ctx.api.getCall).toHaveBeenCalledTimes(1);
    ctx.clock.now = t + 20_000;
    await pollDue(ctx);
    expect(ctx.api.getCall).toHaveBeenCalledTimes(2);
  });

  it('marks offline on a network failure and back online on the next answer', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockRejectedValueOnce(new NetworkError(false));
    ctx.clock.now += 1000;
    await pollDue(ctx);
    expect((await ctx.db.ui.get('background'))?.offline).toBe(true);
    expect((await ctx.db.calls.get('c1'))?.state).toBe('started');
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'in_progress'));
    ctx.clock.now += 60_000;
    await pollDue(ctx);
    expect((await ctx.db.ui.get('background'))?.offline).toBe(false);
  });
});

describe('scheduler', () => {
  it('sets a timer and an alarm at least 30 s away while a call is open, and clears both when none is', async () => {
    const real = makeCtx(ctx.db);
    real.clock.now = Date.now();
    const scheduler = new Scheduler(real, [callsJob]);
    await scheduler.reschedule();
    expect(await fakeBrowser.alarms.get(JOBS_ALARM)).toBeUndefined();
    await startedCall(real, 'c1', 'run_1', 'ses_1');
    await scheduler.reschedule();
    const alarm = await fakeBrowser.alarms.get(JOBS_ALARM);
    expect(alarm?.scheduledTime).toBe(real.clock.now + ALARM_MIN_DELAY_MS);
    await real.db.calls.update('c1', { state: 'finished', nextPollAt: null });
    await scheduler.reschedule();
    expect(await fakeBrowser.alarms.get(JOBS_ALARM)).toBeUndefined();
    scheduler.stop();
  });

  it('a wake after the worker was stopped runs the due jobs', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed'));
    ctx.clock.now += 40_000;
    // A fresh worker: new context over the same database, the alarm's handler runs the jobs.
    const worker = makeCtx(ctx.db);
    worker.clock.now = ctx.clock.now;
    worker.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed'));
    const scheduler = new Scheduler(worker, [callsJob]);
    await scheduler.run();
    expect(worker.api.getCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.calls.get('c1'))?.state).toBe('finished');
    scheduler.stop();
  });

  it('does not wake for calls of an earlier connection', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await ctx.db.calls.update('c1', { connectionId: 'con_old' });
    expect(await nextWakeAt(ctx)).toBeNull();
    ctx.clock.now += 60_000;
    await pollDue(ctx);
    expect(ctx.api.getCall).not.toHaveBeenCalled();
  });
});
