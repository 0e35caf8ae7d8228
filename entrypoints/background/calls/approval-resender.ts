/**
 * The approval resender. The contract: "after the member approves that exact call, send the same request
 * again with approvalId within 30 minutes". So a call waiting for approval is resent only when there is a
 * reason to think the member approved:
 * - the site says so: GET /approvals/{id} (named without a shape; read while it answers in shape), on a pace
 *   that slows down as the approval ages;
 * - otherwise (the site does not offer GET /approvals, or it failed this time: any failure of the endpoint's
 *   own, e.g. 503 not_available, G33), the member came back from the approval page (its tab closed, the
 *   panel or a browser window focused again, a click on "I approved it"), and then no sooner than 15 s after
 *   the refusal or the last resend, the gap doubling with each resend, until the 30 minutes run out. Until
 *   the member comes back nothing is read or sent (blindNextCheckAt): POST /calls with approvalId decides.
 * A resend is a new intent with a new Idempotency-Key, stored before it is sent (outbox). The call is never
 * lost: it stays waiting, visible in the panel, until it runs, is declined, or its approval runs out.
 */
import { ApiError } from '@/lib/api/errors';
import type { Approval } from '@/lib/contract/calls';
import { knownValue } from '@/lib/contract/tolerant';
import { type ApprovalRow, type CallState, getConnection } from '@/lib/db';
import { approvalCheckIntervalMs } from '@/lib/schedule';
import {
  approvalConnection,
  blindNextCheckAt,
  cameBackSinceLastSend,
  earliestResend,
  endUnderEarlierConnection,
  finishApproval,
  keepWaiting,
} from './approval-records';
import { type Offered, offerNow, tryOffered } from '@/entrypoints/background/core/capabilities';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { sendCall } from './outbox';
import { pausedUntil } from '@/entrypoints/background/core/status';

export async function checkDueApprovals(ctx: Ctx): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return;
  const pending = await ctx.db.approvals.where('status').equals('pending').toArray();
  // An approval of an earlier connection (or site) is never read or resent with this one's key: it ends now,
  // due or not, without a request.
  const ours: ApprovalRow[] = [];
  for (const approval of pending) {
    const call = await ctx.db.calls.get(approval.localId);
    if (approvalConnection(approval, call) === conn.connectionId) ours.push(approval);
    else await endUnderEarlierConnection(ctx, approval);
  }
  if ((await pausedUntil(ctx)) !== null) return;
  const due = ours.filter((a) => a.nextCheckAt <= ctx.now());
  for (const approval of due) await checkApproval(ctx, approval, conn.connectionId);
}

async function checkApproval(ctx: Ctx, approval: ApprovalRow, connectionId: string): Promise<void> {
  const call = await ctx.db.calls.get(approval.localId);
  if (approvalConnection(approval, call) !== connectionId) {
    await endUnderEarlierConnection(ctx, approval);
    return;
  }
  if (call?.state !== 'needs_approval') {
    await settleMovedOn(ctx, approval, call?.state);
    return;
  }
  if (ctx.now() >= Date.parse(approval.expiresAt)) {
    await finishApproval(ctx, approval, 'expired');
    return;
  }
  let read: Offered<Approval>;
  try {
    read = await tryOffered(ctx, 'getApproval', (api) => api.getApproval(approval.approvalId), {
      about: approval.approvalId,
    });
  } catch {
    // Offline, paused, revoked, rate-limited: the status row or connection shows it; look again on the pace.
    await keepWaiting(ctx, approval, approval.siteStatus);
    return;
  }
  if (!read.offered) {
    // Not offered, or failed now (a 503, say): the member's coming back decides, never this read's pace.
    await resendIfCameBack(ctx, approval);
    return;
  }
  const site = read.value;
  switch (knownValue(site.status)) {
    case 'approved':
      await ctx.db.approvals.update(approval.approvalId, { siteStatus: 'approved', updatedAt: isoNow(ctx) });
      await resend(ctx, { ...approval, siteStatus: 'approved' });
      return;
    case 'used':
      // Used by our own earlier send whose answer was lost: the same key brings that answer back.
      if (call.approvalId === approval.approvalId) await resend(ctx, approval);
      else await finishApproval(ctx, approval, 'refused', toMemberError(new ApiError(409, 'approval_not_usable')));
      return;
    case 'declined':
      await finishApproval(ctx, approval, 'declined');
      return;
    case 'expired':
      await finishApproval(ctx, approval, 'expired');
      return;
    default:
      await keepWaiting(ctx, approval, typeof site.status === 'string' ? site.status : site.status.unknown, {
        expiresAt: site.expiresAt,
        nextCheckAt: ctx.now() + approvalCheckIntervalMs(ctx.now() - Date.parse(approval.createdAt)),
      });
  }
}

/**
 * The site cannot show the approval now: resend only after the member came back, and not before the gap;
 * else nothing is due until they come back (or the approval runs out).
 */
