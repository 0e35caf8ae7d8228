/** One wake of the background: resend what is due, check waiting approvals, poll open calls and waiting share drafts. */
import { checkDueApprovals } from '@/entrypoints/background/approvals/resender';
import type { Ctx } from '@/entrypoints/background/core/context';
import { ensureFindingsWatch } from '@/entrypoints/background/findings/watcher';
import { showDueSummaries } from '@/entrypoints/background/notify/notifier';
import { sendDue } from '@/entrypoints/background/calls/outbox';
import { pollDue } from '@/entrypoints/background/calls/poller';
import { pollShares } from '@/entrypoints/background/sharing/poller';

export async function runDueJobs(ctx: Ctx): Promise<void> {
  await sendDue(ctx);
  await checkDueApprovals(ctx);
  const polled = await pollDue(ctx);
  // A call keeps its findings as it ends: read them soon after one ended.
  await ensureFindingsWatch(ctx, polled.ended > 0);
  await pollShares(ctx);
  await showDueSummaries(ctx);
}
