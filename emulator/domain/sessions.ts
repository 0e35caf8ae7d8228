/**
 * Sessions: plan and question ways, question reads (the "pass"), answers, project details, the gate the
 * apply call waits on, short checks of unclear typed answers, and the plan's versions.
 */
import type { PlanInput, QuestionsInput, SessionInput, Way } from '@/lib/contract/sessions';
import type { Problem } from '@/lib/contract/errors';
import type { AnswerInput } from '@/lib/contract/calls';
import { DAY, HOUR, iso } from '@/emulator/clock';
import { ApiError, notFound, sessionScoped } from '@/emulator/errors';
import { newId } from '@/emulator/ids';
import type { QuestionSeed } from '@/emulator/seed';
import {
  type AgentRec,
  type AnswerRec,
  type ConnectionRec,
  newSessionRec,
  type ReadRec,
  type SessionRec,
} from '@/emulator/store';
import { ut, utName, utOrNull } from '@/emulator/text';
import type { World } from '@/emulator/world';
import { fitView, listedAgents } from './agents';
import { callView } from './call-view';
import { judgeFit } from './match';
import { PLAN_CUT_CHARS } from '@/lib/contract/limits';

const READS_PER_SESSION = 3;
const READS_PER_HOUR = 5;
const READS_PER_DAY = 20;
const SHORT_CHECKS_PER_DAY = 3;
/** A request longer than this is not read; it goes in as written (skippedWhy too_large). */
const READ_MAX_CHARS = 8000;
/** A typed answer longer than this is not checked (shortCheck skippedWhy too_large). */
const SHORT_CHECK_MAX_CHARS = 1000;

/** A session this connection may see: the member's, not deleted; a session-scoped key sees only its own. */
export function visibleSession(world: World, conn: ConnectionRec, sessionId: string): SessionRec {
  const session = world.store.sessions.get(sessionId);
  if (!session || session.memberId !== conn.memberId || session.status === 'deleted') {
    if (conn.sessionId !== null && conn.sessionId !== sessionId) throw sessionScoped();
    throw notFound();
  }
  if (conn.sessionId !== null && conn.sessionId !== session.id) throw sessionScoped();
  return session;
}

export function newSession(
  world: World,
  conn: ConnectionRec,
  agent: AgentRec,
  way: Way,
  details: string | null,
  now: number,
): SessionRec {
  const session = newSessionRec({
    id: newId('ses'),
    memberId: conn.memberId,
    agentId: agent.id,
    way,
    status: 'open',
    createdAt: now,
    startedByConnectionId: conn.id,
    details: details === '' ? null : details,
    planCallRan: false,
    runIds: [],
  });
  world.store.sessions.set(session.id, session);
  return session;
}

/** Questions a session may be answered on: the agent's plan questions and any asked back. */
export function askable(session: SessionRec | null, agent: AgentRec, way: Way | null): QuestionSeed[] {
  if (way === 'question') return [];
  return [...agent.questions, ...(session?.askedBack ?? [])];
}

function findMatchingOptions(q: QuestionSeed, text: string): string[] {
  const lower = text.toLowerCase();
  return q.options.filter((o) => o.label.length >= 3 && lower.includes(o.label.toLowerCase())).map((o) => o.key);
}

function memberReadsSince(world: World, memberId: string, since: number): number {
  return world.store.readLog.filter((r) => r.memberId === memberId && r.at > since).length;
}

