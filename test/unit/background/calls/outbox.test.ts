import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/lib/api/errors';
import type { StartCallRequest } from '@/lib/contract/calls';
import {
  MAX_AUTO_SENDS,
  recoverInterruptedSends,
  retryCall,
  sendDue,
  startCall,
} from '@/entrypoints/background/calls/outbox';
import { refreshMe } from '@/entrypoints/background/connection/connect';
import { pauseUntil } from '@/entrypoints/background/core/status';
import {
  apiError,
  connected,
  makeCtx,
  resetBrowser,
  result,
  started,
  type TestCtx,
} from '@/test/unit/background/helpers';
import { memberErrorWords } from '@/lib/words/errors';

const REQUEST: StartCallRequest = { agentId: 'ag_1', callId: 'question', question: 'Which version of postgres?' };
const LOCAL = '6f1c2b7a-8d3e-4f5a-9b1c-2d3e4f5a6b7c';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

describe('outbox', () => {
  it('writes the request and its Idempotency-Key before sending', async () => {
    let seenAtSend: unknown;
    ctx.api.startCall.mockImplementation(async (body, opts) => {
      seenAtSend = await ctx.db.calls.get(LOCAL);
      expect(body).toEqual(REQUEST);
      expect(opts?.idempotencyKey).toBe((seenAtSend as { idempotencyKey: string }).idempotencyKey);
      return started('run_1', 'ses_1', 'Builders receive details.');
    });
    const reply = await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(reply).toEqual({ localId: LOCAL, state: 'started' });
    expect(seenAtSend).toMatchObject({ state: 'sending', request: REQUEST, attempts: 1 });
    const row = await ctx.db.calls.get(LOCAL);
    expect(row).toMatchObject({
      state: 'started',
      runId: 'run_1',
      sessionId: 'ses_1',
      holdCents: 500,
      privacyLine: 'Builders receive details.',
    });
    expect(row?.nextPollAt).toBe(ctx.clock.now + 1000);
    // G8: a 202's privacy line the member has not read yet is shown with the result.
    expect(await ctx.db.connection.get('current')).toMatchObject({
      privacyLine: 'Builders receive details.',
      privacyLineShown: false,
    });
  });

  it('does not tell again the privacy line the member read before the first call (G8)', async () => {
    const line = (await ctx.db.connection.get('current'))?.privacyLine ?? '';
    expect(line).not.toBe('');
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1', line));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(await ctx.db.connection.get('current')).toMatchObject({ privacyLine: line, privacyLineShown: true });
  });

  it('one click is one call: the same localId twice sends once', async () => {
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    const again = await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(again.state).toBe('started');
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
  });

  it('retries after a network failure with the same key, on its schedule', async () => {
    ctx.api.startCall.mockRejectedValueOnce(new NetworkError(false));
    const first = await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(first.state).toBe('outbox');
    const row = await ctx.db.calls.get(LOCAL);
    expect(row?.error?.code).toBe('offline');
    expect(row?.nextSendAt).toBeGreaterThan(ctx.clock.now);
    // Not before its time.
    await sendDue(ctx);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    ctx.clock.now = row?.nextSendAt ?? 0;
    ctx.api.startCall.mockResolvedValueOnce(started('run_1', 'ses_1'));
    await sendDue(ctx);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    const keys = ctx.api.startCall.mock.calls.map((c) => c[1]?.idempotencyKey);
    expect(keys[0]).toBe(row?.idempotencyKey);
    expect(keys[1]).toBe(row?.idempotencyKey);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('started');
  });

  it('a worker stopped mid-send resumes with the same key', async () => {
    // The worker died while POST /calls was in flight: the row is left in `sending`.
    ctx.api.startCall.mockImplementationOnce(() => new Promise(() => undefined));
    void startCall(ctx, { localId: LOCAL, request: REQUEST });
    await expect.poll(async () => (await ctx.db.calls.get(LOCAL))?.state).toBe('sending');
    const key = (await ctx.db.calls.get(LOCAL))?.idempotencyKey;
    // A new worker: same database, nothing in flight.
    const next = makeCtx(ctx.db);
    next.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    await recoverInterruptedSends(next);
    await sendDue(next);
    expect(next.api.startCall).toHaveBeenCalledTimes(1);
    expect(next.api.startCall.mock.calls[0]?.[1]?.idempotencyKey).toBe(key);
    expect((await next.db.calls.get(LOCAL))?.state).toBe('started');
  });

  it('a 202 that could not be recorded is never taken for a refusal: the same key goes again and brings it back', async () => {
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1', 'Builders receive details.'));
    // The site started the call; writing that down fails (here: the connection row's privacy line).
    vi.spyOn(ctx.db.connection, 'update').mockRejectedValueOnce(new Error('disk full'));
    // The reply is the row's state, not an error that invites a second click (a second call).
    expect(await startCall(ctx, { localId: LOCAL, request: REQUEST })).toEqual({ localId: LOCAL, state: 'sending' });
    const row = await ctx.db.calls.get(LOCAL);
    expect(row?.state).toBe('sending');
    // A retry now would be a new intent with a new key: a second call on the site.
    await expect(retryCall(ctx, LOCAL)).rejects.toMatchObject({ error: { code: 'not_retryable' } });
    // The next worker sends the stored request again with its key, and the site answers the same 202.
    const next = makeCtx(ctx.db);
    next.api.startCall.mockResolvedValue(started('run_1', 'ses_1', 'Builders receive details.'));
    await recoverInterruptedSends(next);
    await sendDue(next);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started', runId: 'run_1' });
    const keys = new Set(
      [...ctx.api.startCall.mock.calls, ...next.api.startCall.mock.calls].map((c) => c[1]?.idempotencyKey),
    );
    expect(keys).toEqual(new Set([row?.idempotencyKey]));
  });

  it('a 202 stands even when marking the site reachable again fails', async () => {
    await ctx.db.ui.put({
      key: 'background',
      offline: true,
      offlineSince: null,
      error: null,
      pausedUntil: null,
      updatedAt: '',
    });
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    vi.spyOn(ctx.db.ui, 'put').mockRejectedValueOnce(new Error('disk full'));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started', runId: 'run_1' });
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
  });

  it('gives up after its own retries and lets the member retry with the same key', async () => {
    ctx.api.startCall.mockRejectedValue(new NetworkError(true));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    for (let i = 1; i < MAX_AUTO_SENDS; i++) {
      ctx.clock.now += 60_000;
      await sendDue(ctx);
    }
    const row = await ctx.db.calls.get(LOCAL);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(MAX_AUTO_SENDS);
    expect(row).toMatchObject({ state: 'unsent', error: { code: 'timeout' } });
    ctx.clock.now += 60_000;
    await sendDue(ctx);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(MAX_AUTO_SENDS);
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    expect(await retryCall(ctx, LOCAL)).toEqual({ localId: LOCAL, state: 'started' });
    const keys = new Set(ctx.api.startCall.mock.calls.map((c) => c[1]?.idempotencyKey));
    expect(keys).toEqual(new Set([row?.idempotencyKey]));
  });

  it('waits out a 429 Retry-After before resending', async () => {
    ctx.api.startCall.mockRejectedValueOnce(apiError(429, 'rate_limited', { retryAfterSeconds: 40 }));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    const row = await ctx.db.calls.get(LOCAL);
    expect(row?.state).toBe('outbox');
    expect(row?.nextSendAt).toBeGreaterThanOrEqual(ctx.clock.now + 40_000);
    expect((await ctx.db.ui.get('background'))?.pausedUntil).toBe(ctx.clock.now + 40_000);
  });

  it('stores a refusal in the member’s words with its next step; a retry is a new intent', async () => {
    ctx.api.startCall.mockRejectedValueOnce(apiError(402, 'short', { topUpUrl: 'http://127.0.0.1:8787/top-up' }));
    const reply = await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(reply.state).toBe('refused');
    const row = await ctx.db.calls.get(LOCAL);
    expect(row?.error).toMatchObject({
      code: 'short',
      status: 402,
      nextStep: { kind: 'top_up', topUpUrl: 'http://127.0.0.1:8787/top-up' },
      extras: { topUpUrl: 'http://127.0.0.1:8787/top-up' },
    });
    expect(row?.error && memberErrorWords(row.error)).toMatch(/credits/);
    ctx.api.startCall.mockResolvedValueOnce(started('run_1', 'ses_1'));
    await retryCall(ctx, LOCAL);
    const [k1, k2] = ctx.api.startCall.mock.calls.map((c) => c[1]?.idempotencyKey);
    expect(k1).not.toBe(k2);
    expect((await ctx.db.calls.get(LOCAL))?.idempotencyKey).toBe(k2);
  });

  it('keeps what is missing on details_missing', async () => {
    ctx.api.startCall.mockRejectedValueOnce(
      apiError(409, 'details_missing', {
        missing: [{ key: 'db_version', untrustedDetail: { untrustedText: 'Which version?', truncated: false } }],
      }),
    );
    await startCall(ctx, { localId: LOCAL, request: { agentId: 'ag_1', callId: 'apply' } });
    expect((await ctx.db.calls.get(LOCAL))?.error).toMatchObject({
      code: 'details_missing',
      nextStep: { kind: 'answer_questions' },
      extras: { missing: [{ key: 'db_version' }] },
    });
  });

  it('refuses to start while not connected, and a request the contract refuses', async () => {
    await expect(startCall(ctx, { request: { ...REQUEST, maxCents: 0 } })).rejects.toMatchObject({
      error: { code: 'invalid_input' },
    });
    await ctx.db.connection.update('current', { status: 'revoked' });
    await expect(startCall(ctx, { request: REQUEST })).rejects.toMatchObject({ error: { code: 'not_connected' } });
    expect(await ctx.db.calls.count()).toBe(0);
    expect(ctx.api.startCall).not.toHaveBeenCalled();
  });
});

