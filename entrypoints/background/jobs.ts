/** One wake of the background: resend what is due, check waiting approvals, poll open calls and waiting share drafts. */
import { runningCallCount } from '../../lib/db';
import { checkDueApprovals } from './approvals';
import type { Ctx } from './context';
import { ensureFindingsWatch } from './findings-watcher';
import { showDueSummaries } from './notifier';
import { sendDue } from './outbox';
import { pollDue } from './poller';
import { pollShares } from './share-poller';

export async function runDueJobs(ctx: Ctx): Promise<void> {
  await sendDue(ctx);
  await checkDueApprovals(ctx);
  const running = await runningCallCount(ctx.db);
  await pollDue(ctx);
  // A call keeps its findings as it ends: read them soon after one ended.
  await ensureFindingsWatch(ctx, (await runningCallCount(ctx.db)) < running);
  await pollShares(ctx);
  await showDueSummaries(ctx);
}
