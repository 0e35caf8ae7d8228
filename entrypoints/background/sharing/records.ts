/**
 * Share drafts as the site last described them, in the shares table, with the pace at which a draft that
 * waits for the member's sign-off is read again: fast right after it was packaged or the member asked, then
 * slower, so a draft the member leaves for days costs a read every few minutes, not every few seconds.
 */
import { knownValue } from '@/lib/contract/tolerant';
import type { ShareDraft } from '@/lib/contract/shares';
import type { ShareRow } from '@/lib/db';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** Until `checks` reads, wait `everyMs` between reads: half a minute fast, then backing off to 10 minutes. */
const SHARE_CHECK_STEPS: readonly { untilChecks: number; everyMs: number }[] = [
  { untilChecks: 6, everyMs: 5 * SECOND },
  { untilChecks: 14, everyMs: 15 * SECOND },
  { untilChecks: 22, everyMs: MINUTE },
];
const SHARE_CHECK_SLOWEST_MS = 10 * MINUTE;

/** How long after its last read a waiting draft is read again, after `checks` reads. */
export function shareCheckDelayMs(checks: number): number {
  for (const step of SHARE_CHECK_STEPS) if (checks < step.untilChecks) return step.everyMs;
  return SHARE_CHECK_SLOWEST_MS;
}

export function isWaitingForSignOff(draft: ShareDraft): boolean {
  return knownValue(draft.status) === 'waiting_sign_off';
}

export interface RecordOutcome {
  /** The draft left waiting_sign_off with this read (signed off or discarded on the site). */
  leftWaiting: boolean;
}

/**
 * Stores a draft as just read. A waiting draft is scheduled for its next read; `fastAgain` (a command the
 * member gave) starts the pace over.
 */
export async function recordDraft(
  ctx: Ctx,
  draft: ShareDraft,
  options: { fastAgain: boolean },
): Promise<RecordOutcome> {
  return ctx.db.transaction('rw', ctx.db.shares, async () => {
    const before = await ctx.db.shares.get(draft.draftId);
    const waiting = isWaitingForSignOff(draft);
    const checks = waiting && !options.fastAgain && before?.checks !== undefined ? before.checks + 1 : 0;
    const row: ShareRow = {
      draftId: draft.draftId,
      draft,
      readAt: isoNow(ctx),
      checks,
      nextCheckAt: waiting ? ctx.now() + shareCheckDelayMs(checks) : null,
    };
    await ctx.db.shares.put(row);
    return { leftWaiting: before !== undefined && isWaitingForSignOff(before.draft) && !waiting };
  });
}

/** A read that failed: try again at the next step of the pace, keeping what was known. */
export async function postponeDraftCheck(ctx: Ctx, draftId: string, notBefore: number | null = null): Promise<void> {
  await ctx.db.transaction('rw', ctx.db.shares, async () => {
    const row = await ctx.db.shares.get(draftId);
    if (!row || !isWaitingForSignOff(row.draft)) return;
    const checks = (row.checks ?? 0) + 1;
    const next = Math.max(ctx.now() + shareCheckDelayMs(checks), notBefore ?? 0);
    await ctx.db.shares.update(draftId, { checks, nextCheckAt: next });
  });
}
