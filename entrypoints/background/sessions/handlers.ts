/** The sessions commands' handlers (lib/protocol/sessions.ts), each a call into this folder's modules. */
import type { sessionsCommands } from '@/lib/protocol/sessions';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import {
  createSession,
  putAnswers,
  putDetails,
  refreshPlan,
  refreshSession,
  saveAnswerDraft,
  saveTextDraft,
} from './sessions';

// What other features call: a feature is reached through its handlers.ts or its job.ts (npm run imports).
export { dropSentDrafts, refreshSession } from './sessions';

export function sessionsHandlers(ctx: Ctx): HandlersOf<typeof sessionsCommands> {
  return {
    refreshSession: (p) => refreshSession(ctx, p.sessionId),
    createSession: (p) => createSession(ctx, p),
    putAnswers: (p) => putAnswers(ctx, p),
    putDetails: (p) => putDetails(ctx, p),
    refreshPlan: (p) => refreshPlan(ctx, p.sessionId),
    saveAnswerDraft: (p) => saveAnswerDraft(ctx, p),
    saveTextDraft: (p) => saveTextDraft(ctx, p),
  };
}
