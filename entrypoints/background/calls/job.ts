/** The calls' job: resend what is due in the outbox, check waiting approvals, poll open calls, read the balance they moved. */
import { dueWhileConnected, type Job } from '@/entrypoints/background/core/jobs';
import { callEnded } from '@/entrypoints/background/findings/job';
import { checkDueApprovals } from './approval-resender';
import { readMeIfBehind } from './balance';
import { claimLeaseEndsAt, sendDue } from './outbox';
import { pollDue } from './poller';

export const callsJob: Job = {
  name: 'calls',
  dueAt: (ctx) =>
    dueWhileConnected(ctx, async (conn) => {
      const now = ctx.now();
      const times: number[] = [];
      const calls = await ctx.db.calls.where('state').anyOf(['outbox', 'started']).toArray();
      for (const c of calls) {
        if (c.connectionId !== conn.connectionId) continue;
        times.push(c.state === 'outbox' ? (c.nextSendAt ?? now) : (c.nextPollAt ?? now));
      }
      // A claim is taken back when its lease ends, whoever made it: a call never stays "Sending…" for good.
      for (const c of await ctx.db.calls.where('state').equals('sending').toArray()) times.push(claimLeaseEndsAt(c));
      for (const a of await ctx.db.approvals.where('status').equals('pending').toArray()) times.push(a.nextCheckAt);
      return times;
    }),
  run: async (ctx) => {
    await sendDue(ctx);
    await checkDueApprovals(ctx);
    const polled = await pollDue(ctx);
    // A call keeps its findings as it ends: read them soon after one ended.
    if (polled.ended > 0) await callEnded(ctx);
    // After a 202 or an end, the balance as the site has it now: one read for all of this run's.
    await readMeIfBehind(ctx);
  },
};
