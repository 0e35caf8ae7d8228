import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../lib/api/errors';
import { reportCall, stopCall } from '../../../entrypoints/background/calls-control';
import { apiError, connected, makeCtx, resetBrowser, startedCall, type TestCtx } from './helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
  await startedCall(ctx, 'c1', 'run_1', 'ses_1');
});

describe('stop', () => {
  it('409 while checking says try again in a moment; the next click is a new intent', async () => {
    ctx.api.stopCall.mockRejectedValueOnce(apiError(409, 'invalid_state'));
    await expect(stopCall(ctx, 'run_1')).rejects.toMatchObject({ error: { code: 'invalid_state', message: expect.stringMatching(/Try again in a moment/) } });
    ctx.api.stopCall.mockResolvedValueOnce({ runId: 'run_1', stopped: true });
    expect(await stopCall(ctx, 'run_1')).toEqual({ stopped: true });
    const [k1, k2] = ctx.api.stopCall.mock.calls.map((c) => c[1]?.idempotencyKey);
    expect(k1).not.toBe(k2);
    const row = await ctx.db.calls.get('c1');
    expect(row?.stop).toMatchObject({ done: true, idempotencyKey: k2 });
    // Read soon: a stopped call hands in what it had.
    expect(row?.nextPollAt).toBe(ctx.clock.now);
  });

  it('after no answer, the next click resends with the same key', async () => {
    ctx.api.stopCall.mockRejectedValueOnce(new NetworkError(false));
    await expect(stopCall(ctx, 'run_1')).rejects.toMatchObject({ error: { code: 'offline' } });
    ctx.api.stopCall.mockResolvedValueOnce({ runId: 'run_1', stopped: true });
    await stopCall(ctx, 'run_1');
    const [k1, k2] = ctx.api.stopCall.mock.calls.map((c) => c[1]?.idempotencyKey);
    expect(k1).toBe(k2);
  });
});

describe('report', () => {
  it('the first report stands: a later one answers what was recorded without sending', async () => {
    ctx.api.reportCall.mockResolvedValueOnce({ verdict: 'did_not_help', reasonKind: 'outdated', recorded: true });
    const first = await reportCall(ctx, { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'outdated', reason: 'old version' });
    expect(first.recorded).toMatchObject({ verdict: 'did_not_help', reasonKind: 'outdated' });
    expect(ctx.api.reportCall).toHaveBeenCalledWith(
      'run_1',
      { verdict: 'did_not_help', reasonKind: 'outdated', reason: 'old version' },
      { idempotencyKey: expect.any(String) },
    );
    const second = await reportCall(ctx, { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'wrong', reason: null });
    expect(second.recorded).toMatchObject({ reasonKind: 'outdated' });
    expect(ctx.api.reportCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.calls.get('c1'))?.report?.recorded).toMatchObject({ reasonKind: 'outdated' });
  });

  it('an unknown call is refused without a request', async () => {
    await expect(reportCall(ctx, { runId: 'nope', verdict: 'did_not_help', reasonKind: 'wrong', reason: null })).rejects.toMatchObject({
      error: { code: 'not_found' },
    });
    expect(ctx.api.reportCall).not.toHaveBeenCalled();
  });
});
