/** Sessions: open one, answer its questions, rewrite its request, read its plan, keep what is typed. */
import * as z from 'zod/mini';
import { AnswerInputSchema } from '@/lib/contract/calls';
import { command, Empty, id, str } from './command';
import { MAX_DETAILS_CHARS, MAX_OWN_ANSWER_CHARS } from '@/lib/contract/limits';

export const sessionsCommands = () => ({
  /** Read GET /sessions/{id} into the sessions table. */
  refreshSession: command(z.object({ sessionId: id() }), Empty),
  /**
   * POST /sessions: open a session as "Plan my project" (plan) or "Ask a question" (question). Stored in
   * sessions. `byFirstCall`: the site did not open it (POST /sessions is named without a shape, G33); nothing
   * was started, and the session opens with its first POST /calls, which is charged: the member starts it.
   */
  createSession: command(
    z.object({ agentId: id(), way: z.enum(['plan', 'question']), details: z.optional(str(0, MAX_DETAILS_CHARS)) }),
    z.union([z.object({ sessionId: z.string() }), z.object({ byFirstCall: z.literal(true) })]),
  ),
  /**
   * PUT /sessions/{id}/answers. Sent answers' drafts are dropped; a 400 invalid_answers leaves them, each with
   * the site's problem (answerDrafts.siteProblem), and replies with the error.
   */
  putAnswers: command(z.object({ sessionId: id(), answers: z.record(z.string(), AnswerInputSchema) }), Empty),
  /** PUT /sessions/{id}/details: rewrite the request (re-reads questions). 409 plan_ran is said in words. */
  putDetails: command(z.object({ sessionId: id(), details: str(0, MAX_DETAILS_CHARS) }), Empty),
  /** GET /sessions/{id}/plan into the plans table (plan null before one exists). */
  refreshPlan: command(z.object({ sessionId: id() }), z.object({ version: z.nullable(z.number()) })),
  /** One question's answer as the member types it (the panel debounces); the background writes it. */
  saveAnswerDraft: command(
    z.object({
      sessionId: id(),
      key: str(1, 128),
      draft: z.object({
        choice: z.nullable(z.enum(['option', 'own', 'left_to_agent'])),
        optionKeys: z.array(str(1, 128)).check(z.maxLength(16)),
        // Twice the contract's length: the worker's own check words a longer answer's refusal.
        own: str(0, 2 * MAX_OWN_ANSWER_CHARS),
      }),
    }),
    Empty,
  ),
  /** Free text the member types (e.g. `revise:<sessionId>`); empty text deletes the draft. */
  saveTextDraft: command(z.object({ id: str(1, 200), text: str(0, MAX_DETAILS_CHARS) }), Empty),
});