describe('what a call to the same agent took last time', () => {
  it('the next call to that agent is first read when the last one had ended (at most 4 s), not every second', async () => {
    ctx.api.startCall.mockResolvedValueOnce(started('run_1', 'ses_1'));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    const first = await ctx.db.calls.get(LOCAL);
    expect(first?.expectedRunMs).toBeNull();
    expect(first?.nextPollAt).toBe(ctx.clock.now + 1000);
    // It ended 3.2 s after it started (the read that found it ended).
    const startedAt = Date.parse(first?.startedAt as string);
    await ctx.db.calls.update(LOCAL, {
      state: 'finished',
      finishedAt: new Date(startedAt + 3200).toISOString(),
      result: result('run_1', 'ses_1', 'passed'),
      nextPollAt: null,
    });
    ctx.clock.now += 60_000;

    const second = '0b7c2d3e-1f5a-4b6c-8d9e-0a1b2c3d4e5f';
    ctx.api.startCall.mockResolvedValueOnce(started('run_2', 'ses_2'));
    await startCall(ctx, { localId: second, request: { ...REQUEST, question: 'And the replica?' } });
    const row = await ctx.db.calls.get(second);
    expect(row?.expectedRunMs).toBe(3200);
    expect(row?.nextPollAt).toBe(ctx.clock.now + 3200);

    // Another agent's history is not this one's.
    const other = '1c8d3e4f-2a6b-4c7d-9e0f-1a2b3c4d5e6f';
    ctx.api.startCall.mockResolvedValueOnce(started('run_3', 'ses_3'));
    await startCall(ctx, { localId: other, request: { ...REQUEST, agentId: 'ag_2' } });
    expect((await ctx.db.calls.get(other))?.nextPollAt).toBe(ctx.clock.now + 1000);
  });
});