/** A question read of the request as it stands: no model, the agent's questions and words in the request. */
export function runRead(world: World, session: SessionRec, now: number): void {
  const agent = world.store.agents.get(session.agentId);
  if (!agent) return;
  const details = session.details ?? '';
  const ran = session.reads.filter((r) => r.status !== 'skipped').length;
  const base = { at: now, detailsVersion: session.detailsVersion, verdict: null, fit: null, covers: false };
  let skippedWhy: ReadRec['skippedWhy'] = null;
  if (agent.behaviour.reads === 'switched_off') skippedWhy = 'switched_off';
  else if (ran >= READS_PER_SESSION) skippedWhy = 'session_limit';
  else if (
    memberReadsSince(world, session.memberId, now - HOUR) >= READS_PER_HOUR ||
    memberReadsSince(world, session.memberId, now - DAY) >= READS_PER_DAY
  ) {
    skippedWhy = 'member_limit';
  } else if (agent.behaviour.reads === 'site_budget') skippedWhy = 'site_budget';
  else if (Array.from(details).length > READ_MAX_CHARS) skippedWhy = 'too_large';
  if (skippedWhy) {
    session.reads.push({ ...base, status: 'skipped', skippedWhy });
    return;
  }
  world.store.readLog.push({ memberId: session.memberId, at: now });
  if (agent.behaviour.reads === 'fail') {
    session.reads.push({ ...base, status: 'failed', skippedWhy: null });
    return;
  }
  const fit = details.trim() === '' ? null : judgeFit(details, agent, listedAgents(world));
  const off = fit !== null && (fit.verdict === 'another_agent' || fit.verdict === 'no_agent');
  // Opening: the agent's questions in asking order (at most 4), then earlier answered ones left out.
  const opening = agent.questions.slice(0, 4).map((q) => q.key);
  for (const key of session.opening) if (!opening.includes(key) && session.answers.has(key)) opening.push(key);
  session.opening = opening;
  for (const q of agent.questions) {
    if (session.answers.has(q.key) || details === '') continue;
    const matched = findMatchingOptions(q, details);
    if (matched.length === 1 || (matched.length > 1 && q.multiple)) {
      session.answers.set(q.key, {
        key: q.key,
        kind: 'option',
        optionKeys: matched,
        own: null,
        by: 'connection',
        at: now,
        fromPrompt: true,
      });
    }
  }
  const covers = opening.length > 0 && opening.every((k) => session.answers.has(k));
  session.reads.push({
    ...base,
    status: 'done',
    skippedWhy: null,
    verdict: off ? 'off' : 'fits',
    fit:
      off && fit ? { verdict: fit.verdict as 'another_agent' | 'no_agent', otherAgentId: fit.other?.id ?? null } : null,
    covers,
  });
}

/** Problems with answers against the session's questions (400 invalid_answers); empty when they fit. */
export function answerProblems(questions: QuestionSeed[], answers: Record<string, AnswerInput>): Problem[] {
  const problems: Problem[] = [];
  for (const [key, answer] of Object.entries(answers)) {
    const q = questions.find((x) => x.key === key);
    if (!q) {
      problems.push({ key, problem: 'unknown_question' });
      continue;
    }
    if (answer.kind === 'option') {
      if (answer.optionKeys.length === 0) problems.push({ key, problem: 'no_option' });
      else if (answer.optionKeys.some((k) => !q.options.some((o) => o.key === k)))
        problems.push({ key, problem: 'unknown_option' });
      else if (!q.multiple && new Set(answer.optionKeys).size > 1) problems.push({ key, problem: 'one_option_only' });
    } else if (answer.kind === 'own' && answer.own.trim() === '') {
      problems.push({ key, problem: 'empty_answer' });
    }
  }
  return problems;
}

function unclear(text: string): boolean {
  const t = text.trim();
  return t.split(/\s+/).length < 2 || t.length < 8;
}

/** Checks a typed answer on the "small model": unclear ones are asked back (optional to answer). */
function shortCheck(
  world: World,
  session: SessionRec,
  agent: AgentRec,
  q: QuestionSeed,
  own: string,
  now: number,
): void {
  const used = world.store.shortCheckLog.filter((c) => c.memberId === session.memberId && c.at > now - DAY).length;
  let skippedWhy: 'member_limit' | 'site_budget' | 'too_large' | null = null;
  if (used >= SHORT_CHECKS_PER_DAY) skippedWhy = 'member_limit';
  else if (agent.behaviour.shortChecks === 'site_budget') skippedWhy = 'site_budget';
  else if (Array.from(own).length > SHORT_CHECK_MAX_CHARS) skippedWhy = 'too_large';
  if (skippedWhy) {
    session.shortCheck = { status: 'skipped', skippedWhy, at: now };
    return;
  }
  world.store.shortCheckLog.push({ memberId: session.memberId, at: now });
  if (agent.behaviour.shortChecks === 'fail') {
    session.shortCheck = { status: 'failed', skippedWhy: null, at: now };
    return;
  }
  if (!unclear(own)) {
    session.shortCheck = { status: 'clear', skippedWhy: null, at: now };
    return;
  }
  const key = `${q.key}_check`;
  session.askedBack = session.askedBack.filter((x) => x.key !== key);
  session.askedBack.push({
    key,
    ask: `You wrote "${own}" for ${q.detail}. Which of these is closest?`,
    why: 'The answer was short; this makes sure the agent reads it as meant.',
    detail: q.detail,
    options: q.options,
    recommended: q.recommended,
    recommendedWhy: q.recommendedWhy,
    multiple: q.multiple,
    required: false,
  });
  session.shortCheck = { status: 'asked', skippedWhy: null, at: now };
}

