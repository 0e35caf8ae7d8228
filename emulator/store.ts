/**
 * All of the emulator's state, in memory. Records only: the rules that move them live in domain/.
 * `reset` rebuilds everything from the seed, so a test can start from a known world in one request.
 */
import type { AnswerKind, SessionStatus, Way } from '@/lib/contract/sessions';
import type { ApprovalReason, LimitBy, ReportReasonKind, ReportVerdict } from '@/lib/contract/calls';
import type { ContributionState, FindingKind, FindingStatus } from '@/lib/contract/findings';
import type { ShareDraftStatus } from '@/lib/contract/shares';
import type { Subject } from '@/lib/contract/calls';
import { DAY } from './clock';
import { hashKey, newId } from './ids';
import type { AgentSeed, Behaviour, CallSeed, HistorySeed, LimitsRec, QuestionSeed, Seed, SwitchesRec } from './seed';

export interface MemberRec {
  id: string;
  name: string;
  suspended: boolean;
  purchasedCents: number;
  /** null: unreadable right now (contract: "null while unreadable"). */
  earnedCents: number | null;
  promoCents: number;
  /** Makes spentInWindowCents and spentSinceCents unreadable (null). */
  spentUnreadable: boolean;
}

type AgentState = 'allowed' | 'pending' | 'blocked';

export interface ConnectionRec {
  id: string;
  memberId: string;
  name: string;
  switches: SwitchesRec;
  limits: LimitsRec;
  keepsFindings: boolean | null;
  sessionId: string | null;
  keyHash: string | null;
  status: 'unclaimed' | 'active' | 'revoked';
  createdAt: number;
  privacyLineShownAt: number | null;
  /** The member's answer per agent; absent means never asked. */
  agentStates: Map<string, AgentState>;
  /** Per session, when it was first called through this connection in the current 24-hour stretch. */
  sessionCountedAt: Map<string, number>;
  callStarts: number[];
  downloads: { at: number; bytes: number }[];
  requestTimes: number[];
}

export interface ConnectCodeRec {
  code: string;
  connectionId: string;
  createdAt: number;
  expiresAt: number;
  used: boolean;
}

export interface AgentRec {
  id: string;
  slug: string;
  name: string;
  styleLine: string | null;
  accent: string;
  knows: string;
  keywords: string[];
  contributors: number;
  contributorMemberIds: Set<string>;
  countedCalls: number;
  /** Counted calls by member, for "at most 3 from one member in 30 days". */
  countedLog: { memberId: string; at: number }[];
  calls: CallSeed[];
  questions: QuestionSeed[];
  behaviour: Behaviour;
  corrections: number;
  /** Made by a research call; not listed until a person lists it. */
  research: boolean;
}

export interface AnswerRec {
  key: string;
  kind: AnswerKind;
  optionKeys: string[];
  own: string | null;
  by: 'member' | 'connection';
  at: number;
  fromPrompt: boolean;
}

export interface ReadRec {
  at: number;
  status: 'done' | 'skipped' | 'failed';
  skippedWhy: 'switched_off' | 'session_limit' | 'member_limit' | 'site_budget' | 'too_large' | null;
  verdict: 'fits' | 'off' | null;
  /** The fit when the read judged the request off the subject. */
  fit: { verdict: 'another_agent' | 'no_agent'; otherAgentId: string | null } | null;
  /** The request answered every question; nothing is asked. */
  covers: boolean;
  detailsVersion: number;
}

interface ShortCheckRec {
  status: 'clear' | 'asked' | 'skipped' | 'failed';
  skippedWhy: 'member_limit' | 'site_budget' | 'too_large' | null;
  at: number;
}

interface PlanVersionRec {
  version: number;
  runId: string;
  markdown: string;
  at: number;
}

export interface SessionRec {
  id: string;
  memberId: string;
  agentId: string;
  way: Way | null;
  research: boolean;
  choice: Subject | null;
  status: SessionStatus;
  createdAt: number;
  startedByConnectionId: string | null;
  details: string | null;
  detailsVersion: number;
  movedNote: string | null;
  /** The site cannot read the questions right now: GET /sessions answers questions null. */
  questionsUnreadable: boolean;
  reads: ReadRec[];
  /** Keys of questions the reads put in opening, in asking order. */
  opening: string[];
  answers: Map<string, AnswerRec>;
  /** Questions a short check asked back (optional to answer). */
  askedBack: QuestionSeed[];
  shortCheck: ShortCheckRec | null;
  plans: PlanVersionRec[];
  /** The plan's apply call has started (details can no longer be rewritten). */
  planCallRan: boolean;
  runIds: string[];
}