describe('one intent, one call', () => {
  it('two panels starting the same intent make one call; a changed request under it is refused, not sent', async () => {
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    const [a, b] = await Promise.all([
      startCall(ctx, { localId: LOCAL, request: REQUEST }),
      startCall(ctx, { localId: LOCAL, request: { question: REQUEST.question, callId: 'question', agentId: 'ag_1' } }),
    ]);
    expect(a).toEqual({ localId: LOCAL, state: 'started' });
    expect(b.localId).toBe(LOCAL);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect(await ctx.db.calls.count()).toBe(1);

    await expect(
      startCall(ctx, { localId: LOCAL, request: { ...REQUEST, question: 'Something else?' } }),
    ).rejects.toMatchObject({
      error: { code: 'intent_changed' },
    });
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.calls.get(LOCAL))?.request.question).toBe(REQUEST.question);
  });
});

describe('the site’s pause (429 Retry-After)', () => {
  it('holds a start in the outbox until the pause ends, then sends it once; other commands say to wait', async () => {
    await pauseUntil(ctx, ctx.clock.now + 5000);
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    const reply = await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect(reply.state).toBe('outbox');
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    expect((await ctx.db.calls.get(LOCAL))?.nextSendAt).toBe(ctx.clock.now + 5000);
    await expect(refreshMe(ctx)).rejects.toMatchObject({
      error: { code: 'rate_limited', nextStep: { kind: 'wait', seconds: 5 } },
    });
    expect(ctx.api.me).not.toHaveBeenCalled();
    ctx.clock.now += 5000;
    await sendDue(ctx);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('started');
  });
});
