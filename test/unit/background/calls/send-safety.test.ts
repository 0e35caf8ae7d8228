/**
 * Issue 41: no second charge across time and odd answers. A key older than the site surely remembers is never
 * sent again on its own (point 2); a worker's start never takes back a send it did not claim, and a send's
 * result is written only over its own claim (point 4); a draft that cannot be dropped is not the start's
 * failure (point 5); a call an earlier connection left waiting ends in words, and one sent through it is never
 * given up: it may have started (point 7; issue 55 point 6).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@/lib/api/errors';
import { SAME_KEY_RESEND_MS } from '@/lib/api/idempotency';
import type { StartCallRequest } from '@/lib/contract/calls';
import {
  recoverInterruptedSends,
  retryCall,
  sendCall,
  sendDue,
  startCall,
} from '@/entrypoints/background/calls/outbox';
import { reportCall, stopCall } from '@/entrypoints/background/calls/stop-and-report';
import { callsHandlers } from '@/entrypoints/background/calls/handlers';
import {
  apiError,
  connected,
  makeCtx,
  resetBrowser,
  started,
  startedCall,
  type TestCtx,
} from '@/test/unit/background/helpers';

const REQUEST: StartCallRequest = { agentId: 'ag_1', callId: 'question', question: 'Which version of postgres?' };
const LOCAL = '0b6a3c55-2f6e-4c1d-9a0e-7d9b1f2c3e4a';
const HOUR = 60 * 60 * 1000;

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

/** A start whose answer was lost: the row is unsent with its key, first sent now. */
async function lostAnswer(): Promise<string> {
  ctx.api.startCall.mockRejectedValue(new NetworkError(false));
  for (let i = 0; i < 10; i++) {
    if (i === 0) await startCall(ctx, { localId: LOCAL, request: REQUEST });
    else await sendDue(ctx);
    const row = await ctx.db.calls.get(LOCAL);
    if (row?.state === 'unsent') return row.idempotencyKey;
    ctx.clock.now = (row?.nextSendAt ?? ctx.clock.now) + 1;
  }
  throw new Error('never unsent');
}