/** Keeps answers with the session (already judged to fit). Typed answers get a short check. */
export function keepAnswers(
  world: World,
  session: SessionRec,
  answers: Record<string, AnswerInput>,
  now: number,
): void {
  const agent = world.store.agents.get(session.agentId);
  if (!agent) return;
  const questions = askable(session, agent, session.way);
  for (const [key, answer] of Object.entries(answers)) {
    const q = questions.find((x) => x.key === key);
    if (!q) continue;
    const rec: AnswerRec = {
      key,
      kind: answer.kind,
      optionKeys:
        answer.kind === 'option'
          ? [...new Set(answer.optionKeys)]
          : answer.kind === 'left_to_agent'
            ? [q.recommended]
            : [],
      own: answer.kind === 'own' ? answer.own : null,
      by: 'connection',
      at: now,
      fromPrompt: false,
    };
    session.answers.set(key, rec);
    if (answer.kind === 'own' && !session.askedBack.includes(q)) shortCheck(world, session, agent, q, answer.own, now);
  }
}

function latestRead(session: SessionRec): ReadRec | null {
  return session.reads.at(-1) ?? null;
}

/** Keys the apply call waits for: required questions of a read that ran; none when it was skipped. */
function requiredKeys(world: World, session: SessionRec): string[] {
  if (session.way !== 'plan' || latestRead(session)?.status !== 'done') return [];
  const agent = world.store.agents.get(session.agentId);
  return (agent?.questions ?? []).filter((q) => q.required && session.opening.includes(q.key)).map((q) => q.key);
}

export interface GateView {
  ready: boolean;
  missing: { key: string; untrustedDetail: { untrustedText: string; truncated: boolean } }[];
}

/** The gate, optionally as if `alsoAnswered` keys were answered (a quote judging a request's answers). */
export function gateOf(world: World, session: SessionRec, alsoAnswered: Iterable<string> = []): GateView {
  const answered = new Set([...session.answers.keys(), ...alsoAnswered]);
  const agent = world.store.agents.get(session.agentId);
  const missing = requiredKeys(world, session)
    .filter((k) => !answered.has(k))
    .map((k) => ({ key: k, untrustedDetail: ut(agent?.questions.find((q) => q.key === k)?.detail ?? k) }));
  return { ready: missing.length === 0, missing };
}

/** PUT details: rewrite the request and read it again; refused once the plan's call ran. */
export function putDetails(world: World, session: SessionRec, details: string, now: number): void {
  if (session.status !== 'open') throw new ApiError(409, 'session_closed');
  if (session.planCallRan) throw new ApiError(409, 'invalid_state', { reason: 'plan_ran' });
  session.details = details === '' ? null : details;
  session.detailsVersion++;
  if (session.way === 'plan') runRead(world, session, now);
}

function questionView(q: QuestionSeed) {
  return {
    key: q.key,
    untrustedAsk: ut(q.ask),
    untrustedWhy: ut(q.why),
    untrustedDetail: ut(q.detail),
    options: q.options.map((o) => ({
      key: o.key,
      untrustedLabel: utName(o.label),
      untrustedDescription: ut(o.description),
    })),
    recommended: q.recommended,
    untrustedRecommendedWhy: ut(q.recommendedWhy),
    multiple: q.multiple,
    showIf: null,
    forQuestion: false,
  };
}

function answerText(q: QuestionSeed | undefined, a: AnswerRec): string {
  const label = (key: string) => q?.options.find((o) => o.key === key)?.label ?? key;
  if (a.kind === 'own') return a.own ?? '';
  if (a.kind === 'left_to_agent') return `Left to the agent: ${a.optionKeys.map(label).join(', ')}`;
  return a.optionKeys.map(label).join(', ');
}

