/**
 * Calls: the seven rules of POST /calls in the order of G5, the hold, the lifecycle driven by the agent's
 * behaviour and the clock (in_progress, checking, passed or failed), stop, report, and the result view.
 * `judgeCall` is shared by POST /calls, the preview and the quote, so all three judge a call the same way.
 */
import type {
  ApprovalReason,
  LimitBy,
  ReportAnswerInput,
  ReportRequest,
  StartCallAnswerInput,
} from '@/lib/contract/calls';
import type { StartCallRequest } from '@/lib/contract/calls';
import { hasSecret } from '@/lib/safety/secret-guard';
import { DAY, iso } from '@/emulator/clock';
import { ApiError, invalidInput, invalidState, notFound, sessionScoped } from '@/emulator/errors';
import { newId } from '@/emulator/ids';
import type { CallSeed } from '@/emulator/seed';
import type { AgentRec, CallRec, ConnectionRec, FinalRec, MemberRec, SessionRec } from '@/emulator/store';
import type { World } from '@/emulator/world';
import { agentAllowed, isNew, listedAgents } from './agents';
import { needsApproval, usableApproval } from './approvals';
import { heldCents, payCharge, spendableCents } from './balance';
import { fileVisible, handInFiles } from './files';
import { recordFindings, settleFindings } from './findings';
import { type FitJudgement, judgeFit } from './match';
import { liveStatus, timeline } from './timeline';
import { answerProblems, askable, gateOf, keepAnswers, newSession, visibleSession, type GateView } from './sessions';
import { type TodayCounts, callsUsed, sessionCounted, sessionsUsed, today } from './usage';

const FAILED_CALLS_MAX = 3;
const COUNTED_PER_MEMBER = 3;
const COUNTED_WINDOW = 30 * DAY;

export interface Judgement {
  agent: AgentRec;
  call: CallSeed;
  session: SessionRec | null;
  member: MemberRec;
  fit: FitJudgement;
  research: boolean;
  limitCents: number;
  limitBy: LimitBy;
  spendable: number;
  gate: GateView | null;
  today: TodayCounts;
  revisesPlan: boolean;
  /** The first refusal that applies before approval (G5 steps 2 to 5), or null. */
  refusal: ApiError | null;
  approvalReason: ApprovalReason | null;
}

/** The text the fit reads: details and question, or the session's request for a plan call sending none. */
function requestText(body: StartCallRequest, session: SessionRec | null): string {
  const own = [body.details ?? '', body.question ?? ''].join(' ').trim();
  return own !== '' ? own : (session?.details ?? '');
}

function lastThreeFailed(world: World, memberId: string, agentId: string, now: number): number | null {
  const ended = [...world.store.calls.values()]
    .filter((c) => c.memberId === memberId && c.agentId === agentId && c.final !== null)
    .sort((a, b) => (b.final?.at ?? 0) - (a.final?.at ?? 0))
    .slice(0, FAILED_CALLS_MAX);
  if (ended.length < FAILED_CALLS_MAX || ended.some((c) => c.final?.status !== 'failed')) return null;
  const oldest = Math.min(...ended.map((c) => c.final?.at ?? 0));
  return oldest > now - DAY ? oldest + DAY : null;
}

function openCallsOf(world: World, connectionId: string): number {
  let n = 0;
  for (const runId of world.store.openCalls.keys())
    if (world.store.calls.get(runId)?.connectionId === connectionId) n++;
  return n;
}

/** Texts a call sends that the secret guard reads. */
function callTexts(body: StartCallRequest): string[] {
  const texts = [body.details ?? '', body.question ?? ''];
  for (const a of Object.values(body.answers ?? {})) if (a.kind === 'own') texts.push(a.own);
  return texts;
}

/**
 * Judges a POST /calls body for this connection. Throws the refusals that come before the call can be
 * judged at all (secret_in_details, session_scoped, not_found); returns the rest as `refusal`.
 * With `keep`, valid answers are kept with the session before the gate is checked (rule 3, G5 step 4).
 */
