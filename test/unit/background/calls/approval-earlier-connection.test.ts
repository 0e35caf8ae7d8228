import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Approval } from '@/lib/contract/calls';
import type { StartCallRequest } from '@/lib/contract/calls';
import { ROW_SCHEMAS } from '@/lib/db/rows';
import { checkDueApprovals, memberCameBack } from '@/entrypoints/background/calls/approval-resender';
import { startCall } from '@/entrypoints/background/calls/outbox';
import { saveKey } from '@/entrypoints/background/core/key-store';
import { apiError, connected, KEY, makeCtx, ORIGIN, resetBrowser, type TestCtx } from '@/test/unit/background/helpers';

const REQUEST: StartCallRequest = { agentId: 'ag_2', callId: 'apply', details: 'Plan a replica', maxCents: 900 };
const LOCAL = '0d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a';
const APPROVAL_URL = `${ORIGIN}/approvals/apr_1`;
const OTHER_ORIGIN = 'http://127.0.0.1:9797';
const WORDS = 'This call waited for approval under an earlier connection, so it was not sent. Start it again.';

function approved(): Approval {
  return {
    approvalId: 'apr_1',
    approvalUrl: APPROVAL_URL,
    reason: 'new_agent',
    status: 'approved',
    agentId: 'ag_2',
    callId: 'apply',
    maxCents: 900,
    createdAt: new Date(0).toISOString(),
    approvedAt: null,
    expiresAt: new Date(Date.UTC(2026, 4, 1, 10, 30)).toISOString(),
  };
}

/** The member connects to another connection at another site, as a connect code does. */
async function connectElsewhere(ctx: TestCtx): Promise<void> {
  await saveKey({ key: KEY.replace('secret', 'other0'), origin: OTHER_ORIGIN, connectionId: 'con_2' });
  await ctx.db.connection.update('current', { siteUrl: OTHER_ORIGIN, origin: OTHER_ORIGIN, connectionId: 'con_2' });
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
  // Whatever the site would answer, approved: only the connection keeps the call from going.
  ctx.api.getApproval.mockResolvedValue(approved());
});

async function tick(ms: number) {
  ctx.clock.now += ms;
  await checkDueApprovals(ctx);
}

async function expectEndedInWords(askedBefore = false) {
  expect(await ctx.db.calls.get(LOCAL)).toMatchObject({
    state: 'refused',
    approvalId: null,
    error: { code: 'earlier_connection', message: WORDS },
  });
  expect((await ctx.db.approvals.get('apr_1'))?.status).toBe('refused');
  // Never asked about at the new site, so its answer cannot mark the approvals endpoint "not offered" there.
  if (!askedBefore) expect(await ctx.db.capabilities.get([OTHER_ORIGIN, 'getApproval'])).toBeUndefined();
}

describe('an approval of an earlier connection', () => {
  it('is stored with the connection its call was refused through', async () => {
    expect((await ctx.db.approvals.get('apr_1'))?.connectionId).toBe('con_1');
  });

  it('is never read nor resent after the member connects elsewhere: it ends, said in words', async () => {
    await connectElsewhere(ctx);
    await memberCameBack(ctx);
    for (let s = 0; s < 5; s++) await tick(60_000);
    expect(ctx.api.getApproval).not.toHaveBeenCalled();
    // The only POST /calls is the first, refused one: the details and approvalId never went to the new site.
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    await expectEndedInWords();
  });

  it('an old row kept before the connection was stored goes by its call’s connection', async () => {
    const row = await ctx.db.approvals.get('apr_1');
    if (!row) throw new Error('no approval row');
    const { connectionId: _dropped, ...old } = row;
    await ctx.db.approvals.put(old);
    expect(ROW_SCHEMAS.approvals.safeParse(old).success).toBe(true);

    await connectElsewhere(ctx);
    await tick(60_000);
    expect(ctx.api.getApproval).not.toHaveBeenCalled();
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    await expectEndedInWords();
  });

  it('an old row under the same connection is still checked and resent', async () => {
    const row = await ctx.db.approvals.get('apr_1');
    if (!row) throw new Error('no approval row');
    const { connectionId: _dropped, ...old } = row;
    await ctx.db.approvals.put(old);
    ctx.api.startCall.mockRejectedValueOnce(apiError(409, 'approval_not_usable'));
    await tick(60_000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
  });

  it('is not resent when the member connected elsewhere while its approval was being read', async () => {
    ctx.api.getApproval.mockImplementation(async () => {
      await connectElsewhere(ctx);
      return approved();
    });
    await tick(60_000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(1);
    await tick(1000);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    // (The read itself went out under the first connection, before the switch.)
    await expectEndedInWords(true);
  });
});
