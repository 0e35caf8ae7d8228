import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Approval } from '@/lib/contract/calls';
import type { StartCallRequest } from '@/lib/contract/calls';
import {
  approvalTabClosed,
  checkDueApprovals,
  memberCameBack,
  rememberApprovalTab,
} from '@/entrypoints/background/calls/approval-resender';
import { sendDue, startCall } from '@/entrypoints/background/calls/outbox';
import { MalformedAnswerError, NetworkError } from '@/lib/api/errors';
import {
  apiError,
  connected,
  makeCtx,
  ORIGIN,
  resetBrowser,
  started,
  type TestCtx,
} from '@/test/unit/background/helpers';

const REQUEST: StartCallRequest = { agentId: 'ag_2', callId: 'apply', details: 'Plan a replica', maxCents: 900 };
const LOCAL = '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const APPROVAL_URL = `${ORIGIN}/approvals/apr_1`;

function approval(status: Approval['status'], minutes = 30): Approval {
  return {
    approvalId: 'apr_1',
    approvalUrl: APPROVAL_URL,
    reason: 'new_agent',
    status,
    agentId: 'ag_2',
    callId: 'apply',
    maxCents: 900,
    createdAt: new Date(0).toISOString(),
    approvedAt: null,
    expiresAt: new Date(Date.UTC(2026, 4, 1, 10, minutes)).toISOString(),
  };
}

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
  ctx.api.startCall.mockRejectedValueOnce(
    apiError(403, 'needs_approval', { approvalId: 'apr_1', approvalUrl: APPROVAL_URL, reason: 'new_agent' }),
  );
  await startCall(ctx, { localId: LOCAL, request: REQUEST });
});

async function tick(ms: number) {
  ctx.clock.now += ms;
  await checkDueApprovals(ctx);
}

