/** The findings watch's job (watcher.ts): its next read as the watcher keeps it, made to match the connection first. */
import { jobTime } from '@/entrypoints/background/core/job-times';
import type { Ctx } from '@/entrypoints/background/core/context';
import type { Job } from '@/entrypoints/background/core/jobs';
import { ensureFindingsWatch, FINDINGS_JOB, watchFindings } from './watcher';

export const findingsJob: Job = {
  name: FINDINGS_JOB,
  dueAt: async (ctx) => {
    // A connection just made (or one whose findings choice was read) gets its watch; one gone loses it.
    await ensureFindingsWatch(ctx);
    return jobTime(FINDINGS_JOB);
  },
  // Failures are already on the background's status row, and the next read is set.
  run: (ctx) =>
    watchFindings(ctx).then(
      () => undefined,
      () => undefined,
    ),
};

/** A call just ended: it keeps its findings as it ends, so they are read within a minute. */
export function callEnded(ctx: Ctx): Promise<void> {
  return ensureFindingsWatch(ctx, true);
}
