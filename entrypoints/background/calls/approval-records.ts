/**
 * What a needs_approval refusal and its later outcomes write: the approval row (the exact request, its id,
 * page and expiry) and the call's state. The resender (approval-resender.ts) acts on these rows.
 */
import type { ApiError } from '@/lib/api/errors';
import { readAmount, type Tolerant } from '@/lib/contract/tolerant';
import { type ApprovalReason, APPROVAL_REASONS } from '@/lib/contract/calls';
import type { ApprovalRow, CallRow, MemberError } from '@/lib/db';
import { localError } from '@/lib/protocol/envelope';
import { approvalCheckIntervalMs, approvalExpiresAt, earliestApprovalResendAt } from '@/lib/schedule';
import { offerNow } from '@/entrypoints/background/core/capabilities';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { notifyApprovalNeeded, notifyApprovalOutcome } from './notices';
import { t } from '@/lib/i18n';

function reasonOf(reason: string | null): Tolerant<ApprovalReason> | null {
  if (reason === null) return null;
  return (APPROVAL_REASONS as readonly string[]).includes(reason) ? (reason as ApprovalReason) : { unknown: reason };
}

/** 403 needs_approval: keep the exact request with its approval, tell the member, wait for the resender. */
export async function recordNeedsApproval(ctx: Ctx, call: CallRow, err: ApiError): Promise<void> {
  const error = toMemberError(err);
  if (err.approvalId === null || err.approvalUrl === null) {
    // Without an id there is nothing to resend with: the member starts it again after approving.
    await ctx.db.calls.update(call.localId, { state: 'refused', error, nextSendAt: null, updatedAt: isoNow(ctx) });
    return;
  }
  const now = ctx.now();
  const conn = await ctx.db.connection.get('current');
  const minutes = readAmount(conn?.me?.limits.approvalMinutes);
  const row: ApprovalRow = {
    approvalId: err.approvalId,
    localId: call.localId,
    connectionId: call.connectionId,
    approvalUrl: err.approvalUrl,
    reason: reasonOf(err.reason),
    request: call.request,
    expiresAt: new Date(approvalExpiresAt(now, minutes && minutes > 0 ? minutes : undefined)).toISOString(),
    status: 'pending',
    siteStatus: null,
    createdAt: isoNow(ctx),
    updatedAt: isoNow(ctx),
    nextCheckAt: now + approvalCheckIntervalMs(0),
    checks: 0,
    cameBackAt: null,
    resends: 0,
    lastResendAt: null,
    pageTabId: null,
  };
  await ctx.db.transaction('rw', ctx.db.approvals, ctx.db.calls, async () => {
    await ctx.db.approvals.put(row);
    await ctx.db.calls.update(call.localId, {
      state: 'needs_approval',
      error,
      approvalId: null,
      nextSendAt: null,
      updatedAt: isoNow(ctx),
    });
  });
  await notifyApprovalNeeded(ctx, row);
}

/** The approved request was accepted. */
export async function markApprovalRan(ctx: Ctx, approvalId: string): Promise<void> {
  await ctx.db.approvals.update(approvalId, { status: 'ran', updatedAt: isoNow(ctx) });
}

const DECLINED = (): MemberError => localError('approval_declined', t('call.declined'), { kind: 'none' });
const EXPIRED = (): MemberError =>
  localError('approval_expired', t('call.expired'), {
    kind: 'none',
  });

/** The approval ended without the call running: declined, ran out, or refused for another reason. */
export async function finishApproval(
  ctx: Ctx,
  approval: ApprovalRow,
  outcome: 'declined' | 'expired' | 'refused',
  refusal?: MemberError,
): Promise<void> {
  const error = outcome === 'declined' ? DECLINED() : outcome === 'expired' ? EXPIRED() : (refusal ?? EXPIRED());
  await ctx.db.transaction('rw', ctx.db.approvals, ctx.db.calls, async () => {
    await ctx.db.approvals.update(approval.approvalId, { status: outcome, updatedAt: isoNow(ctx) });
    const call = await ctx.db.calls.get(approval.localId);
    if (call && (call.state === 'needs_approval' || call.state === 'outbox' || call.state === 'unsent')) {
      await ctx.db.calls.update(call.localId, { state: outcome, error, nextSendAt: null, updatedAt: isoNow(ctx) });
    }
  });
  if (outcome !== 'refused') await notifyApprovalOutcome(ctx, approval, outcome);
}

/**
 * The connection an approval belongs to: its own, or on a row from before it was kept, its call's (the call
 * row always had one). Undefined when neither is known.
 */