describe('needs_approval', () => {
  it('stores the exact request with its approval, for 30 minutes, and notifies once', async () => {
    const row = await ctx.db.approvals.get('apr_1');
    expect(row).toMatchObject({
      localId: LOCAL,
      approvalUrl: APPROVAL_URL,
      reason: 'new_agent',
      request: REQUEST,
      status: 'pending',
    });
    expect(Date.parse(row?.expiresAt ?? '')).toBe(ctx.clock.now + 30 * 60_000);
    const call = await ctx.db.calls.get(LOCAL);
    expect(call).toMatchObject({
      state: 'needs_approval',
      error: { code: 'needs_approval', nextStep: { kind: 'approve', approvalId: 'apr_1' } },
    });
    const shown = await fakeBrowser.notifications.getAll();
    expect(Object.keys(shown)).toEqual(['approval:apr_1:needed']);
  });

  it('waits while pending, then resends the same request with approvalId and a new key once approved', async () => {
    const originalKey = (await ctx.db.calls.get(LOCAL))?.idempotencyKey;
    ctx.api.getApproval.mockResolvedValue(approval('pending'));
    await tick(1000);
    expect(ctx.api.getApproval).not.toHaveBeenCalled();
    await tick(2000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);

    ctx.api.getApproval.mockResolvedValue(approval('approved'));
    let storedAtSend: string | undefined;
    ctx.api.startCall.mockImplementationOnce(async (_body, opts) => {
      storedAtSend = (await ctx.db.calls.get(LOCAL))?.idempotencyKey;
      expect(opts?.idempotencyKey).toBe(storedAtSend);
      return started('run_9', 'ses_9');
    });
    await tick(3000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    const [body, opts] = ctx.api.startCall.mock.calls[1] ?? [];
    expect(body).toEqual({ ...REQUEST, approvalId: 'apr_1' });
    expect(opts?.idempotencyKey).not.toBe(originalKey);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started', runId: 'run_9' });
    expect((await ctx.db.approvals.get('apr_1'))?.status).toBe('ran');
    // Nothing more to do for it.
    await tick(60_000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(2);
  });

  it('stops when the member declines, and says so', async () => {
    ctx.api.getApproval.mockResolvedValue(approval('declined'));
    await tick(3000);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'declined', error: { code: 'approval_declined' } });
    expect((await ctx.db.approvals.get('apr_1'))?.status).toBe('declined');
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toContain('approval:apr_1:declined');
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
  });

  it('stops after 30 minutes without asking the site, and says so', async () => {
    ctx.api.getApproval.mockResolvedValue(approval('pending'));
    await tick(30 * 60_000);
    expect(ctx.api.getApproval).not.toHaveBeenCalled();
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'expired', error: { code: 'approval_expired' } });
    expect(Object.keys(await fakeBrowser.notifications.getAll())).toContain('approval:apr_1:expired');
  });

  it('without an approval record on the site, sends nothing until the member comes back, then not before 15 s, the gap doubling', async () => {
    // A site without GET /approvals/{id}: its 404 carries no API code (lib/api/capabilities).
    ctx.api.getApproval.mockRejectedValue(new MalformedAnswerError(404, 'error_not_json'));
    // Two minutes on the approval page, checked every second: one read of the approval record, no resend.
    for (let s = 0; s < 120; s++) await tick(1000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect((await ctx.db.capabilities.get([ORIGIN, 'getApproval']))?.offered).toBe(false);
    const waiting = await ctx.db.approvals.get('apr_1');
    expect(waiting?.nextCheckAt).toBe(Date.parse(waiting?.expiresAt ?? ''));

    // The member comes back (the panel focused): resent at once, 15 s after the refusal have passed.
    ctx.api.startCall.mockRejectedValueOnce(apiError(409, 'approval_not_usable'));
    await memberCameBack(ctx);
    await tick(0);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'needs_approval', approvalId: null });
    expect((await ctx.db.approvals.get('apr_1'))?.status).toBe('pending');

    // Not usable yet: the next resend needs another return, and 30 s after this resend.
    for (let s = 0; s < 60; s++) await tick(1000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    ctx.api.startCall.mockResolvedValueOnce(started('run_9', 'ses_9'));
    const firstResendAt = (await ctx.db.approvals.get('apr_1'))?.lastResendAt ?? 0;
    ctx.clock.now = firstResendAt + 10_000;
    await memberCameBack(ctx);
    await tick(0);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    await tick(19_000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    await tick(1000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(3);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started' });
    const bodies = ctx.api.startCall.mock.calls.map((c) => c[0]);
    expect(bodies.slice(1).every((b) => b.approvalId === 'apr_1')).toBe(true);
    const keys = ctx.api.startCall.mock.calls.map((c) => c[1]?.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
  });

  it('GET /approvals answering 503 not_available: read at its blind pace, and "I approved it" resends with approvalId', async () => {
    // The site has GET /approvals/{id} but answers it with the API's code: a part switched off right now.
    ctx.api.getApproval.mockRejectedValue(apiError(503, 'not_available'));
    const refusedAt = ctx.clock.now;
    // Two minutes on the approval page, checked every second: one read, no resend, nothing due till the expiry.
    for (let s = 0; s < 120; s++) await tick(1000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    const waiting = await ctx.db.approvals.get('apr_1');
    expect(waiting?.nextCheckAt).toBe(Date.parse(waiting?.expiresAt ?? ''));
    // One coded answer is not the endpoint's absence: it is asked again next time.
    expect((await ctx.db.capabilities.get([ORIGIN, 'getApproval']))?.offered).toBeNull();

    // "I approved it": due now (15 s after the refusal have passed), and it really sends, with approvalId.
    ctx.api.startCall.mockResolvedValueOnce(started('run_9', 'ses_9'));
    // The endpoint is not known absent: the site is asked first (and its failure sends), so the panel says it asks.
    expect(await memberCameBack(ctx, 'apr_1')).toEqual({ nextCheckAt: ctx.clock.now, asksSiteFirst: true });
    await tick(0);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(2);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    expect(ctx.api.startCall.mock.calls[1]?.[0]).toEqual({ ...REQUEST, approvalId: 'apr_1' });
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started', approvalId: 'apr_1' });
    expect(ctx.clock.now - refusedAt).toBe(120_000);
  });

  it('"I approved it" before the 15 s gap says when it sends, and sends then (GET /approvals failing)', async () => {
    ctx.api.getApproval.mockRejectedValue(apiError(503, 'not_available'));
    const refusedAt = ctx.clock.now;
    await tick(5000);
    expect(await memberCameBack(ctx, 'apr_1')).toEqual({ nextCheckAt: refusedAt + 15_000, asksSiteFirst: true });
    ctx.api.startCall.mockResolvedValueOnce(started('run_9', 'ses_9'));
    for (let s = 0; s < 9; s++) await tick(1000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    await tick(1000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    expect(ctx.api.startCall.mock.calls[1]?.[0]).toMatchObject({ approvalId: 'apr_1' });
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(2);
  });

  it('a closed approval tab is the member coming back; the first resend still waits for its 15 s', async () => {
    ctx.api.getApproval.mockRejectedValue(apiError(501, 'not_implemented'));
    await tick(1000);
    await rememberApprovalTab(ctx, APPROVAL_URL, 42);
    await approvalTabClosed(ctx, 41);
    await tick(20_000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    ctx.api.startCall.mockResolvedValueOnce(started('run_9', 'ses_9'));
    ctx.clock.now -= 16_000;
    await approvalTabClosed(ctx, 42);
    await tick(0);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    await tick(11_000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'started' });
  });

  it('the approval is still said to run out after 30 minutes when the member never comes back', async () => {
    ctx.api.getApproval.mockRejectedValue(apiError(404, 'not_found'));
    await tick(1000);
    await tick(30 * 60_000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'expired', error: { code: 'approval_expired' } });
  });

  it('an approved approval that is not usable for this call refuses it', async () => {
    ctx.api.getApproval.mockResolvedValue(approval('approved'));
    ctx.api.startCall.mockRejectedValueOnce(apiError(409, 'approval_not_usable'));
    await tick(3000);
    expect(await ctx.db.calls.get(LOCAL)).toMatchObject({ state: 'refused', error: { code: 'approval_not_usable' } });
    expect((await ctx.db.approvals.get('apr_1'))?.status).toBe('refused');
    await tick(60_000);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
  });

  it('a network failure on the approved resend keeps its key for the next try', async () => {
    ctx.api.getApproval.mockResolvedValue(approval('approved'));
    ctx.api.startCall.mockRejectedValueOnce(new NetworkError(false));
    await tick(3000);
    const row = await ctx.db.calls.get(LOCAL);
    expect(row).toMatchObject({ state: 'outbox', approvalId: 'apr_1' });
    ctx.api.startCall.mockResolvedValueOnce(started('run_9', 'ses_9'));
    ctx.clock.now = row?.nextSendAt ?? 0;
    await sendDue(ctx);
    const keys = ctx.api.startCall.mock.calls.slice(1).map((c) => c[1]?.idempotencyKey);
    expect(keys).toEqual([row?.idempotencyKey, row?.idempotencyKey]);
  });

  it('an approval whose call moved on is settled or rescheduled, never left due (no busy loop)', async () => {
    ctx.api.getApproval.mockResolvedValue(approval('approved'));
    // The approved resend fails on the network and stays with the outbox: the approval must not stay due.
    ctx.api.startCall.mockRejectedValue(new NetworkError(false));
    await tick(3000);
    expect((await ctx.db.calls.get(LOCAL))?.state).toBe('outbox');
    await checkDueApprovals(ctx);
    const waiting = await ctx.db.approvals.get('apr_1');
    expect(waiting?.status).toBe('pending');
    expect(waiting?.nextCheckAt).toBeGreaterThan(ctx.clock.now);
    const reads = ctx.api.getApproval.mock.calls.length;
    await checkDueApprovals(ctx);
    expect(ctx.api.getApproval.mock.calls.length).toBe(reads);

    // Once the call is refused (for example 402 short on the resend), the approval is settled for good.
    await ctx.db.calls.update(LOCAL, { state: 'refused' });
    ctx.clock.now = waiting?.nextCheckAt ?? 0;
    await checkDueApprovals(ctx);
    expect((await ctx.db.approvals.get('apr_1'))?.status).toBe('refused');
  });
});
