/** The calls and approvals commands' handlers (lib/protocol/calls.ts, approvals.ts), each a call into this folder's modules. */
import type { approvalsCommands } from '@/lib/protocol/approvals';
import type { callsCommands } from '@/lib/protocol/calls';
import type { HandlersOf } from '@/lib/protocol/commands';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import { t } from '@/lib/i18n';
import type { Ctx } from '@/entrypoints/background/core/context';
import { dropSentDrafts } from '@/entrypoints/background/sessions/handlers';
import { reportCall, stopCall } from './stop-and-report';
import { memberCameBack } from './approval-resender';
import { readMeIfBehind } from './balance';
import { retryCall, startCall } from './outbox';
import { refreshCall } from './poller';

// What other features call: a feature is reached through its handlers.ts or its job.ts (npm run imports).
export { rememberApprovalTab } from './approval-resender';
export { refreshCall } from './poller';

export function callsHandlers(ctx: Ctx): HandlersOf<typeof callsCommands> & HandlersOf<typeof approvalsCommands> {
  return {
    startCall: async (p) => {
      const reply = await startCall(ctx, p);
      // The call is stored and sent: answers' drafts that could not be dropped are not a failure of the start.
      await dropSentDrafts(ctx, p.request, reply.state).catch(() => undefined);
      return reply;
    },
    retryCall: (p) => retryCall(ctx, p.localId, { asNewCall: p.asNewCall }),
    stopCall: (p) => stopCall(ctx, p.runId),
    reportCall: (p) => reportCall(ctx, p),
    refreshCall: async (p) => {
      const row = await ctx.db.calls.get(p.localId);
      if (!row) throw new CommandFailure(localError('not_found', t('background.noSuchCall')));
      await refreshCall(ctx, p.localId);
      // It may have ended just now, outside the calls' job: the balance it moved, read now (once, if behind).
      await readMeIfBehind(ctx);
    },
    approvalCameBack: (p) => memberCameBack(ctx, p.approvalId),
  };
}