async function resendIfCameBack(ctx: Ctx, approval: ApprovalRow): Promise<void> {
  if (cameBackSinceLastSend(approval) && ctx.now() >= earliestResend(approval)) {
    await resend(ctx, approval);
    return;
  }
  await keepWaiting(ctx, approval, approval.siteStatus, { nextCheckAt: blindNextCheckAt(approval) });
}

/**
 * The member came back from the approval page (tab closed, panel or window focused, "I approved it"): every
 * waiting approval may be resent, each at its earliest. Reported back so the panel can say when, and whether
 * that try first asks the site (GET /approvals while it may be offered: a resend follows only on "approved",
 * or at once if the read fails), so its words never promise a send that waits for the site.
 */
export async function memberCameBack(
  ctx: Ctx,
  approvalId?: string,
): Promise<{ nextCheckAt: number | null; asksSiteFirst: boolean }> {
  const now = ctx.now();
  let next: number | null = null;
  await ctx.db.transaction('rw', ctx.db.approvals, async () => {
    const pending = await ctx.db.approvals.where('status').equals('pending').toArray();
    for (const a of pending) {
      if (approvalId !== undefined && a.approvalId !== approvalId) continue;
      const nextCheckAt = Math.max(now, Math.min(a.nextCheckAt, earliestResend(a)));
      await ctx.db.approvals.update(a.approvalId, { cameBackAt: now, nextCheckAt, updatedAt: isoNow(ctx) });
      next = next === null ? nextCheckAt : Math.min(next, nextCheckAt);
    }
  });
  if (next !== null) await ctx.reschedule();
  return { nextCheckAt: next, asksSiteFirst: (await offerNow(ctx, 'getApproval')) !== 'not_offered' };
}

/** The approval page's tab was closed: the member came back from it. */
export async function approvalTabClosed(ctx: Ctx, tabId: number): Promise<void> {
  const pending = await ctx.db.approvals.where('status').equals('pending').toArray();
  for (const a of pending) {
    if (a.pageTabId === tabId) await memberCameBack(ctx, a.approvalId);
  }
}

/** The approval page was opened in this tab (the member clicked "Approve on the site"). */
export async function rememberApprovalTab(ctx: Ctx, url: string, tabId: number): Promise<void> {
  const pending = await ctx.db.approvals.where('status').equals('pending').toArray();
  for (const a of pending) {
    if (a.approvalUrl === url)
      await ctx.db.approvals.update(a.approvalId, { pageTabId: tabId, updatedAt: isoNow(ctx) });
  }
}

/**
 * The call moved on (started, refused, or in the outbox's hands): nothing to resend. The approval is settled
 * by where the call is, and never left due in the past, which would make the scheduler spin.
 */
async function settleMovedOn(ctx: Ctx, approval: ApprovalRow, state: CallState | undefined): Promise<void> {
  const updatedAt = isoNow(ctx);
  if (state === 'started' || state === 'finished') {
    await ctx.db.approvals.update(approval.approvalId, { status: 'ran', updatedAt });
  } else if (state === undefined || state === 'refused' || state === 'declined' || state === 'expired') {
    await ctx.db.approvals.update(approval.approvalId, { status: 'refused', updatedAt });
  } else if (ctx.now() >= Date.parse(approval.expiresAt)) {
    await ctx.db.approvals.update(approval.approvalId, { status: 'expired', updatedAt });
  } else {
    // outbox, sending, unsent: the outbox owns the send now; look again on the approval's pace.
    const nextCheckAt = ctx.now() + approvalCheckIntervalMs(ctx.now() - Date.parse(approval.createdAt));
    await ctx.db.approvals.update(approval.approvalId, { nextCheckAt, updatedAt });
  }
}

/** Puts the call back in the outbox with approvalId and a new key (kept across network retries), and sends. */
async function resend(ctx: Ctx, approval: ApprovalRow): Promise<void> {
  const ready = await ctx.db.transaction('rw', ctx.db.calls, ctx.db.approvals, ctx.db.connection, async () => {
    const call = await ctx.db.calls.get(approval.localId);
    if (call?.state !== 'needs_approval') return false;
    // The member may have connected elsewhere while the approval was read: never resend it there.
    const conn = await getConnection(ctx.db);
    if (conn?.status !== 'connected' || approvalConnection(approval, call) !== conn.connectionId) return false;
    const sameIntent = call.approvalId === approval.approvalId;
    await ctx.db.calls.update(call.localId, {
      state: 'outbox',
      approvalId: approval.approvalId,
      idempotencyKey: sameIntent ? call.idempotencyKey : ctx.newId(),
      attempts: sameIntent ? call.attempts : 0,
      nextSendAt: null,
      updatedAt: isoNow(ctx),
    });
    await ctx.db.approvals.update(approval.approvalId, {
      checks: approval.checks + 1,
      resends: approval.resends + 1,
      lastResendAt: ctx.now(),
      updatedAt: isoNow(ctx),
    });
    return true;
  });
  if (ready) await sendCall(ctx, approval.localId);
}
