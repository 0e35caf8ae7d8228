import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { MalformedAnswerError, NetworkError } from '@/lib/api/errors';
import { reportCall, stopCall } from '@/entrypoints/background/calls/stop-and-report';
import { apiError, connected, makeCtx, resetBrowser, startedCall, type TestCtx } from '@/test/unit/background/helpers';

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
    await expect(stopCall(ctx, 'run_1')).rejects.toMatchObject({
      error: { code: 'invalid_state', message: expect.stringMatching(/Try again in a moment/) },
    });
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

describe('stop and report: an answer that says nothing about the outcome', () => {
  // The site may have acted (an unreadable 2xx), is still acting on this key (409 idempotency_in_progress:
  // "resend with the same key"), or failed on its side: the member's next click is the same request again.
  const unknownOutcomes = [
    ['an unreadable answer', () => new MalformedAnswerError(200, 'not_json')],
    ['409 idempotency_in_progress', () => apiError(409, 'idempotency_in_progress')],
    ['500 server_error', () => apiError(500, 'server_error')],
  ] as const;

  it.each(unknownOutcomes)('stop after %s: the next click resends with the same key', async (_what, failure) => {
    ctx.api.stopCall.mockRejectedValueOnce(failure());
    await expect(stopCall(ctx, 'run_1')).rejects.toBeTruthy();
    ctx.api.stopCall.mockResolvedValueOnce({ runId: 'run_1', stopped: true });
    await stopCall(ctx, 'run_1');
    const [k1, k2] = ctx.api.stopCall.mock.calls.map((c) => c[1]?.idempotencyKey);
    expect(k2).toBe(k1);
  });

  it.each(unknownOutcomes)('report after %s: the same report again goes with the same key', async (_what, failure) => {
    const report = { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'outdated', reason: 'old version' } as const;
    ctx.api.reportCall.mockRejectedValueOnce(failure());
    await expect(reportCall(ctx, report)).rejects.toBeTruthy();
    ctx.api.reportCall.mockResolvedValueOnce({ verdict: 'did_not_help', reasonKind: 'outdated', recorded: true });
    await reportCall(ctx, report);
    const [k1, k2] = ctx.api.reportCall.mock.calls.map((c) => c[2]?.idempotencyKey);
    expect(k2).toBe(k1);
  });

  it('a different report after no answer is a different request: a new key', async () => {
    ctx.api.reportCall.mockRejectedValueOnce(new NetworkError(false));
    await expect(
      reportCall(ctx, { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'outdated', reason: null }),
    ).rejects.toBeTruthy();
    ctx.api.reportCall.mockResolvedValueOnce({ verdict: 'did_not_help', reasonKind: 'wrong', recorded: true });
    await reportCall(ctx, { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'wrong', reason: null });
    const [k1, k2] = ctx.api.reportCall.mock.calls.map((c) => c[2]?.idempotencyKey);
    expect(k2).not.toBe(k1);
  });
});

describe('report', () => {
  it('the first report stands: a later one answers what was recorded without sending', async () => {
    ctx.api.reportCall.mockResolvedValueOnce({ verdict: 'did_not_help', reasonKind: 'outdated', recorded: true });
    const first = await reportCall(ctx, {
      runId: 'run_1',
      verdict: 'did_not_help',
      reasonKind: 'outdated',
      reason: 'old version',
    });
    expect(first.recorded).toMatchObject({ verdict: 'did_not_help', reasonKind: 'outdated' });
    expect(ctx.api.reportCall).toHaveBeenCalledWith(
      'run_1',
      { verdict: 'did_not_help', reasonKind: 'outdated', reason: 'old version' },
      { idempotencyKey: expect.any(String) },
    );
    const second = await reportCall(ctx, {
      runId: 'run_1',
      verdict: 'did_not_help',
      reasonKind: 'wrong',
      reason: null,
    });
    expect(second.recorded).toMatchObject({ reasonKind: 'outdated' });
    expect(ctx.api.reportCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.calls.get('c1'))?.report?.recorded).toMatchObject({ reasonKind: 'outdated' });
  });

  it('a reason that looks like it holds a secret is refused in words, neither sent nor stored', async () => {
    // Assembled at run time so that no scanner mistakes this file for a leak.
    const token = ['ghp_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('');
    await expect(
      reportCall(ctx, { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'wrong', reason: `use ${token}` }),
    ).rejects.toMatchObject({
      error: { code: 'local_secret_found', extras: { fields: ['reason'], found: ['a GitHub token'] } },
    });
    expect(ctx.api.reportCall).not.toHaveBeenCalled();
    const row = await ctx.db.calls.get('c1');
    expect(row?.report ?? null).toBeNull();
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('an unknown call is refused without a request', async () => {
    await expect(
      reportCall(ctx, { runId: 'nope', verdict: 'did_not_help', reasonKind: 'wrong', reason: null }),
    ).rejects.toMatchObject({
      error: { code: 'not_found' },
    });
    expect(ctx.api.reportCall).not.toHaveBeenCalled();
  });
});