/** A new session's record: what the caller names, everything else as a session starts (nothing read, asked or planned). */
export function newSessionRec(
  init: Pick<
    SessionRec,
    | 'id'
    | 'memberId'
    | 'agentId'
    | 'way'
    | 'status'
    | 'createdAt'
    | 'startedByConnectionId'
    | 'details'
    | 'planCallRan'
    | 'runIds'
  >,
): SessionRec {
  return {
    ...init,
    research: false,
    choice: null,
    detailsVersion: 1,
    movedNote: null,
    questionsUnreadable: false,
    reads: [],
    opening: [],
    answers: new Map(),
    askedBack: [],
    shortCheck: null,
    plans: [],
  };
}

export interface FinalRec {
  /** returned: only on older calls (seeded history) whose charge went back. */
  status: 'passed' | 'failed' | 'returned';
  at: number;
  partial: boolean;
  failReason: string | null;
  chargedCents: number | null;
  runningCostMicros: number;
  upchargeMicros: number;
  /** Running cost used, also for a failed call (spentSinceCents counts it). */
  usedMicros: number;
  note: string | null;
  checks: { label: string; passed: boolean }[];
  researchCut: { limitCents: number; limitBy: LimitBy } | null;
  fileIds: string[];
}

export interface CallRec {
  runId: string;
  memberId: string;
  connectionId: string;
  sessionId: string;
  agentId: string;
  callId: string;
  callName: string;
  kind: CallSeed['kind'];
  startedAt: number;
  details: string;
  question: string | null;
  fileIds: string[];
  maxCents: number | null;
  research: boolean;
  limitCents: number;
  limitBy: LimitBy;
  holdCents: number;
  behaviour: Behaviour;
  revisesPlan: boolean;
  planUnchanged: boolean;
  stoppedAt: number | null;
  final: FinalRec | null;
  report: { verdict: ReportVerdict; reasonKind: ReportReasonKind | null; reason: string | null; at: number } | null;
}

export interface ChargeRec {
  memberId: string;
  connectionId: string;
  runId: string;
  cents: number;
  at: number;
}

export interface ApprovalRec {
  id: string;
  connectionId: string;
  memberId: string;
  reason: ApprovalReason;
  /** The request it approves (G4: the whole body but approvalId, defaults filled, keys sorted). */
  fingerprint: string;
  agentId: string;
  callId: string;
  maxCents: number | null;
  createdAt: number;
  status: 'pending' | 'approved' | 'declined' | 'used';
  approvedAt: number | null;
}

export interface FindingRec {
  id: string;
  memberId: string;
  agentId: string;
  sessionId: string | null;
  runId: string | null;
  kind: FindingKind;
  topic: string;
  takeaway: string;
  source: { url: string; kind: 'official_docs' | 'changelog' | 'release_note' } | null;
  learnedAt: string | null;
  appliesTo: string[];
  status: FindingStatus;
  filedWith: { agentId: string; name: string | null; newAgent: boolean } | null;
  draftId: string | null;
  reason: string | null;
  contributionState: ContributionState | null;
  createdAt: number;
  /** When the site's checks finish (status checking). */
  checkAt: number | null;
}

export interface FindingsDraftRec {
  id: string;
  memberId: string;
  agentId: string;
  createdAt: number;
  status: 'open' | 'signed_off' | 'discarded' | 'expired';
}

export interface FileRec {
  id: string;
  memberId: string;
  connectionId: string;
  sessionId: string | null;
  runId: string | null;
  path: string;
  bytes: Buffer;
  active: boolean;
  createdAt: number;
  expiresAt: number | null;
}

export interface ShareDraftRec {
  id: string;
  memberId: string;
  connectionId: string;
  title: string;
  description: string;
  agentId: string | null;
  fileIds: string[];
  status: ShareDraftStatus;
  packageBytes: number | null;
  createdAt: number;
}

export interface SharedProjectRec {
  id: string;
  memberId: string;
  title: string;
  agentId: string;
  contributionState: ContributionState | null;
  createdAt: number;
}

export interface IdempotencyRec {
  fingerprint: string;
  state: 'running' | 'done';
  status: number;
  body: string;
  createdAt: number;
}

