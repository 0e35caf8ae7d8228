/**
 * Sessions: open one (plan or question), send answers, rewrite the request, read the plan. Every answer is
 * stored (sessions, plans, answerDrafts) before the command replies, so the panel reads it through liveQuery.
 */
import { ApiError, type ApiProblem } from '../../lib/api/errors';
import type { AnswerInput, Questions, Session } from '../../lib/api/schemas';
import type { AnswerDraftRow } from '../../lib/db';
import { CommandFailure, type CommandReply, localError } from '../../lib/messages';
import { rewriteWords } from '../../lib/session/rewrite';
import { type Ctx, isoNow } from './context';
import { toMemberError } from './member-error';
import { withApi } from './with-api';

async function storeSession(ctx: Ctx, session: Session): Promise<void> {
  await ctx.db.sessions.put({ sessionId: session.sessionId, session, readAt: isoNow(ctx) });
}

/** The questions object of PUT answers or details goes into the stored session; read the whole session when none is stored. */
async function storeQuestions(ctx: Ctx, sessionId: string, questions: Questions): Promise<void> {
  const stored = await ctx.db.transaction('rw', ctx.db.sessions, async () => {
    const row = await ctx.db.sessions.get(sessionId);
    if (!row) return false;
    await ctx.db.sessions.put({ ...row, session: { ...row.session, questions }, readAt: isoNow(ctx) });
    return true;
  });
  if (!stored) await storeSession(ctx, await withApi(ctx, (api) => api.getSession(sessionId)));
}

export async function createSession(
  ctx: Ctx,
  p: { agentId: string; way: 'plan' | 'question'; details?: string },
): Promise<CommandReply<'createSession'>> {
  const details = p.details?.trim() ? p.details : undefined;
  const session = await withApi(ctx, (api) =>
    api.createSession(details === undefined ? { agentId: p.agentId, way: p.way } : { agentId: p.agentId, way: p.way, details }),
  );
  await storeSession(ctx, session);
  return { sessionId: session.sessionId };
}

export async function putAnswers(ctx: Ctx, p: { sessionId: string; answers: Record<string, AnswerInput> }): Promise<void> {
  const keys = Object.keys(p.answers);
  if (keys.length === 0) throw new CommandFailure(localError('nothing_to_send', 'Answer a question first; nothing was sent.'));
  let questions: Questions;
  try {
    questions = await withApi(ctx, (api) => api.putAnswers(p.sessionId, p.answers));
  } catch (err) {
    if (err instanceof ApiError && err.code === 'invalid_answers') await markProblems(ctx, p.sessionId, err.problems);
    throw err;
  }
  await storeQuestions(ctx, p.sessionId, questions);
  await ctx.db.answerDrafts.bulkDelete(keys.map((key) => [p.sessionId, key] as [string, string]));
}

/** The site's word on each answer that does not fit, on the member's draft of it (kept, not sent). */
async function markProblems(ctx: Ctx, sessionId: string, problems: readonly ApiProblem[]): Promise<void> {
  await ctx.db.transaction('rw', ctx.db.answerDrafts, async () => {
    for (const { key, problem } of problems) {
      // A problem given as plain text names no answer: the command's error carries it instead.
      if (key === null) continue;
      const row = await ctx.db.answerDrafts.get([sessionId, key]);
      if (row) await ctx.db.answerDrafts.put({ ...row, siteProblem: problem });
    }
  });
}

export async function putDetails(ctx: Ctx, p: { sessionId: string; details: string }): Promise<void> {
  try {
    const questions = await withApi(ctx, (api) => api.putDetails(p.sessionId, p.details));
    await storeQuestions(ctx, p.sessionId, questions);
    await ctx.db.textDrafts.delete(`details:${p.sessionId}`);
  } catch (err) {
    const planRan = err instanceof ApiError && (err.code === 'plan_ran' || (err.code === 'invalid_state' && err.reason === 'plan_ran'));
    if (!planRan) throw err;
    // The stored session may predate the plan's call: read it so the panel stops offering the rewrite.
    await refreshStoredSession(ctx, p.sessionId).catch(() => undefined);
    const error = toMemberError(err);
    throw new CommandFailure({ ...error, code: 'plan_ran', message: rewriteWords({ send: false, reason: 'plan_ran' }) });
  }
}

async function refreshStoredSession(ctx: Ctx, sessionId: string): Promise<void> {
  await storeSession(ctx, await withApi(ctx, (api) => api.getSession(sessionId)));
}

/** GET plan; 404 before a plan exists is stored as "no plan yet", not an error. */
export async function refreshPlan(ctx: Ctx, sessionId: string): Promise<CommandReply<'refreshPlan'>> {
  try {
    const plan = await withApi(ctx, (api) => api.getPlan(sessionId));
    await ctx.db.plans.put({ sessionId, plan, readAt: isoNow(ctx) });
    return { version: plan.version };
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'not_found' && (await ctx.db.sessions.get(sessionId)))) throw err;
    await ctx.db.plans.put({ sessionId, plan: null, readAt: isoNow(ctx) });
    return { version: null };
  }
}

export async function saveAnswerDraft(ctx: Ctx, p: Pick<AnswerDraftRow, 'sessionId' | 'key' | 'draft'>): Promise<void> {
  // A new edit answers the site's last word on it: the problem is shown again only if a send repeats it.
  await ctx.db.answerDrafts.put({ sessionId: p.sessionId, key: p.key, draft: p.draft, siteProblem: null, updatedAt: isoNow(ctx) });
}

export async function saveTextDraft(ctx: Ctx, p: { id: string; text: string }): Promise<void> {
  if (p.text === '') await ctx.db.textDrafts.delete(p.id);
  else await ctx.db.textDrafts.put({ id: p.id, text: p.text, updatedAt: isoNow(ctx) });
}

/** Answers sent with a call that the site took (202) are kept with the session: their drafts are done. */
export async function dropSentDrafts(
  ctx: Ctx,
  request: { sessionId?: string | null; answers?: Record<string, AnswerInput> | null },
  state: string,
): Promise<void> {
  if (state !== 'started' || !request.sessionId || !request.answers) return;
  const sessionId = request.sessionId;
  await ctx.db.answerDrafts.bulkDelete(Object.keys(request.answers).map((key) => [sessionId, key] as [string, string]));
}