export function judgeCall(
  world: World,
  conn: ConnectionRec,
  body: StartCallRequest,
  origin: string,
  now: number,
  keep: boolean,
): Judgement {
  const { store } = world;
  if (callTexts(body).some(hasSecret)) throw new ApiError(400, 'secret_in_details');
  // Step 2: ids. A session-scoped key reaches only calls in its own session.
  if (conn.sessionId !== null && body.sessionId !== conn.sessionId) throw sessionScoped();
  const agent = store.agents.get(body.agentId);
  if (!agent) throw notFound();
  const session = body.sessionId ? visibleSession(world, conn, body.sessionId) : null;
  if (session && session.agentId !== agent.id)
    throw invalidInput(['sessionId'], 'That session belongs to another agent.');
  // With the files switch off, a call carrying fileIds is refused switched_off (step 3) without its ids being
  // looked up: the switch, not an id, is what the member has to change.
  const filesOff = (body.fileIds ?? []).length > 0 && !conn.switches.files;
  if (!filesOff)
    for (const fileId of body.fileIds ?? []) if (!fileVisible(store.files.get(fileId), conn, now)) throw notFound();
  if (body.approvalId !== undefined) {
    const approval = store.approvals.get(body.approvalId);
    if (!approval || approval.connectionId !== conn.id) throw notFound();
  }
  const member = store.members.get(conn.memberId) as MemberRec;
  const call = agent.calls.find((c) => c.callId === body.callId);
  const fit = judgeFit(requestText(body, session), agent, listedAgents(world));
  const off = fit.verdict === 'another_agent' || fit.verdict === 'no_agent';
  const research = (session?.research ?? false) || (body.subject === 'new_agent' && off);
  const spendable = spendableCents(member, heldCents(world, member.id));
  const ceiling = world.site.safetyCeilingCents;
  const maxCents = body.maxCents ?? null;
  let limitCents = Math.min(spendable, ceiling);
  let limitBy: LimitBy = spendable <= ceiling ? 'credits' : 'safety_ceiling';
  if (maxCents !== null && maxCents <= limitCents) {
    limitCents = maxCents;
    limitBy = 'caller_max';
  }
  const counts = today(conn, now);
  const j: Judgement = {
    agent,
    call: call ?? { callId: body.callId, name: body.callId, kind: 'custom', minCents: 1 },
    session,
    member,
    fit,
    research,
    limitCents,
    limitBy,
    spendable,
    gate: session && call?.kind === 'apply' ? gateOf(world, session, Object.keys(body.answers ?? {})) : null,
    today: counts,
    revisesPlan: call?.kind === 'apply' && (session?.plans.length ?? 0) > 0,
    refusal: null,
    approvalReason: null,
  };
  const refuse = (error: ApiError): Judgement => {
    j.refusal = error;
    return j;
  };

  if (session && session.status !== 'open') return refuse(new ApiError(409, 'session_closed'));
  if (!agent.behaviour.live || !call) return refuse(new ApiError(409, 'agent_unavailable'));
  // Step 3: switches, findings choice, the member's no, failed calls.
  if (filesOff) return refuse(new ApiError(403, 'switched_off', { reason: 'files' }));
  if (isNew(agent) && !conn.switches.tryNewAgents)
    return refuse(new ApiError(403, 'switched_off', { reason: 'tryNewAgents' }));
  if (research && conn.keepsFindings !== true) return refuse(new ApiError(403, 'findings_off'));
  if (conn.agentStates.get(agent.id) === 'blocked') return refuse(new ApiError(403, 'agent_blocked'));
  const failedUntil = lastThreeFailed(world, member.id, agent.id, now);
  if (failedUntil !== null) return refuse(new ApiError(429, 'failed_calls', { until: iso(failedUntil) }));
  // Step 4: answers, the gate, an empty revision.
  const way = session?.way ?? (call.kind === 'question' ? 'question' : 'plan');
  const answers = body.answers ?? {};
  const problems = answerProblems(askable(session, agent, way), answers);
  if (problems.length > 0) return refuse(new ApiError(400, 'invalid_answers', { problems }));
  if (keep && session && Object.keys(answers).length > 0) {
    keepAnswers(world, session, answers, now);
    j.gate = call.kind === 'apply' ? gateOf(world, session) : null;
  }
  if (j.gate && !j.gate.ready) return refuse(new ApiError(409, 'details_missing', { missing: j.gate.missing }));
  const sendsNothing =
    (body.details ?? '') === '' &&
    (body.question ?? '') === '' &&
    (body.fileIds ?? []).length === 0 &&
    Object.keys(answers).length === 0;
  if (j.revisesPlan && sendsNothing) {
    return refuse(
      invalidInput(['details'], 'A revising apply call needs details: what to change or ask about the plan.'),
    );
  }
  // Step 5: money and running calls.
  if (maxCents !== null && maxCents < call.minCents) return refuse(new ApiError(409, 'over_max'));
  if (spendable < call.minCents) {
    const held = heldCents(world, member.id);
    const onlyHeld = held > 0 && spendable + held >= call.minCents;
    return refuse(
      new ApiError(402, 'short', {
        topUpUrl: `${origin}${world.paths.topUp}`,
        ...(onlyHeld ? { reason: 'held' } : {}),
      }),
    );
  }
  if (openCallsOf(world, conn.id) >= conn.limits.openCallsMax) {
    return refuse(new ApiError(429, 'over_limit', { reason: 'too_many_open_calls' }));
  }
  // Step 6 (without approvalId): would the member be asked first?
  if (conn.switches.askBeforeNewAgent && !agentAllowed(world, conn, agent.id)) j.approvalReason = 'new_agent';
  else if (!conn.switches.spending) j.approvalReason = 'spending_off';
  else if (!sessionCounted(conn, session?.id ?? null, now) && counts.sessionsUsed >= conn.limits.sessionsPerDay) {
    j.approvalReason = 'second_session';
  } else if (counts.callsUsed >= conn.limits.callsPerDay) j.approvalReason = 'over_calls';
  return j;
}

