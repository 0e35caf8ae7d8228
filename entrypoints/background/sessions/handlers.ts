/** The sessions commands' handlers (lib/protocol/sessions.ts), each a call into this folder's modules. */
import type { sessionsCommands } from '@/lib/protocol/sessions';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { refreshSession } from '@/entrypoints/background/connection/connect';
import { createSession, putAnswers, putDetails, refreshPlan, saveAnswerDraft, saveTextDraft } from './sessions';

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