export function questionsView(world: World, session: SessionRec, conn: ConnectionRec): QuestionsInput {
  const agent = world.store.agents.get(session.agentId);
  const all = agent ? askable(session, agent, session.way) : [];
  const byKey = new Map(all.map((q) => [q.key, q]));
  const latest = latestRead(session);
  const ran = session.reads.filter((r) => r.status !== 'skipped').length;
  const other = latest?.fit?.otherAgentId ? world.store.agents.get(latest.fit.otherAgentId) : undefined;
  const opening = session.opening.map((k) => byKey.get(k)).filter((q): q is QuestionSeed => q !== undefined);
  const unanswered = (q: QuestionSeed) => !session.answers.has(q.key);
  const ordered = [...opening, ...session.askedBack].filter((q, i, list) => list.indexOf(q) === i);
  return {
    sessionId: session.id,
    agentId: session.agentId,
    way: session.way ?? 'plan',
    untrustedDetails: utOrNull(session.details),
    pass: {
      status: latest?.status ?? null,
      skippedWhy: latest?.skippedWhy ?? null,
      verdict: latest?.verdict ?? null,
      covers: latest?.status === 'done' ? latest.covers : false,
      current: latest?.status === 'done' && latest.detailsVersion === session.detailsVersion,
      fit:
        latest?.fit && agent
          ? fitView(agent, conn, session, { verdict: latest.fit.verdict, other: other ?? null })
          : null,
      readsLeft: Math.max(0, READS_PER_SESSION - ran),
      canReread: session.status === 'open' && !session.planCallRan,
      planResultExists: session.plans.length > 0,
      at: latest ? iso(latest.at) : null,
    },
    questions:
      opening.length === 0
        ? null
        : {
            opening: opening.map(questionView),
            followUps: [],
            required: requiredKeys(world, session),
            forQuestion: [],
          },
    shown: session.way === 'plan' ? ordered.filter(unanswered).map(questionView) : [],
    answers: [...session.answers.values()].map((a) => ({
      key: a.key,
      kind: a.kind,
      optionKeys: a.optionKeys,
      untrustedOwn: utOrNull(a.own),
      by: a.by,
      at: iso(a.at),
      fromPrompt: a.fromPrompt,
    })),
    details: ordered
      .filter((q) => session.answers.has(q.key))
      .map((q) => {
        const a = session.answers.get(q.key) as AnswerRec;
        return { key: q.key, untrustedDetail: ut(q.detail), untrustedAnswer: ut(answerText(q, a)) };
      }),
    gate: gateOf(world, session),
    shortCheck: session.shortCheck
      ? { status: session.shortCheck.status, skippedWhy: session.shortCheck.skippedWhy, at: iso(session.shortCheck.at) }
      : null,
  };
}

export function sessionView(
  world: World,
  session: SessionRec,
  conn: ConnectionRec,
  origin: string,
  now: number,
): SessionInput {
  const agent = world.store.agents.get(session.agentId);
  const calls = session.runIds.map((id) => world.store.calls.get(id)).filter((c) => c !== undefined);
  const last = calls.at(-1);
  return {
    sessionId: session.id,
    agentId: session.agentId,
    untrustedAgentName: utName(agent?.name ?? ''),
    status: session.status,
    calls: calls.length,
    chargedCents: calls.reduce((sum, c) => sum + (c.final?.chargedCents ?? 0), 0),
    lastCallAt: last ? iso(last.startedAt) : null,
    untrustedMovedNote: utOrNull(session.movedNote),
    startedByThisConnection: session.startedByConnectionId === conn.id,
    way: session.way,
    research: session.research,
    questions: session.questionsUnreadable ? null : questionsView(world, session, conn),
    results: calls.map((c) => callView(world, c, origin, now)),
  };
}

export function planView(session: SessionRec): PlanInput {
  const plan = session.plans.at(-1);
  if (!plan) throw notFound();
  return {
    sessionId: session.id,
    runId: plan.runId,
    version: plan.version,
    untrustedMarkdown: ut(plan.markdown, PLAN_CUT_CHARS),
    at: iso(plan.at),
  };
}
