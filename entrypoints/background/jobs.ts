/** One wake of the background: resend what is due, check waiting approvals, poll open calls and waiting share drafts. */
import { checkDueApprovals } from './approvals';
import type { Ctx } from './context';
import { ensureFindingsWatch } from './findings-watcher';
import { sendDue } from './outbox';
import { pollDue } from './poller';
import { pollShares } from './share-poller';

export async function runDueJobs(ctx: Ctx): Promise<void> {
  await sendDue(ctx);
  await checkDueApprovals(ctx);
  await pollDue(ctx);
  // A call keeps its findings as it ends: read them soon after.
  await ensureFindingsWatch(ctx);
  await pollShares(ctx);
}
