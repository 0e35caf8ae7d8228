/** The summaries' job: the notifications held for the minute's summary are told once their minute is over. */
import { dueWhileConnected, type Job } from '@/entrypoints/background/core/jobs';
import { showDueSummaries } from '@/entrypoints/background/core/notifier';
import { nextSummaryAt } from '@/entrypoints/background/core/notice-pace';

export const summariesJob: Job = {
  name: 'summaries',
  dueAt: (ctx) => dueWhileConnected(ctx, async () => [await nextSummaryAt()]),
  run: showDueSummaries,
};