export interface FaultRec {
  id: string;
  method: string | null;
  path: string;
  status: number | null;
  code: string | null;
  /** A redirecting fault's Location (its status is a 3xx). */
  redirectTo: string | null;
  retryAfter: number | null;
  delayMs: number | null;
  drop: boolean;
  /** Top-level fields left out of the 2xx JSON answer. */
  omit: string[];
  /** Fields of the 2xx JSON answer set to a value, by dotted path, where their parent object is there. */
  set: { path: string; value: unknown }[];
  remaining: number;
}

export interface RequestLogRec {
  at: string;
  method: string;
  path: string;
  query: string;
  idempotencyKey: string | null;
  authorization: boolean;
  body: unknown;
  status: number | null;
  /** The answer's Retry-After header, when it had one (429 rate_limited). */
  retryAfter: string | null;
}

/** The newest requests kept in the log; older ones fall off so a long demo does not grow without end. */
const REQUEST_LOG_MAX = 5000;

export class Store {
  members = new Map<string, MemberRec>();
  connections = new Map<string, ConnectionRec>();
  connectionsByKeyHash = new Map<string, string>();
  codes = new Map<string, ConnectCodeRec>();
  agents = new Map<string, AgentRec>();
  sessions = new Map<string, SessionRec>();
  calls = new Map<string, CallRec>();
  /** Calls not yet passed or failed, each with when it finishes; the clock settles only these. */
  openCalls = new Map<string, number>();
  /** The earliest of those finishing times, so a request with nothing due settles in constant time. */
  callsDueAt = Number.POSITIVE_INFINITY;
  /** The earliest time a finding's checks end or a draft expires. */
  findingsDueAt = Number.POSITIVE_INFINITY;
  charges: ChargeRec[] = [];
  approvals = new Map<string, ApprovalRec>();
  findings = new Map<string, FindingRec>();
  drafts = new Map<string, FindingsDraftRec>();
  files = new Map<string, FileRec>();
  shareDrafts = new Map<string, ShareDraftRec>();
  sharedProjects = new Map<string, SharedProjectRec>();
  idempotency = new Map<string, IdempotencyRec>();
  faults: FaultRec[] = [];
  requests: RequestLogRec[] = [];
  /** Question reads and short checks that ran, per member (for the hourly and daily limits). */
  readLog: { memberId: string; at: number }[] = [];
  shortCheckLog: { memberId: string; at: number }[] = [];
  claimTriesByAddress = new Map<string, number[]>();
  claimTriesByCode = new Map<string, number[]>();

  constructor(
    public seed: Seed,
    now: number,
  ) {
    this.reset(seed, now);
  }

  reset(seed: Seed, now: number): void {
    this.seed = seed;
    // Every map and list of the store is emptied, found on the instance itself, so a table added later
    // cannot be forgotten here and survive a reset.
    for (const value of Object.values(this)) {
      if (value instanceof Map) value.clear();
      else if (Array.isArray(value)) value.length = 0;
    }
    this.callsDueAt = Number.POSITIVE_INFINITY;
    this.findingsDueAt = Number.POSITIVE_INFINITY;

    for (const m of seed.members) {
      this.members.set(m.id, {
        id: m.id,
        name: m.name,
        suspended: m.suspended,
        purchasedCents: m.purchasedCents,
        earnedCents: m.earnedCents,
        promoCents: m.promoCents,
        spentUnreadable: false,
      });
    }
    for (const a of seed.agents) this.agents.set(a.id, agentFromSeed(a));
    for (const c of seed.connections) {
      const conn = this.newConnection({
        id: c.id,
        memberId: c.memberId,
        name: c.name,
        switches: { ...seed.site.defaultSwitches, ...c.switches },
        limits: { ...seed.site.defaultLimits, ...c.limits },
        keepsFindings: c.keepsFindings,
        sessionId: null,
        createdAt: now - DAY,
      });
      conn.status = 'active';
      conn.keyHash = hashKey(c.key);
      this.connectionsByKeyHash.set(conn.keyHash, conn.id);
    }
    for (const f of seed.findings) {
      const agent = this.agents.get(f.agentId);
      const id = newId('fnd');
      this.findings.set(id, {
        id,
        memberId: f.memberId,
        agentId: f.agentId,
        sessionId: null,
        runId: null,
        kind: f.kind,
        topic: f.topic,
        takeaway: f.takeaway,
        source: f.source,
        learnedAt: f.learnedAt,
        appliesTo: f.appliesTo,
        status: f.status,
        filedWith:
          agent && ['checking', 'in_draft', 'waiting'].includes(f.status)
            ? { agentId: agent.id, name: agent.name, newAgent: false }
            : null,
        draftId: null,
        reason: f.reason,
        contributionState: f.contributionState,
        createdAt: now - f.daysAgo * DAY,
        checkAt: null,
      });
    }
    for (const h of seed.history) this.addHistory(h, now);
    for (const p of seed.sharedProjects) {
      const id = newId('prj');
      this.sharedProjects.set(id, {
        id,
        memberId: p.memberId,
        title: p.title,
        agentId: p.agentId,
        contributionState: p.contributionState,
        createdAt: now - p.daysAgo * DAY,
      });
    }
  }

