/** The command handlers of lib/messages, each a thin call into its job's module. */
import type { CommandHandlers } from '@/lib/messages';
import { CommandFailure, localError } from '@/lib/messages';
import { memberCameBack } from '@/entrypoints/background/approvals/resender';
import { openSitePage } from '@/entrypoints/background/platform/open-site-page';
import { reportCall, stopCall } from '@/entrypoints/background/calls/control';
import {
  connect,
  disconnect,
  markPrivacyLineShown,
  refreshMe,
  refreshSession,
} from '@/entrypoints/background/connection/connect';
import type { Ctx } from './context';
import { downloadFile } from '@/entrypoints/background/files/downloads';
import { runFind } from '@/entrypoints/background/find/find';
import { retryCall, startCall } from '@/entrypoints/background/calls/outbox';
import { refreshCall } from '@/entrypoints/background/calls/poller';
import { preview } from '@/entrypoints/background/preview/preview';
import { clearCache, pruneCache } from '@/entrypoints/background/storage/cache';
import { storageHasRoom } from '@/entrypoints/background/storage/storage-full';
import { openExternalUrl } from '@/entrypoints/background/platform/external-url';
import { watchFindings } from '@/entrypoints/background/findings/watcher';
import {
  createSession,
  dropSentDrafts,
  putAnswers,
  putDetails,
  refreshPlan,
  saveAnswerDraft,
  saveTextDraft,
} from '@/entrypoints/background/sessions/sessions';
import { setSettings } from '@/entrypoints/background/options/settings';
import { spending } from '@/entrypoints/background/history/spending';
import {
  askCoverage,
  createShare,
  packageShare,
  putShareFiles,
  refreshShare,
  refreshSharedProjects,
} from '@/entrypoints/background/sharing/sharing';
import { uploadFile } from '@/entrypoints/background/files/uploads';
import { t } from '@/lib/i18n';

export function buildHandlers(ctx: Ctx): CommandHandlers {
  return {
    connect: (p) => connect(ctx, p),
    disconnect: async () => {
      await disconnect(ctx);
      return {};
    },
    refreshMe: () => refreshMe(ctx),
    markPrivacyLineShown: async () => {
      await markPrivacyLineShown(ctx);
      return {};
    },
    find: (p) => runFind(ctx, p.text, 'panel'),
    preview: (p) => preview(ctx, p),
    startCall: async (p) => {
      const reply = await startCall(ctx, p);
      await dropSentDrafts(ctx, p.request, reply.state);
      return reply;
    },
    retryCall: (p) => retryCall(ctx, p.localId),
    stopCall: (p) => stopCall(ctx, p.runId),
    reportCall: (p) => reportCall(ctx, p),
    refreshCall: async (p) => {
      const row = await ctx.db.calls.get(p.localId);
      if (!row) throw new CommandFailure(localError('not_found', t('background.noSuchCall')));
      await refreshCall(ctx, p.localId);
      return {};
    },
    refreshSession: async (p) => {
      await refreshSession(ctx, p.sessionId);
      return {};
    },
    refreshFindings: () => watchFindings(ctx),
    createSession: (p) => createSession(ctx, p),
    putAnswers: async (p) => {
      await putAnswers(ctx, p);
      return {};
    },
    putDetails: async (p) => {
      await putDetails(ctx, p);
      return {};
    },
    refreshPlan: (p) => refreshPlan(ctx, p.sessionId),
    saveAnswerDraft: async (p) => {
      await saveAnswerDraft(ctx, p);
      return {};
    },
    saveTextDraft: async (p) => {
      await saveTextDraft(ctx, p);
      return {};
    },
    openExternalUrl: async (p) => {
      await openExternalUrl(p.url);
      return {};
    },
    spending: (p) => spending(ctx, p.since),
    clearCache: async () => ({ removed: await clearCache(ctx) }),
    freeSpace: async () => {
      const removed = await pruneCache(ctx);
      await storageHasRoom();
      await ctx.reschedule();
      return { removed };
    },
    setSettings: async (p) => {
      await setSettings(ctx, p);
      return {};
    },
    downloadFile: (p) => downloadFile(ctx, p),
    approvalCameBack: (p) => memberCameBack(ctx, p.approvalId),
    openSitePage: async (p) => {
      await openSitePage(ctx, p.url);
      return {};
    },
    uploadFile: (p) => uploadFile(ctx, p),
    askCoverage: (p) => askCoverage(ctx, p.description),
    createShare: (p) => createShare(ctx, p),
    putShareFiles: (p) => putShareFiles(ctx, p.draftId, p.fileIds),
    packageShare: (p) => packageShare(ctx, p.draftId),
    refreshShare: async (p) => {
      await refreshShare(ctx, p.draftId);
      return {};
    },
    refreshSharedProjects: () => refreshSharedProjects(ctx),
  };
}
