/**
 * The daily prune of the cache (cache.ts): the first a day after the first start (a new install has nothing old
 * to prune: a wake a minute after it was a wake for nothing), then once a day.
 */
import { DAY_MS } from '@/lib/time';
import { jobTime, setJobTime } from '@/entrypoints/background/core/job-times';
import type { Job } from '@/entrypoints/background/core/jobs';
import { pruneCache } from './cache';

const PRUNE = 'prune';

export const pruneJob: Job = {
  name: PRUNE,
  dueAt: async (ctx) => {
    const kept = await jobTime(PRUNE);
    if (kept !== null) return kept;
    const first = ctx.now() + DAY_MS;
    await setJobTime(PRUNE, first);
    return first;
  },
  run: async (ctx) => {
    // The next day is kept first: a prune that fails is tried again tomorrow, not on every wake.
    await setJobTime(PRUNE, ctx.now() + DAY_MS);
    await pruneCache(ctx).catch(() => undefined);
  },
};
