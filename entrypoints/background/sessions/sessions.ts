/**
 * Sessions: open one (plan or question), send answers, rewrite the request, read the plan. Every answer is
 * stored (sessions, plans, answerDrafts) before the command replies, so the panel reads it through liveQuery.
 *
 * POST /sessions, PUT answers, PUT details and GET plan are named by the contract without a shape: each goes
 * through capabilities.tryOffered, and any failure of one that is the endpoint's own (G33) takes the shaped way
 * at once: a session opened by its first POST /calls (the reply says so, and the panel asks the member to
 * start that call, which is charged), the plan from the apply call's note; answers and a rewrite have no
 * shaped way of their own, so the endpoint's words or a clear "not available on this site" are said.
 */
import { sessionRow } from '@/lib/db/session-row';
import { ApiError, type ApiProblem } from '@/lib/api/errors';
import type { Questions, Session } from '@/lib/contract/sessions';
import type { AnswerInput } from '@/lib/contract/calls';
import type { AnswerDraftRow } from '@/lib/db';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { planFromResults, planResultExists } from '@/lib/sessions/plan-revision';
import { rewriteWords } from '@/lib/sessions/rewrite';
import { offeredOrSay, tryOffered } from '@/entrypoints/background/core/capabilities';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { withApi } from '@/entrypoints/background/core/with-api';
import { t } from '@/lib/i18n';

async function storeSession(ctx: Ctx, session: Session): Promise<void> {
  await ctx.db.sessions.put(sessionRow(session, isoNow(ctx)));
}

/** The questions object of PUT answers or details goes into the stored session; read the whole session when none is stored. */
async function storeQuestions(ctx: Ctx, sessionId: string, questions: Questions): Promise<void> {
  const stored = await ctx.db.transaction('rw', ctx.db.sessions, async () => {
    const row = await ctx.db.sessions.get(sessionId);
    if (!row) return false;
    await ctx.db.sessions.put(sessionRow({ ...row.session, questions }, isoNow(ctx)));
    return true;
  });
  if (!stored) await storeSession(ctx, await withApi(ctx, (api) => api.getSession(sessionId)));
}

export async function createSession(
  ctx: Ctx,
  p: { agentId: string; way: 'plan' | 'question'; details?: string },
): Promise<CommandReply<'createSession'>> {
  const details = p.details?.trim() ? p.details : undefined;
  const made = await tryOffered(
    ctx,
    'createSession',
    (api) =>
      api.createSession(
        details === undefined ? { agentId: p.agentId, way: p.way } : { agentId: p.agentId, way: p.way, details },
      ),
    { about: p.agentId },
  );
  // Nothing was started: POST /sessions is free, a session's first call is not, so the member is shown that
  // call's charge and starts it (the panel's by-call confirmation). POST /sessions is not asked again now.
  if (!made.offered) return { byFirstCall: true };
  await storeSession(ctx, made.value);
  return { sessionId: made.value.sessionId };
}

export async function putAnswers(
  ctx: Ctx,
  p: { sessionId: string; answers: Record<string, AnswerInput> },
): Promise<void> {
  const keys = Object.keys(p.answers);
  if (keys.length === 0) throw new CommandFailure(localError('nothing_to_send', t('background.answerFirst')));
  let questions: Questions;
  try {
    const put = await tryOffered(ctx, 'putAnswers', (api) => api.putAnswers(p.sessionId, p.answers), {
      about: p.sessionId,
    });
    // The answers stay as drafts here; the next apply call carries them in `answers` (a shaped field).
    questions = offeredOrSay(put, () => t('background.notOffered.answers'));
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
    const put = await tryOffered(ctx, 'putDetails', (api) => api.putDetails(p.sessionId, p.details), {
      about: p.sessionId,
    });
    const questions = offeredOrSay(put, () => t('background.notOffered.details'));
    await storeQuestions(ctx, p.sessionId, questions);
    await ctx.db.textDrafts.delete(`details:${p.sessionId}`);
  } catch (err) {
    const planRan =
      err instanceof ApiError &&
      (err.code === 'plan_ran' || (err.code === 'invalid_state' && err.reason === 'plan_ran'));
    if (!planRan) throw err;
    // The stored session may predate the plan's call: read it so the panel stops offering the rewrite.
    await refreshStoredSession(ctx, p.sessionId).catch(() => undefined);
    const error = toMemberError(err);
    throw new CommandFailure({
      ...error,
      code: 'plan_ran',
      message: rewriteWords({ send: false, reason: 'plan_ran' }),
    });
  }
}

async function refreshStoredSession(ctx: Ctx, sessionId: string): Promise<void> {
  await storeSession(ctx, await withApi(ctx, (api) => api.getSession(sessionId)));
}

/**
 * GET plan; 404 before a plan exists is stored as "no plan yet", not an error. Any other failure of GET plan
 * that is the endpoint's own (lib/api/capabilities readFailure: absent, a coded 404 once an apply call passed,
 * a 503) gets the plan from the session's results: the note of the apply call that wrote it, under its header.
 */
export async function refreshPlan(ctx: Ctx, sessionId: string): Promise<CommandReply<'refreshPlan'>> {
  const stored = await ctx.db.sessions.get(sessionId);
  const planShouldExist =
    stored !== undefined &&
    (planResultExists(stored.session) ||
      stored.session.results.some((r) => r.callId === 'apply' && r.status === 'passed'));
  // Before a plan exists, 404 not_found is "no plan yet": never a sign the site lacks GET plan.
  const isAnswer = (err: unknown) =>
    err instanceof ApiError && err.status === 404 && err.code === 'not_found' && !planShouldExist;
  try {
    const read = await tryOffered(ctx, 'getPlan', (api) => api.getPlan(sessionId), { about: sessionId, isAnswer });
    const plan = read.offered ? read.value : stored ? planFromResults(stored.session, stored.readAt) : null;
    await ctx.db.plans.put({ sessionId, plan, readAt: isoNow(ctx) });
    return { version: plan?.version ?? null };
  } catch (err) {
    // isAnswer's 404 before any plan: "no plan yet".
    if (!(err instanceof ApiError && err.code === 'not_found' && stored)) throw err;
    await ctx.db.plans.put({ sessionId, plan: null, readAt: isoNow(ctx) });
    return { version: null };
  }
}

export async function saveAnswerDraft(ctx: Ctx, p: Pick<AnswerDraftRow, 'sessionId' | 'key' | 'draft'>): Promise<void> {
  // A new edit answers the site's last word on it: the problem is shown again only if a send repeats it.
  await ctx.db.answerDrafts.put({
    sessionId: p.sessionId,
    key: p.key,
    draft: p.draft,
    siteProblem: null,
    updatedAt: isoNow(ctx),
  });
}

export async function saveTextDraft(ctx: Ctx, p: { id: string; text: string }): Promise<void> {
  if (p.text === '') await ctx.db.textDrafts.delete(p.id);
  else await ctx.db.textDrafts.put({ id: p.id, text: p.text, updatedAt: isoNow(ctx) });
}

/** The session read again from the site and its row written. */
export async function refreshSession(ctx: Ctx, sessionId: string): Promise<void> {
  const session = await withApi(ctx, (api) => api.getSession(sessionId));
  await ctx.db.sessions.put(sessionRow(session, isoNow(ctx)));
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
