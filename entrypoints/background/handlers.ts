/** The command handlers of lib/messages, each a thin call into its job's module. */
import type { CommandHandlers } from '../../lib/messages';
import { CommandFailure, localError } from '../../lib/messages';
import { memberCameBack } from './approvals';
import { openSitePage } from './open-site-page';
import { reportCall, stopCall } from './calls-control';
import { connect, disconnect, markPrivacyLineShown, refreshMe, refreshSession } from './connection';
import type { Ctx } from './context';
import { downloadFile } from './downloads';
import { runFind } from './find';
import { retryCall, startCall } from './outbox';
import { refreshCall } from './poller';
import { preview } from './preview';
import { clearCache, pruneCache } from './cache';
import { storageHasRoom } from './storage-full';
import { openExternalUrl } from './external-url';
import { watchFindings } from './findings-watcher';
import {
  createSession,
  dropSentDrafts,
  putAnswers,
  putDetails,
  refreshPlan,
  saveAnswerDraft,
  saveTextDraft,
} from './sessions';
import { setSettings } from './settings';
import { spending } from './spending';
import { askCoverage, createShare, packageShare, putShareFiles, refreshShare, refreshSharedProjects } from './sharing';
import { uploadFile } from './uploads';
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