export function approvalConnection(approval: ApprovalRow, call: CallRow | undefined): string | undefined {
  return approval.connectionId ?? call?.connectionId;
}

const EARLIER_CONNECTION = (): MemberError =>
  localError('earlier_connection', t('background.approvalEarlierConnection'), { kind: 'none' });

/**
 * The member connected to another connection or site since the call was refused for approval: its approval,
 * its details and the old key's approval id are never sent to the new site. The approval ends, and a call still
 * waiting for it ends with words; a call that ran keeps its state (the outbox ends one left to send).
 */
export async function endUnderEarlierConnection(ctx: Ctx, approval: ApprovalRow): Promise<void> {
  await ctx.db.transaction('rw', ctx.db.approvals, ctx.db.calls, async () => {
    const call = await ctx.db.calls.get(approval.localId);
    const ran = call?.state === 'started' || call?.state === 'finished';
    await ctx.db.approvals.update(approval.approvalId, { status: ran ? 'ran' : 'refused', updatedAt: isoNow(ctx) });
    if (call?.state === 'needs_approval') {
      await ctx.db.calls.update(call.localId, {
        state: 'refused',
        error: EARLIER_CONNECTION(),
        approvalId: null,
        nextSendAt: null,
        updatedAt: isoNow(ctx),
      });
    }
  });
}

/** The earliest moment a resend may go without the site's word that the member approved. */
export function earliestResend(approval: ApprovalRow): number {
  return earliestApprovalResendAt({
    createdAtMs: Date.parse(approval.createdAt),
    lastResendAt: approval.lastResendAt,
    resends: approval.resends,
  });
}

/** The member came back since the last resend (or since the refusal). */
export function cameBackSinceLastSend(approval: ApprovalRow): boolean {
  return (
    approval.cameBackAt !== null && (approval.lastResendAt === null || approval.cameBackAt > approval.lastResendAt)
  );
}

/**
 * Without GET /approvals (not offered, or failing now: G33), nothing is due until the member comes back (which
 * brings the check forward) or the approval runs out. After a came-back signal, the check waits for the gap.
 */
export function blindNextCheckAt(approval: ApprovalRow): number {
  const expires = Date.parse(approval.expiresAt);
  return cameBackSinceLastSend(approval) ? Math.min(expires, earliestResend(approval)) : expires;
}

/** Wait for the member again: check the approval later (by default on the pace of its kind of check). */
export async function keepWaiting(
  ctx: Ctx,
  approval: ApprovalRow,
  siteStatus: string | null,
  when: { expiresAt?: string; nextCheckAt?: number } = {},
): Promise<void> {
  const nextCheckAt = when.nextCheckAt ?? (await defaultNextCheck(ctx, approval));
  await ctx.db.approvals.update(approval.approvalId, {
    siteStatus,
    checks: approval.checks + 1,
    nextCheckAt: Math.max(nextCheckAt, ctx.now() + 1000),
    updatedAt: isoNow(ctx),
    ...(when.expiresAt ? { expiresAt: when.expiresAt } : {}),
  });
}

async function defaultNextCheck(ctx: Ctx, approval: ApprovalRow): Promise<number> {
  if ((await offerNow(ctx, 'getApproval')) === 'not_offered') return blindNextCheckAt(approval);
  return ctx.now() + approvalCheckIntervalMs(ctx.now() - Date.parse(approval.createdAt));
}

/**
 * 409 approval_not_usable on a resend. When the site had said "approved", the approval does not fit this
 * call (used, ran out, another amount): the call is refused. Otherwise it is not approved yet: wait on, and
 * the next resend is a new intent with a new key.
 */
export async function recordApprovalNotUsable(
  ctx: Ctx,
  call: CallRow,
  approvalId: string,
  error: MemberError,
): Promise<void> {
  const approval = await ctx.db.approvals.get(approvalId);
  if (!approval || approval.siteStatus === 'approved' || ctx.now() >= Date.parse(approval.expiresAt)) {
    await ctx.db.calls.update(call.localId, {
      state: 'refused',
      error,
      approvalId: null,
      nextSendAt: null,
      updatedAt: isoNow(ctx),
    });
    if (approval) await ctx.db.approvals.update(approvalId, { status: 'refused', updatedAt: isoNow(ctx) });
    return;
  }
  await ctx.db.calls.update(call.localId, {
    state: 'needs_approval',
    approvalId: null,
    nextSendAt: null,
    updatedAt: isoNow(ctx),
  });
  await keepWaiting(ctx, approval, approval.siteStatus);
}
