/** The sharing commands' handlers (lib/protocol/sharing.ts), each a call into this folder's modules. */
import type { sharingCommands } from '@/lib/protocol/sharing';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { askCoverage, createShare, packageShare, putShareFiles, refreshShare, refreshSharedProjects } from './sharing';

export function sharingHandlers(ctx: Ctx): HandlersOf<typeof sharingCommands> {
  return {
    askCoverage: (p) => askCoverage(ctx, p.description),
    createShare: (p) => createShare(ctx, p),
    putShareFiles: (p) => putShareFiles(ctx, p.draftId, p.fileIds),
    packageShare: (p) => packageShare(ctx, p.draftId),
    refreshShare: (p) => refreshShare(ctx, p.draftId),
    refreshSharedProjects: () => refreshSharedProjects(ctx),
  };
}