describe('a key past the age the site surely remembers (point 2)', () => {
  it('is the contract’s 24 hours halved', () => {
    expect(SAME_KEY_RESEND_MS).toBe(12 * HOUR);
  });

  it('an unsent call two days later is not sent again with its old key: the member is told it may have started', async () => {
    const key = await lostAnswer();
    ctx.api.startCall.mockClear();
    ctx.clock.now += 48 * HOUR;
    await expect(retryCall(ctx, LOCAL)).rejects.toMatchObject({ error: { code: 'too_late_to_resend' } });
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    const row = await ctx.db.calls.get(LOCAL);
    expect(row).toMatchObject({ state: 'unsent', idempotencyKey: key, error: { code: 'too_late_to_resend' } });
    expect(row?.error?.message).toMatch(/may have started/);
  });

  it('“Start it as a new call” sends it with a new key', async () => {
    const key = await lostAnswer();
    ctx.api.startCall.mockReset();
    ctx.api.startCall.mockResolvedValue(started('run_2', 'ses_2'));
    ctx.clock.now += 48 * HOUR;
    expect(await retryCall(ctx, LOCAL, { asNewCall: true })).toEqual({ localId: LOCAL, state: 'started' });
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    const sentKey = ctx.api.startCall.mock.calls[0]?.[1]?.idempotencyKey;
    expect(sentKey).not.toBe(key);
    expect((await ctx.db.calls.get(LOCAL))?.idempotencyKey).toBe(sentKey);
  });

  it('within the age, “Send again” goes with the same key', async () => {
    const key = await lostAnswer();
    ctx.api.startCall.mockReset();
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    ctx.clock.now += 2 * HOUR;
    await retryCall(ctx, LOCAL);
    expect(ctx.api.startCall.mock.calls[0]?.[1]?.idempotencyKey).toBe(key);
  });

  it('an outbox row left for a week is not sent on its own: it waits for the member, unsent', async () => {
    ctx.api.startCall.mockRejectedValueOnce(new NetworkError(false));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('outbox');
    ctx.api.startCall.mockClear();
    ctx.clock.now += 7 * 24 * HOUR;
    const next = makeCtx(ctx.db);
    next.clock.now = ctx.clock.now;
    await recoverInterruptedSends(next);
    await sendDue(next);
    expect(next.api.startCall).not.toHaveBeenCalled();
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'unsent', error: { code: 'too_late_to_resend' } });
  });

  it('a call never sent (held back by a pause) goes however long it waited: its key never left', async () => {
    ctx.api.startCall.mockRejectedValueOnce(new NetworkError(false));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    await ctx.db.calls.update(LOCAL, { firstSentAt: null, attempts: 0 });
    ctx.clock.now += 7 * 24 * HOUR;
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    await sendDue(ctx);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('started');
  });

  it('a stop or report whose key is past the age goes with a new key', async () => {
    await startedCall(ctx, LOCAL, 'run_1', 'ses_1');
    ctx.api.stopCall.mockRejectedValueOnce(new NetworkError(false));
    await expect(stopCall(ctx, 'run_1')).rejects.toBeTruthy();
    ctx.api.reportCall.mockRejectedValueOnce(new NetworkError(false));
    const report = { runId: 'run_1', verdict: 'helped' as const, reasonKind: null, reason: null };
    await expect(reportCall(ctx, report)).rejects.toBeTruthy();
    const first = await ctx.db.calls.get(LOCAL);
    ctx.clock.now += 13 * HOUR;
    ctx.api.stopCall.mockResolvedValue({ runId: 'run_1', stopped: true });
    ctx.api.reportCall.mockResolvedValue({
      verdict: 'helped',
      reasonKind: null,
      reason: null,
      recordedAt: 'x',
    } as never);
    await stopCall(ctx, 'run_1');
    await reportCall(ctx, report);
    expect(ctx.api.stopCall.mock.calls[1]?.[1]?.idempotencyKey).not.toBe(first?.stop?.idempotencyKey);
    expect(ctx.api.reportCall.mock.calls[1]?.[2]?.idempotencyKey).not.toBe(first?.report?.idempotencyKey);
  });
});

describe('the start that woke the worker and the worker’s start-up recovery (point 4)', () => {
  it('recovery leaves this worker’s own send alone: one POST, and the 202 stands', async () => {
    let release: () => void = () => undefined;
    ctx.api.startCall.mockImplementation(async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return started('run_1', 'ses_1');
    });
    const starting = startCall(ctx, { localId: LOCAL, request: REQUEST });
    await vi.waitFor(() => expect(ctx.api.startCall).toHaveBeenCalledTimes(1));
    // The start-up recovery of the same worker runs while the POST is in flight.
    await recoverInterruptedSends(ctx);
    await sendDue(ctx);
    release();
    await starting;
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('started');
  });

  it('a send whose 202 could not be written (a full disk) goes again in the same worker, same key', async () => {
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1', 'Builders receive details.'));
    vi.spyOn(ctx.db.connection, 'update').mockRejectedValueOnce(new Error('disk full'));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('sending');
    await sendDue(ctx);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started', runId: 'run_1' });
    const keys = new Set(ctx.api.startCall.mock.calls.map((c) => c[1]?.idempotencyKey));
    expect(keys.size).toBe(1);
  });

  it('a loser’s failure never overwrites the winner’s 202', async () => {
    // Two sends of one key (an old worker's claim taken back by a new one): the later one is answered 202,
    // then the earlier one's answer (409 in progress) arrives.
    let releaseOld: () => void = () => undefined;
    ctx.api.startCall.mockImplementationOnce(async () => {
      await new Promise<void>((resolve) => {
        releaseOld = resolve;
      });
      throw apiError(409, 'idempotency_in_progress');
    });
    const old = startCall(ctx, { localId: LOCAL, request: REQUEST });
    await vi.waitFor(() => expect(ctx.api.startCall).toHaveBeenCalledTimes(1));
    const next = makeCtx(ctx.db);
    next.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    await recoverInterruptedSends(next);
    await sendCall(next, LOCAL);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('started');
    releaseOld();
    await old;
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started', runId: 'run_1' });
  });
});