/** POST /calls after the body passed its checks: refuse, ask for approval, or start the call. */
export function startCall(
  world: World,
  conn: ConnectionRec,
  body: StartCallRequest,
  origin: string,
  now: number,
): StartCallAnswerInput {
  const j = judgeCall(world, conn, body, origin, now, true);
  if (j.refusal) throw j.refusal;
  const { store } = world;
  if (body.approvalId !== undefined) {
    const approval = store.approvals.get(body.approvalId);
    if (!approval || !usableApproval(world, approval, body, now)) throw new ApiError(409, 'approval_not_usable');
    approval.status = 'used';
  } else if (j.approvalReason) {
    throw needsApproval(world, conn, body, j.approvalReason, origin, now);
  }

  const off = j.fit.verdict === 'another_agent' || j.fit.verdict === 'no_agent';
  let session = j.session;
  if (!session) {
    session = newSession(
      world,
      conn,
      j.agent,
      j.call.kind === 'question' ? 'question' : 'plan',
      body.details ?? null,
      now,
    );
    if (body.answers && Object.keys(body.answers).length > 0) keepAnswers(world, session, body.answers, now);
  }
  if (off && body.subject) {
    session.choice = body.subject;
    if (body.subject === 'new_agent') session.research = true;
  }
  const details =
    (body.details ?? '') === '' && j.call.kind === 'apply' && !j.revisesPlan
      ? (session.details ?? '')
      : (body.details ?? '');
  const call: CallRec = {
    runId: newId('run'),
    memberId: conn.memberId,
    connectionId: conn.id,
    sessionId: session.id,
    agentId: j.agent.id,
    callId: j.call.callId,
    callName: j.call.name,
    kind: j.call.kind,
    startedAt: now,
    details,
    question: body.question ?? null,
    fileIds: body.fileIds ?? [],
    maxCents: body.maxCents ?? null,
    research: j.research,
    limitCents: j.limitCents,
    limitBy: j.limitBy,
    holdCents: j.limitCents,
    behaviour: structuredClone(j.agent.behaviour),
    revisesPlan: j.revisesPlan,
    planUnchanged: false,
    stoppedAt: null,
    final: null,
    report: null,
  };
  store.calls.set(call.runId, call);
  trackDue(world, call);
  session.runIds.push(call.runId);
  if (call.kind === 'apply') session.planCallRan = true;
  if (!sessionCounted(conn, session.id, now)) conn.sessionCountedAt.set(session.id, now);
  conn.callStarts.push(now);
  conn.agentStates.set(j.agent.id, 'allowed');
  // Rule 6 and G8: "The first call through a connection returns the privacy line; null afterwards", whether
  // or not GET /me showed it before.
  const firstCall = ![...store.calls.values()].some((c) => c.connectionId === conn.id && c.runId !== call.runId);
  const privacyLine = firstCall ? world.site.privacyLine : null;
  conn.privacyLineShownAt ??= now;
  return {
    status: 'started',
    runId: call.runId,
    sessionId: session.id,
    holdCents: call.holdCents,
    spendableAfterCents: Math.max(0, j.spendable - call.holdCents),
    privacyLine,
    today: {
      sessionsUsed: sessionsUsed(conn, now),
      sessionsAllowed: conn.limits.sessionsPerDay,
      callsUsed: callsUsed(conn, now),
      callsAllowed: conn.limits.callsPerDay,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Lifecycle
// ---------------------------------------------------------------------------------------------------

/** Records when an open call finishes (again after a stop, which only brings it forward). */
function trackDue(world: World, call: CallRec): void {
  const { finalAt } = timeline(call);
  world.store.openCalls.set(call.runId, finalAt);
  world.store.callsDueAt = Math.min(world.store.callsDueAt, finalAt);
}

function noteFor(call: CallRec, session: SessionRec | undefined, partial: boolean): string {
  // The note is the agent's answer alone: the panel quotes the member's question above it, so it is said once.
  let note = call.behaviour.note;
  if (call.revisesPlan && session) {
    note = call.behaviour.planUnchanged
      ? `The plan stays as it was. ${note}`
      : `${note}\n\nRevision ${session.plans.length + 1}, as asked: ${call.details}`;
  }
  return partial ? `${note}\n\n(Stopped at its limit: this is what it had.)` : note;
}

function finalize(world: World, call: CallRec): void {
  const t = timeline(call);
  const b = call.behaviour;
  const runningCostMicros = Math.round(b.runningCostMicros * t.fraction);
  const upchargeMicros = Math.round(b.upchargeMicros * t.fraction);
  const session = world.store.sessions.get(call.sessionId);
  const checks = b.checks.map((label) => ({ label, passed: true }));
  const last = checks.at(-1);
  if (!t.passes && t.nothing === null && last) last.passed = false;
  const final: FinalRec = {
    status: t.passes ? 'passed' : 'failed',
    at: t.finalAt,
    partial: t.partial,
    failReason: null,
    chargedCents: null,
    runningCostMicros: t.passes ? runningCostMicros : 0,
    upchargeMicros: t.passes ? upchargeMicros : 0,
    usedMicros: runningCostMicros,
    note: null,
    checks: t.nothing === null ? checks : [],
    researchCut: null,
    fileIds: [],
  };
  if (t.nothing === 'failure') final.failReason = b.failReason;
  else if (t.nothing === 'stopped_early') final.failReason = 'It was stopped and wrapped up before it wrote a result.';
  else if (!t.passes) final.failReason = `The result missed a check: ${last?.label ?? 'a check'}.`;
  world.store.openCalls.delete(call.runId);
  if (t.passes) {
    final.chargedCents = Math.min(call.limitCents, Math.ceil((runningCostMicros + upchargeMicros) / 10_000));
    final.note = noteFor(call, session, t.partial);
    final.fileIds = handInFiles(world, call, t.finalAt);
    if (call.research && t.limited) final.researchCut = { limitCents: call.limitCents, limitBy: call.limitBy };
    const member = world.store.members.get(call.memberId);
    if (member) payCharge(member, final.chargedCents);
    world.store.charges.push({
      memberId: call.memberId,
      connectionId: call.connectionId,
      runId: call.runId,
      cents: final.chargedCents,
      at: t.finalAt,
    });
    countCall(world, call, final.chargedCents, t.finalAt);
    if (call.kind === 'apply' && session) {
      if (call.revisesPlan && b.planUnchanged) call.planUnchanged = true;
      else
        session.plans.push({
          version: session.plans.length + 1,
          runId: call.runId,
          markdown: final.note,
          at: t.finalAt,
        });
    }
  }
  call.final = final;
  recordFindings(world, call, t.passes, t.finalAt);
}

/** countedCalls: charged calls from members who did not contribute, at most 3 from one member in 30 days. */
function countCall(world: World, call: CallRec, cents: number, at: number): void {
  const agent = world.store.agents.get(call.agentId);
  if (!agent || cents <= 0 || agent.contributorMemberIds.has(call.memberId)) return;
  const recent = agent.countedLog.filter((c) => c.memberId === call.memberId && c.at > at - COUNTED_WINDOW).length;
  if (recent >= COUNTED_PER_MEMBER) return;
  agent.countedLog.push({ memberId: call.memberId, at });
  agent.countedCalls++;
}

/** Finishes every call whose time has come, in the order they finish. */
export function settleCalls(world: World, now: number): void {
  const { store } = world;
  if (now < store.callsDueAt) return;
  const due: { call: CallRec; at: number }[] = [];
  for (const [runId, finalAt] of store.openCalls) {
    const call = store.calls.get(runId);
    if (call && finalAt <= now) due.push({ call, at: finalAt });
  }
  due.sort((a, b) => a.at - b.at);
  for (const { call } of due) finalize(world, call);
  let next = Number.POSITIVE_INFINITY;
  for (const finalAt of store.openCalls.values()) next = Math.min(next, finalAt);
  store.callsDueAt = next;
}

export function visibleCall(world: World, conn: ConnectionRec, runId: string): CallRec {
  const call = world.store.calls.get(runId);
  if (!call || call.memberId !== conn.memberId) throw notFound();
  if (conn.sessionId !== null && conn.sessionId !== call.sessionId) throw sessionScoped();
  return call;
}

export function stopCall(world: World, call: CallRec, now: number): { runId: string; stopped: true } {
  const status = liveStatus(call, now);
  if (status === 'checking') throw invalidState('checking');
  if (status !== 'in_progress') throw invalidState(status);
  call.stoppedAt = now;
  trackDue(world, call);
  settleCalls(world, now);
  settleFindings(world, now);
  return { runId: call.runId, stopped: true };
}

/** G11: an ended call may be reported once; a later report answers what was recorded first. */
export function reportCall(call: CallRec, body: ReportRequest, now: number): ReportAnswerInput {
  const status = liveStatus(call, now);
  if (status === 'in_progress' || status === 'checking') throw invalidState(status);
  if (!call.report) {
    if (body.verdict === 'did_not_help' && !body.reasonKind)
      throw invalidInput(['reasonKind'], 'did_not_help needs a reasonKind.');
    call.report = { verdict: body.verdict, reasonKind: body.reasonKind ?? null, reason: body.reason ?? null, at: now };
  }
  return { verdict: call.report.verdict, reasonKind: call.report.reasonKind, recorded: true };
}
