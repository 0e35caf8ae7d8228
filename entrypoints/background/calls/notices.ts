/**
 * The calls' and approvals' notifications (raised once each through core/notifier.ts), and the ones a worker
 * stopped before telling them, told at the next start.
 */
import { chargedCents } from '@/lib/contract/charged';
import { isAmount, knownValue, readAmount } from '@/lib/contract/tolerant';
import { type ApprovalRow, type CallRow, getConnection } from '@/lib/db';
import { formatCents } from '@/lib/format/money';
import type { Ctx } from '@/entrypoints/background/core/context';
import { raiseOnce, UNTOLD_LOOKBACK_MS } from '@/entrypoints/background/core/notifier';
import { t } from '@/lib/i18n';

/**
 * A call's end in our words, with its outcome and amount on the title ("Passed · charged $0.23", "Failed · not
 * charged"). Nothing the site wrote goes in: not the agent's or the call's name, not the note. A notification
 * cannot show site text as quoted, so it shows none (the panel does, marked as the site's).
 */
export function callFinishedText(call: CallRow): { title: string; message: string } {
  const result = call.result;
  const status = knownValue(result?.status);
  const cents = result ? chargedCents(result) : null;
  const amount = cents === null ? null : formatCents(cents);
  if (status === 'passed' && result?.partial === true) {
    const title = amount === null ? t('notify.partialFree') : t('notify.partialCharged', { amount });
    return { title, message: t('notify.callPartial') };
  }
  if (status === 'passed') {
    const title = amount === null ? t('notify.passedFree') : t('notify.passedCharged', { amount });
    return { title, message: t('notify.callPassed') };
  }
  if (status === 'failed') return { title: t('notify.failedFree'), message: t('notify.callFailed') };
  return { title: t('notify.callEndedTitle'), message: t('notify.callEnded') };
}

/**
 * The most a call waiting for approval can hold once approved: the contract's limit is the smaller of the
 * spendable credits and the site's ceiling, or maxCents when sent, so the smaller of the member's own "Spend at
 * most" and the spendable credits last read is never less than it. Null when neither is known.
 */
async function mostItHolds(ctx: Ctx, approval: ApprovalRow): Promise<number | null> {
  const spendable = (await getConnection(ctx.db))?.me?.balance.spendableCents;
  const known = [approval.request.maxCents, readAmount(spendable)].filter(
    (c): c is number => typeof c === 'number' && isAmount(c),
  );
  return known.length === 0 ? null : Math.min(...known);
}

export function notifyCallFinished(ctx: Ctx, call: CallRow): Promise<boolean> {
  if (call.runId === null) return Promise.resolve(false);
  return raiseOnce(
    ctx,
    { eventKey: `call:${call.runId}:finished`, kind: 'call_finished', localId: call.localId, url: null },
    callFinishedText(call),
  );
}

export async function notifyApprovalNeeded(ctx: Ctx, approval: ApprovalRow): Promise<boolean> {
  const holds = await mostItHolds(ctx, approval).catch(() => null);
  return raiseOnce(
    ctx,
    {
      eventKey: `approval:${approval.approvalId}:needed`,
      kind: 'approval_needed',
      localId: approval.localId,
      url: approval.approvalUrl,
    },
    {
      title: holds === null ? t('notify.approvalTitle') : t('notify.approvalHolds', { amount: formatCents(holds) }),
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
