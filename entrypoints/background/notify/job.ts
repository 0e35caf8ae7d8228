/**
 * The summaries' job: the notifications held for the minute's summary are told once their minute is over.
 * Telling is the browser's own work: the site's pause (a Retry-After) does not hold it back, only a full disk's
 * retry does (the pace is written to storage).
 */
import type { Job } from '@/entrypoints/background/core/jobs';
import { showDueSummaries } from '@/entrypoints/background/core/notifier';
import { nextSummaryAt } from '@/entrypoints/background/core/notice-pace';
import { storageRetryAt } from '@/entrypoints/background/core/storage-full';

export const summariesJob: Job = {
  name: 'summaries',
  dueAt: async () => {
    const at = await nextSummaryAt();
    if (at === null) return null;
    return Math.max(at, (await storageRetryAt()) ?? at);
  },
  run: showDueSummaries,
};
