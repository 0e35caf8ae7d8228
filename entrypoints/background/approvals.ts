/**
 * The approval resender. For each waiting approval, on its schedule: read GET /approvals/{id}; once the
 * member approved, send the same request again with approvalId (a new Idempotency-Key, stored first); stop
 * when it runs, is declined, or its 30 minutes pass, and tell the member which. No second click needed.
 *
 * When the site cannot show the approval (404, 503), the request is resent blindly on the same schedule:
 * 409 approval_not_usable then means "not approved yet".
 */
import { ApiError } from '../../lib/api/errors';
import { type Approval, knownValue } from '../../lib/api/schemas';
import { type ApprovalRow, type CallState, getConnection } from '../../lib/db';
import { approvalCheckIntervalMs } from '../../lib/schedule';
import { finishApproval, keepWaiting } from './approval-records';
import { type Ctx, isoNow } from './context';
import { toMemberError } from './member-error';
import { sendCall } from './outbox';
import { pausedUntil } from './status';
import { withApi } from './with-api';

export async function checkDueApprovals(ctx: Ctx): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return;
  if ((await pausedUntil(ctx)) !== null) return;
  const due = (await ctx.db.approvals.where('status').equals('pending').toArray()).filter((a) => a.nextCheckAt <= ctx.now());
  for (const approval of due) await checkApproval(ctx, approval);
}

async function checkApproval(ctx: Ctx, approval: ApprovalRow): Promise<void> {
  const call = await ctx.db.calls.get(approval.localId);
  if (call?.state !== 'needs_approval') {
    await settleMovedOn(ctx, approval, call?.state);
    return;
  }
  if (ctx.now() >= Date.parse(approval.expiresAt)) {
    await finishApproval(ctx, approval, 'expired');
    return;
  }
  let site: Approval | null;
  try {
    site = await withApi(ctx, (api) => api.getApproval(approval.approvalId));
  } catch (err) {
    if (err instanceof ApiError && (err.code === 'not_found' || err.code === 'not_available' || err.code === 'retired')) site = null;
    else {
      // Offline, paused, revoked: the status row or connection shows it; try again on the schedule.
      await keepWaiting(ctx, approval, approval.siteStatus);
      return;
    }
  }
  if (site === null) {
    await resend(ctx, approval);
    return;
  }
  const status = knownValue(site.status);
  switch (status) {
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
      await keepWaiting(ctx, approval, typeof site.status === 'string' ? site.status : site.status.unknown, site.expiresAt);
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
  const ready = await ctx.db.transaction('rw', ctx.db.calls, ctx.db.approvals, async () => {
    const call = await ctx.db.calls.get(approval.localId);
    if (call?.state !== 'needs_approval') return false;
    const sameIntent = call.approvalId === approval.approvalId;
    await ctx.db.calls.update(call.localId, {
      state: 'outbox',
      approvalId: approval.approvalId,
      idempotencyKey: sameIntent ? call.idempotencyKey : ctx.newId(),
      attempts: sameIntent ? call.attempts : 0,
      nextSendAt: null,
      updatedAt: isoNow(ctx),
    });
    await ctx.db.approvals.update(approval.approvalId, { checks: approval.checks + 1, updatedAt: isoNow(ctx) });
    return true;
  });
  if (ready) await sendCall(ctx, approval.localId);
}
