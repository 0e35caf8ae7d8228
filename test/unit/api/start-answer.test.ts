/**
 * Issue 41, point 3: a 2xx to POST /calls with a runId is a started call, whatever else it lacks. It runs and
 * may be charged, so it is recorded started and polled, never "not sent" (whose "Send again" would only replay it).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { createClient } from '@/lib/api/client';
import { MalformedAnswerError } from '@/lib/api/errors';
import { startCall } from '@/entrypoints/background/calls/outbox';
import { connected, makeCtx, resetBrowser, type TestCtx } from '@/test/unit/background/helpers';
import { fakeFetch, json, KEY, SITE, startCallAnswer } from './fixtures';

const REQUEST = { agentId: 'ag_1', callId: 'question', question: 'Which version?', sessionId: 'ses_9' };

function startWith(body: unknown) {
  const fake = fakeFetch(json(body, 202));
  return createClient({ siteUrl: SITE, key: KEY, fetch: fake.fetch }).startCall(REQUEST, { idempotencyKey: 'k-1' });
}

describe('a 202 read when it can be', () => {
  it('without today and with a null holdCents is still started, the rest read', async () => {
    const { today: _today, ...rest } = startCallAnswer();
    const answer = await startWith({ ...rest, holdCents: null, runId: 'run_7' });
    expect(answer).toMatchObject({ runId: 'run_7', today: null, holdCents: null });
    expect(answer.spendableAfterCents).toBe(startCallAnswer().spendableAfterCents);
  });

  it('with nothing but a runId is started', async () => {
    expect(await startWith({ runId: 'run_8' })).toEqual({
      status: null,
      runId: 'run_8',
      sessionId: null,
      holdCents: null,
      spendableAfterCents: null,
      privacyLine: null,
      today: null,
    });
  });

  it('without a runId is not a call the extension can follow: unreadable', async () => {
    await expect(startWith({ status: 'started' })).rejects.toBeInstanceOf(MalformedAnswerError);
  });
});

describe('the background records such an answer as started, and polls it', () => {
  let ctx: TestCtx;
  beforeEach(async () => {
    resetBrowser();
    ctx = makeCtx();
    await connected(ctx);
  });

  it('started, polled, its session kept from the request', async () => {
    ctx.api.startCall.mockImplementation(() => startWith({ runId: 'run_7', status: 'started' }));
    const reply = await startCall(ctx, { localId: 'c8a1e1f0-6d4b-4b8e-9a52-0d1f2e3a4b5c', request: REQUEST });
    expect(reply.state).toBe('started');
    const row = await ctx.db.calls.get(reply.localId);
    expect(row).toMatchObject({ runId: 'run_7', sessionId: 'ses_9', today: null, holdCents: null });
    expect(row?.nextPollAt).not.toBeNull();
  });
});