describe('a start that succeeded (point 5)', () => {
  it('is not reported as failed when its answers’ drafts cannot be dropped', async () => {
    ctx.api.startCall.mockResolvedValue(started('run_1', 'ses_1'));
    vi.spyOn(ctx.db.answerDrafts, 'bulkDelete').mockRejectedValueOnce(new Error('disk full'));
    const handlers = callsHandlers(ctx);
    const request = { ...REQUEST, sessionId: 'ses_1', answers: { q1: { kind: 'option' as const, optionKeys: ['a'] } } };
    await expect(handlers.startCall({ localId: LOCAL, request })).resolves.toEqual({
      localId: LOCAL,
      state: 'started',
    });
  });
});

describe('a call an earlier connection left waiting (point 7; issue 55 point 6)', () => {
  /** A start whose POST went out through con_earlier and whose answer was lost; the member connected again. */
  async function sentThroughEarlier(state: 'outbox' | 'unsent'): Promise<string> {
    ctx.api.startCall.mockRejectedValueOnce(new NetworkError(false));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    const row = await ctx.db.calls.get(LOCAL);
    expect(row).toMatchObject({ state: 'outbox', attempts: 1, firstSentAt: expect.any(String) });
    await ctx.db.calls.update(LOCAL, { connectionId: 'con_earlier', nextSendAt: null, state });
    ctx.api.startCall.mockClear();
    return row?.idempotencyKey ?? '';
  }

  it.each(['outbox', 'unsent'] as const)(
    'a call sent through it (%s) is never given up: it may have started, and is not sent with this connection',
    async (state) => {
      const key = await sentThroughEarlier(state);
      await sendDue(ctx);
      expect(ctx.api.startCall).not.toHaveBeenCalled();
      const row = await ctx.db.calls.get(LOCAL);
      // The ending of a lost answer past its key's age: the same code, so the same words and three choices.
      expect(row).toMatchObject({ state: 'unsent', idempotencyKey: key, error: { code: 'too_late_to_resend' } });
      expect(row?.error?.message).toMatch(/may have started/);
      expect(row?.error?.message).not.toMatch(/Start it again/);
    },
  );

  it('“Send again” on it sends nothing and says it may have started', async () => {
    await sentThroughEarlier('unsent');
    await expect(retryCall(ctx, LOCAL)).rejects.toMatchObject({ error: { code: 'too_late_to_resend' } });
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('unsent');
  });

  it('“Start it as a new call” starts it through this connection with a new key', async () => {
    const key = await sentThroughEarlier('outbox');
    await sendDue(ctx);
    ctx.api.startCall.mockResolvedValue(started('run_2', 'ses_2'));
    expect(await retryCall(ctx, LOCAL, { asNewCall: true })).toEqual({ localId: LOCAL, state: 'started' });
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect(ctx.api.startCall.mock.calls[0]?.[1]?.idempotencyKey).not.toBe(key);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ connectionId: 'con_1', runId: 'run_2' });
  });

  it('a call never sent through it ends in words and is never sent with this connection’s key', async () => {
    ctx.api.startCall.mockRejectedValueOnce(new NetworkError(false));
    await startCall(ctx, { localId: LOCAL, request: REQUEST });
    await ctx.db.calls.update(LOCAL, { connectionId: 'con_earlier', nextSendAt: null, attempts: 0, firstSentAt: null });
    ctx.api.startCall.mockClear();
    await sendDue(ctx);
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    const row = await ctx.db.calls.get(LOCAL);
    expect(row).toMatchObject({ state: 'refused', error: { code: 'earlier_connection' } });
    expect(row?.error?.message).toMatch(/earlier connection/);
  });
});
