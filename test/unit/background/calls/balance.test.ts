// Balances that agree (issue 55 point 7): after a 202 and after any end, GET /me is read again, once.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { StartCallRequest } from '@/lib/contract/calls';
import { callsHandlers } from '@/entrypoints/background/calls/handlers';
import { callsJob } from '@/entrypoints/background/calls/job';
import { startCall } from '@/entrypoints/background/calls/outbox';
import { pollDue } from '@/entrypoints/background/calls/poller';
import { pauseUntil } from '@/entrypoints/background/core/status';
import {
  connected,
  makeCtx,
  me,
  result,
  resetBrowser,
  started,
  startedCall,
  type TestCtx,
} from '@/test/unit/background/helpers';

const REQUEST: StartCallRequest = { agentId: 'ag_1', callId: 'question', question: 'Which version of postgres?' };
const charge = (chargedCents: number) => ({
  chargedCents,
  runningCostMicros: chargedCents * 8_000,
  upchargeMicros: chargedCents * 2_000,
  usualCents: null,
  neverMoreThanCents: null,
  laterTriesNotCharged: 0,
});
const meWith = (spendableCents: number, spentInWindowCents: number) =>
  me({
    balance: { purchasedCents: 2000, earnedCents: 0, promoCents: 0, heldCents: 0, spendableCents },
    spentInWindowCents,
  });
const stored = async (ctx: TestCtx) => ctx.db.connection.get('current');

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
  ctx.clock.now += 1_000;
});

describe('the balance after calls', () => {
  it('two calls ending in one run (one passed, one failed) are one GET /me; the stored balance is the site’s', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_2');
    ctx.clock.now += 40_000;
    ctx.api.getCall.mockImplementation(async (runId: string) =>
      runId === 'run_1'
        ? result('run_1', 'ses_1', 'passed', { charge: charge(23) })
        : result('run_2', 'ses_2', 'failed'),
    );
    ctx.api.me.mockResolvedValue(meWith(1977, 23));
    await callsJob.run(ctx);
    expect(ctx.api.getCall).toHaveBeenCalledTimes(2);
    expect(ctx.api.me).toHaveBeenCalledTimes(1);
    expect(await stored(ctx)).toMatchObject({
      me: { balance: { spendableCents: 1977 }, spentInWindowCents: 23 },
      meAt: new Date(ctx.clock.now).toISOString(),
    });
    // Read after both ends: nothing more to read, however often the job runs.
    ctx.clock.now += 60_000;
    await callsJob.run(ctx);
    expect(ctx.api.me).toHaveBeenCalledTimes(1);
  });

  it('after a 202 the balance is read again (the hold), once, and again after the call ends', async () => {
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    ctx.api.me.mockResolvedValue(meWith(1500, 500));
    await startCall(ctx, { localId: 'c1', request: REQUEST });
    // The 202 came outside the job (the panel's click): the job's next run, paced with the poll, reads it.
    ctx.clock.now += 1_000;
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'in_progress'));
    await callsJob.run(ctx);
    expect(ctx.api.me).toHaveBeenCalledTimes(1);
    expect((await stored(ctx))?.me?.balance.spendableCents).toBe(1500);
    ctx.clock.now += 5_000;
    await callsJob.run(ctx);
    expect(ctx.api.me).toHaveBeenCalledTimes(1);
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed', { partial: true, charge: charge(23) }));
    ctx.api.me.mockResolvedValue(meWith(1977, 23));
    ctx.clock.now += 60_000;
    await callsJob.run(ctx);
    expect(ctx.api.me).toHaveBeenCalledTimes(2);
    expect((await stored(ctx))?.me?.balance.spendableCents).toBe(1977);
  });

  it('an end seen by a worker stopped before it read the balance is read by the next worker’s run', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.clock.now += 40_000;
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed', { charge: charge(23) }));
    await pollDue(ctx);
    expect((await ctx.db.calls.get('c1'))?.state).toBe('finished');
    const next = makeCtx(ctx.db);
    next.clock.now = ctx.clock.now + 1_000;
    next.api.me.mockResolvedValue(meWith(1977, 23));
    await callsJob.run(next);
    expect(next.api.me).toHaveBeenCalledTimes(1);
    expect((await stored(ctx))?.me?.balance.spendableCents).toBe(1977);
  });

  it('an end the member’s own “read it again” saw, outside the job, is followed by one read of the balance', async () => {
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.clock.now += 5_000;
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed', { charge: charge(23) }));
    ctx.api.me.mockResolvedValue(meWith(1977, 23));
    await callsHandlers(ctx).refreshCall({ localId: 'c1' });
    expect((await ctx.db.calls.get('c1'))?.state).toBe('finished');
    expect(ctx.api.me).toHaveBeenCalledTimes(1);
    expect((await stored(ctx))?.me?.balance.spendableCents).toBe(1977);
  });

  it('nothing is read while the site asked for a pause, nor with no call since the last read', async () => {
    await callsJob.run(ctx);
    expect(ctx.api.me).not.toHaveBeenCalled();
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await ctx.db.calls.update('c1', { nextPollAt: ctx.clock.now + 600_000 });
    await pauseUntil(ctx, ctx.clock.now + 30_000);
    await callsJob.run(ctx);
    expect(ctx.api.me).not.toHaveBeenCalled();
  });
});
