/**
 * The calls' and approvals' notifications (raised once each through core/notifier.ts), and the ones a worker
 * stopped before telling them, told at the next start.
 */
import { knownValue } from '@/lib/contract/tolerant';
import type { ApprovalRow, CallRow } from '@/lib/db';
import type { Ctx } from '@/entrypoints/background/core/context';
import { raiseOnce, UNTOLD_LOOKBACK_MS } from '@/entrypoints/background/core/notifier';
import { t } from '@/lib/i18n';

export function callFinishedText(call: CallRow): { title: string; message: string } {
  const status = knownValue(call.result?.status);
  const partial = call.result?.partial === true;
  if (status === 'passed') {
    return partial
      ? { title: t('notify.callPartialTitle'), message: t('notify.callPartial') }
      : { title: t('notify.callPassedTitle'), message: t('notify.callPassed') };
  }
  if (status === 'failed') {
    return { title: t('notify.callFailedTitle'), message: t('notify.callFailed') };
  }
  return { title: t('notify.callEndedTitle'), message: t('notify.callEnded') };
}

export function notifyCallFinished(ctx: Ctx, call: CallRow): Promise<boolean> {
  if (call.runId === null) return Promise.resolve(false);
  return raiseOnce(
    ctx,
    { eventKey: `call:${call.runId}:finished`, kind: 'call_finished', localId: call.localId, url: null },
    callFinishedText(call),
  );
}

export function notifyApprovalNeeded(ctx: Ctx, approval: ApprovalRow): Promise<boolean> {
  return raiseOnce(
    ctx,
    {
      eventKey: `approval:${approval.approvalId}:needed`,
      kind: 'approval_needed',
      localId: approval.localId,
      url: approval.approvalUrl,
    },
    {
      title: t('notify.approvalTitle'),
      message: t('notify.approval'),
    },
  );
}

export function notifyApprovalOutcome(
  ctx: Ctx,
  approval: ApprovalRow,
  outcome: 'declined' | 'expired',
): Promise<boolean> {
  return raiseOnce(
    ctx,
    {
      eventKey: `approval:${approval.approvalId}:${outcome}`,
      kind: 'approval_outcome',
      localId: approval.localId,
      url: null,
    },
    outcome === 'declined'
      ? { title: t('notify.declinedTitle'), message: t('call.declined') }
      : { title: t('notify.expiredTitle'), message: t('call.expired') },
  );
}

const UNTOLD_RECENT_CALLS = 200;

/** Whether the ledger has the event told (or too old to tell: raiseOnce decides that). */
async function told(ctx: Ctx, eventKey: string): Promise<boolean> {
  const row = await ctx.db.notifications.get(eventKey);
  return row !== undefined && row.toldAt !== null;
}

/**
 * A worker stopped between storing an event and telling it (a call's end, an approval asked for) would leave
 * it untold for ever: at each start, the recent ones missing from the ledger, or in it untold, are told now,
 * once.
 */
export async function tellUntoldEvents(ctx: Ctx): Promise<void> {
  const since = ctx.now() - UNTOLD_LOOKBACK_MS;
  const recent = await ctx.db.calls.orderBy('createdAt').reverse().limit(UNTOLD_RECENT_CALLS).toArray();
  for (const call of recent) {
    if (
      call.state !== 'finished' ||
      call.runId === null ||
      !call.result ||
      !call.finishedAt ||
      Date.parse(call.finishedAt) < since
    )
      continue;
    if (!(await told(ctx, `call:${call.runId}:finished`))) await notifyCallFinished(ctx, call);
  }
  for (const approval of await ctx.db.approvals.where('status').equals('pending').toArray()) {
    if (!(await told(ctx, `approval:${approval.approvalId}:needed`))) await notifyApprovalNeeded(ctx, approval);
  }
}
