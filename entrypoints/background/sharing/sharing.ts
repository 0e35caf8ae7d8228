/**
 * The sharing commands (sharing switch, G14): which agent covers a kind of project, share drafts (start,
 * files, package) and the member's shared projects. Drafts and projects are stored (shares,
 * sharedProjects); the panel renders them from there. A key never signs off: the draft's signOffUrl is
 * the member's page on the site, opened only on the member's click (openSitePage).
 */
import { ApiError } from '@/lib/api/errors';
import type { CreateShareRequest } from '@/lib/contract/shares';
import { knownValue } from '@/lib/contract/tolerant';
import { checkPackage } from '@/lib/files/share-package';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { recordDraft } from './records';
import type { Api } from '@/entrypoints/background/core/api';
import { offeredOrSay, tryOffered } from '@/entrypoints/background/core/capabilities';
import { withApi } from '@/entrypoints/background/core/with-api';
import { t } from '@/lib/i18n';

/**
 * Sharing's endpoints are named by the contract without a shape, and have no shaped way: a failure says the
 * site's words, and a site that does not offer them says so.
 */
async function offeredSharing<T>(ctx: Ctx, job: (api: Api) => Promise<T>): Promise<T> {
  return offeredOrSay(await tryOffered(ctx, 'sharing', job), () => t('background.notOffered.sharing'));
}

export async function askCoverage(ctx: Ctx, description: string): Promise<CommandReply<'askCoverage'>> {
  const answer = await offeredSharing(ctx, (api) => api.coverage(description));
  return { answer };
}

export async function createShare(ctx: Ctx, request: CreateShareRequest): Promise<CommandReply<'createShare'>> {
  const draft = await offeredSharing(ctx, (api) => api.createShare(request));
  await recordDraft(ctx, draft, { fastAgain: true });
  return { draftId: draft.draftId };
}

export async function putShareFiles(
  ctx: Ctx,
  draftId: string,
  fileIds: string[],
): Promise<CommandReply<'putShareFiles'>> {
  const draft = await readOrForget(ctx, draftId, (api) => api.putShareFiles(draftId, fileIds));
  await recordDraft(ctx, draft, { fastAgain: true });
  return { draftId };
}

/** Packages a draft whose stored state passes the local check (open, 1 to 20 files, 1 MB in all). */
export async function packageShare(ctx: Ctx, draftId: string): Promise<CommandReply<'packageShare'>> {
  const row = await ctx.db.shares.get(draftId);
  if (row) {
    const check = checkPackage(row.draft);
    if (!check.ok)
      throw new CommandFailure(localError('invalid_package', t('background.notPackaged', { problem: check.message })));
  }
  const draft = await readOrForget(ctx, draftId, (api) => api.packageShare(draftId));
  await recordDraft(ctx, draft, { fastAgain: true });
  await ctx.reschedule();
  return { draftId, status: knownValue(draft.status) ?? 'unknown' };
}

/** Reads a draft now; a waiting one is then read at its fast pace again (the member may be signing off). */
export async function refreshShare(ctx: Ctx, draftId: string): Promise<void> {
  const draft = await readOrForget(ctx, draftId, (api) => api.getShare(draftId));
  const outcome = await recordDraft(ctx, draft, { fastAgain: true });
  if (outcome.leftWaiting) await refreshSharedProjects(ctx);
  await ctx.reschedule();
}

export async function refreshSharedProjects(ctx: Ctx): Promise<CommandReply<'refreshSharedProjects'>> {
  const answer = await offeredSharing(ctx, (api) => api.listSharedProjects());
  const readAt = isoNow(ctx);
  await ctx.db.transaction('rw', ctx.db.sharedProjects, async () => {
    await ctx.db.sharedProjects.clear();
    await ctx.db.sharedProjects.bulkPut(
      answer.projects.map((project) => ({ projectId: project.projectId, project, readAt })),
    );
  });
  return { count: answer.projects.length };
}

/** Runs a request on a draft; a draft the site no longer knows (404) is removed from the panel. */
async function readOrForget<T>(ctx: Ctx, draftId: string, job: Parameters<typeof withApi<T>>[1]): Promise<T> {
  try {
    return await withApi(ctx, job);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') await ctx.db.shares.delete(draftId);
    throw err;
  }
}
