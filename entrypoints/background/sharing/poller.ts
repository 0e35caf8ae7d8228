/**
 * Share drafts waiting for the member's sign-off are read again (GET /shares/{draftId}) on their pace
 * (share-records), until the site says they were signed off or discarded; then the shared projects are
 * read once, since a signed-off draft becomes one. A pause the site asked for holds these reads too.
 */
import { ApiError } from '@/lib/api/errors';
import { getConnection } from '@/lib/db';
import type { Ctx } from '@/entrypoints/background/core/context';
import { postponeDraftCheck, recordDraft } from './records';
import { refreshSharedProjects } from './sharing';
import { pausedUntil } from '@/entrypoints/background/core/status';
import { withApi } from '@/entrypoints/background/core/with-api';

/** The earliest read a waiting draft is due for (epoch ms), or null when none waits. */
export async function nextShareCheckAt(ctx: Ctx): Promise<number | null> {
  let next: number | null = null;
  await ctx.db.shares.each((row) => {
    if (row.nextCheckAt != null && (next === null || row.nextCheckAt < next)) next = row.nextCheckAt;
  });
  return next;
}

export async function pollShares(ctx: Ctx): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected' || conn.sessionId !== null) return;
  if ((await pausedUntil(ctx)) !== null) return;
  const now = ctx.now();
  const due = await ctx.db.shares.filter((row) => row.nextCheckAt != null && row.nextCheckAt <= now).toArray();
  let projectsChanged = false;
  for (const row of due) {
    try {
      const draft = await withApi(ctx, (api) => api.getShare(row.draftId));
      const outcome = await recordDraft(ctx, draft, { fastAgain: false });
      projectsChanged ||= outcome.leftWaiting;
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_found') {
        await ctx.db.shares.delete(row.draftId);
        continue;
      }
      const retryAfter =
        err instanceof ApiError && err.retryAfterSeconds !== null ? ctx.now() + err.retryAfterSeconds * 1000 : null;
      await postponeDraftCheck(ctx, row.draftId, retryAfter);
      if ((await getConnection(ctx.db))?.status !== 'connected') return;
    }
  }
  if (projectsChanged) await refreshSharedProjects(ctx).catch(() => undefined);
}