  newConnection(init: {
    id?: string;
    memberId: string;
    name: string;
    switches: SwitchesRec;
    limits: LimitsRec;
    keepsFindings: boolean | null;
    sessionId: string | null;
    createdAt: number;
  }): ConnectionRec {
    const conn: ConnectionRec = {
      id: init.id ?? newId('con'),
      memberId: init.memberId,
      name: init.name,
      switches: { ...init.switches },
      limits: { ...init.limits },
      keepsFindings: init.keepsFindings,
      sessionId: init.sessionId,
      keyHash: null,
      status: 'unclaimed',
      createdAt: init.createdAt,
      privacyLineShownAt: null,
      agentStates: new Map(),
      sessionCountedAt: new Map(),
      callStarts: [],
      downloads: [],
      requestTimes: [],
    };
    this.connections.set(conn.id, conn);
    return conn;
  }

  /** An ended call from before the start, in a session of its own. */
  private addHistory(h: HistorySeed, now: number): void {
    const conn = this.connections.get(h.connectionId);
    const agent = this.agents.get(h.agentId);
    const callSeed = agent?.calls.find((c) => c.callId === h.callId);
    if (!conn || !agent || !callSeed) return;
    const at = now - h.daysAgo * DAY;
    const sessionId = newId('ses');
    const runId = newId('run');
    this.sessions.set(
      sessionId,
      newSessionRec({
        id: sessionId,
        memberId: conn.memberId,
        agentId: agent.id,
        way: callSeed.kind === 'question' ? 'question' : 'plan',
        status: 'closed',
        createdAt: at,
        startedByConnectionId: conn.id,
        details: null,
        planCallRan: callSeed.kind === 'apply',
        runIds: [runId],
      }),
    );
    const passed = h.status === 'passed';
    this.calls.set(runId, {
      runId,
      memberId: conn.memberId,
      connectionId: conn.id,
      sessionId,
      agentId: agent.id,
      callId: callSeed.callId,
      callName: callSeed.name,
      kind: callSeed.kind,
      startedAt: at,
      details: '',
      question: h.question,
      fileIds: [],
      maxCents: null,
      research: false,
      limitCents: h.limitCents,
      limitBy: 'credits',
      holdCents: 0,
      behaviour: structuredClone(agent.behaviour),
      revisesPlan: false,
      planUnchanged: false,
      stoppedAt: null,
      final: {
        status: h.status,
        at: at + 60_000,
        partial: false,
        failReason: h.status === 'failed' ? 'It failed before it handed in a result.' : null,
        chargedCents: passed ? h.chargedCents : null,
        runningCostMicros: passed ? h.chargedCents * 8_000 : 0,
        upchargeMicros: passed ? h.chargedCents * 2_000 : 0,
        usedMicros: h.chargedCents * 8_000,
        note: h.status === 'failed' ? null : h.note,
        checks: h.status === 'failed' ? [] : agent.behaviour.checks.map((label) => ({ label, passed: true })),
        researchCut: null,
        fileIds: [],
      },
      report: null,
    });
  }

  logRequest(entry: RequestLogRec): void {
    this.requests.push(entry);
    if (this.requests.length > REQUEST_LOG_MAX) this.requests.splice(0, this.requests.length - REQUEST_LOG_MAX);
  }
}

function agentFromSeed(a: AgentSeed): AgentRec {
  return {
    id: a.id,
    slug: a.slug,
    name: a.name,
    styleLine: a.styleLine,
    accent: a.accent,
    knows: a.knows,
    keywords: a.keywords,
    contributors: a.contributors,
    contributorMemberIds: new Set(a.contributorMemberIds),
    countedCalls: a.countedCalls,
    countedLog: [],
    calls: a.calls,
    questions: a.questions,
    behaviour: structuredClone(a.behaviour),
    corrections: 0,
    research: false,
  };
}
