/**
 * Zod schemas (zod/mini: the background bundles these, and mini's functional API tree-shakes) for every
 * resource of the Connection API v1, release 2.19.0 (summary and choices for open points:
 * docs/contract-gaps.md). The client parses every answer with these; the emulator
 * imports them to validate requests and to type what it produces (the `...Input` types).
 *
 * Tolerance on answers (contract, Versioning):
 * - unknown fields are dropped (plain `z.object`, never `z.strictObject`);
 * - an enum value the contract does not list does not fail the answer: `tolerantEnum` keeps it as
 *   `{ unknown: "<value>" }`, so `value === 'passed'` still works and `isUnknownValue(value)` finds the rest;
 * - a known field of the wrong type fails, and zod's issue names its path;
 * - deprecated always-null fields are accepted as null or absent (any other value is read as null).
 * Request schemas are strict about values and encode the contract's limits, so the emulator and the
 * client's local checks refuse the same bodies.
 */
import * as z from 'zod/mini';
import { lazySchema } from './lazy-schema';
import { dateTime, day } from './times';
import { charCount } from '@/lib/format/chars';
import { AnswersMapSchema, chars, requestId, SUBJECTS, UntrustedTextSchema } from './request-schemas';
import type { Tolerant } from './tolerant';

// No zod locale is registered: what the member reads about an issue is worded from its code, path and limit
// in their own language (lib/api/issues, lib/api/limits), never from zod's English messages.

// ---------------------------------------------------------------------------------------------------
// Tolerant enums and shared building blocks
// ---------------------------------------------------------------------------------------------------

// The types and their readers are zod-free (./tolerant), so the panel can use them without this module.
export { isUnknownValue, knownValue, type Tolerant } from './tolerant';

/**
 * Parses any string; a value outside `values` becomes `{ unknown: value }` instead of failing.
 * A non-string still fails (a wrong type). The input type is the known values so a producer (the
 * emulator) cannot send an unlisted value by mistake; the output type admits unknown ones.
 */
export function tolerantEnum<const T extends readonly [string, ...string[]]>(
  values: T,
): z.ZodMiniType<Tolerant<T[number]>, T[number]> {
  const known = new Set<string>(values);
  const schema = z.pipe(
    z.string(),
    z.transform((s: string): Tolerant<T[number]> => (known.has(s) ? (s as T[number]) : { unknown: s })),
  );
  // The cast narrows the declared input type only (see above); parsing is unchanged.
  return schema as unknown as z.ZodMiniType<Tolerant<T[number]>, T[number]>;
}

/** Deprecated fields the contract says are always null: accepted as null or absent, anything else read as null. */
const deprecatedNull = () => z.catch(z.optional(z.null()), null);
/** Deprecated fields that may still carry a number (the contract's stated substitute) or null. */
const deprecatedInt = () => z.optional(z.nullable(z.number().check(z.int())));

const cents = () => z.number().check(z.int());
const micros = () => z.number().check(z.int());
const count = () => z.number().check(z.int());

// Characters are counted as Unicode code points (G19); the panel imports the count from its own module.
export { charCount };

// ---------------------------------------------------------------------------------------------------
// Enum value lists
// ---------------------------------------------------------------------------------------------------

export const CALL_STATUSES = ['in_progress', 'checking', 'passed', 'failed', 'returned'] as const;
/** Statuses while which a call is polled. */
export const OPEN_CALL_STATUSES = ['in_progress', 'checking'] as const;

const SESSION_STATUSES = ['open', 'closed', 'archived', 'deleted'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** The agent card's `connection` field: may this connection call the agent without asking. */
const CONNECTION_STATES = ['allowed', 'pending', 'blocked', 'not_asked'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

export const FINDING_STATUSES = [
  'received',
  'discarded',
  'refused',
  'declined',
  'checking',
  'in_draft',
  'joined',
  'waiting',
  'expired',
  'removed',
] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const FINDING_KINDS = [
  'requirement',
  'research',
  'decision',
  'pitfall',
  'failure',
  'structure',
  'template',
  'checklist',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const SOURCE_KINDS = ['official_docs', 'changelog', 'release_note'] as const;

export const CONTRIBUTION_STATES = [
  'person_review',
  'source_check',
  'canary',
  'trial',
  'kept',
  'dropped',
  'withdrawn',
  'removed',
  'replaced',
] as const;
export type ContributionState = (typeof CONTRIBUTION_STATES)[number];

export const APPROVAL_REASONS = ['new_agent', 'second_session', 'over_calls', 'spending_off'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/** G14: status of an approval record. */
const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'expired', 'used'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const FIT_VERDICTS = ['fits', 'unclear', 'another_agent', 'no_agent'] as const;

const LIMIT_BY = ['credits', 'caller_max', 'safety_ceiling'] as const;
export type LimitBy = (typeof LIMIT_BY)[number];

/** G14: kind of a call an agent offers. */
const AGENT_CALL_KINDS = ['apply', 'question', 'starting_files', 'custom'] as const;

const WAYS = ['plan', 'question'] as const;
export type Way = (typeof WAYS)[number];

const REPORT_VERDICTS = ['helped', 'partly', 'did_not_help'] as const;
export type ReportVerdict = (typeof REPORT_VERDICTS)[number];

const REPORT_REASON_KINDS = ['wrong', 'outdated', 'not_relevant'] as const;
export type ReportReasonKind = (typeof REPORT_REASON_KINDS)[number];

const ANSWER_KINDS = ['option', 'own', 'left_to_agent'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

const ANSWER_BY = ['member', 'connection'] as const;

const PASS_STATUSES = ['done', 'skipped', 'failed'] as const;
const PASS_SKIPPED_WHY = ['switched_off', 'session_limit', 'member_limit', 'site_budget', 'too_large'] as const;
const PASS_VERDICTS = ['fits', 'off'] as const;

const SHORT_CHECK_STATUSES = ['clear', 'asked', 'skipped', 'failed'] as const;
const SHORT_CHECK_SKIPPED_WHY = ['member_limit', 'site_budget', 'too_large'] as const;

/** G14: status of a share draft. */
const SHARE_DRAFT_STATUSES = ['open', 'waiting_sign_off', 'signed_off', 'discarded'] as const;
export type ShareDraftStatus = (typeof SHARE_DRAFT_STATUSES)[number];

// ---------------------------------------------------------------------------------------------------
// Conventions
// ---------------------------------------------------------------------------------------------------

/** Counts in the last 24 hours with this call counted (preview, POST /calls answer). */
const TodaySchema = lazySchema(() =>
  z.object({
    sessionsUsed: count(),
    sessionsAllowed: count(),
    callsUsed: count(),
    callsAllowed: count(),
  }),
);
export type Today = z.infer<typeof TodaySchema>;

const SwitchesSchema = lazySchema(() =>
  z.object({
    sharing: z.boolean(),
    files: z.boolean(),
    spending: z.boolean(),
    askBeforeNewAgent: z.boolean(),
    tryNewAgents: z.boolean(),
  }),
);
export type Switches = z.infer<typeof SwitchesSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /me
// ---------------------------------------------------------------------------------------------------

export const ConnectionSchema = lazySchema(() =>
  z.object({
    apiVersion: z.string(),
    connection: z.object({ id: z.string(), name: z.string() }),
    keepsFindings: z.nullable(z.boolean()),
    sessionId: z.nullable(z.string()),
    switches: SwitchesSchema,
    limits: z.object({
      sessionsPerDay: count(),
      callsPerDay: count(),
      openCallsMax: count(),
      approvalMinutes: count(),
      downloadBytesPerDay: count(),
    }),
    today: z.object({ sessionsUsed: count(), callsUsed: count() }),
    spentInWindowCents: z.nullable(cents()),
    spentSinceCents: z.nullable(cents()),
    downloadsLeftBytes: count(),
    balance: z.object({
      purchasedCents: cents(),
      earnedCents: z.nullable(cents()),
      promoCents: cents(),
      heldCents: cents(),
      spendableCents: cents(),
    }),
    privacyLine: z.string(),
    privacyLineShownAt: z.nullable(dateTime()),
  }),
);
export type Connection = z.infer<typeof ConnectionSchema>;
export type ConnectionInput = z.input<typeof ConnectionSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /connections/claim
// ---------------------------------------------------------------------------------------------------

export const ClaimRequestSchema = lazySchema(() =>
  z.object({
    code: z.string().check(z.minLength(1), z.maxLength(40)),
  }),
);

/** A connection key: gpc_ and 43 letters, digits, underscores or hyphens. */
export const CONNECTION_KEY_PATTERN = /^gpc_[A-Za-z0-9_-]{43}$/;

export const ClaimAnswerSchema = lazySchema(() =>
  z.object({
    key: z.string().check(z.regex(CONNECTION_KEY_PATTERN, 'not a connection key')),
    siteUrl: z.string(),
    connection: z.object({ id: z.string(), name: z.string(), sessionId: z.nullable(z.string()) }),
    switches: SwitchesSchema,
    env: z.array(z.object({ variable: z.string(), ask: z.string() })),
  }),
);
export type ClaimAnswer = z.infer<typeof ClaimAnswerSchema>;
export type ClaimAnswerInput = z.input<typeof ClaimAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// Agent card, POST /find
// ---------------------------------------------------------------------------------------------------

export const AgentCardSchema = lazySchema(() =>
  z.object({
    agentId: z.string(),
    slug: z.string(),
    untrustedName: UntrustedTextSchema,
    untrustedStyleLine: z.nullable(UntrustedTextSchema),
    accent: z.string(),
    untrustedKnows: UntrustedTextSchema,
    isNew: z.boolean(),
    contributors: count(),
    countedCalls: count(),
    connection: tolerantEnum(CONNECTION_STATES),
    matchBps: z.number().check(z.int()),
    usualCents: deprecatedNull(),
    neverMoreThanCents: deprecatedNull(),
    usualSource: deprecatedNull(),
    helpRateBps: deprecatedNull(),
    likelyToCostLess: deprecatedNull(),
  }),
);
export type AgentCard = z.infer<typeof AgentCardSchema>;
export type AgentCardInput = z.input<typeof AgentCardSchema>;

export const FindRequestSchema = lazySchema(() =>
  z.object({
    description: chars(3, 2000),
  }),
);

export const FindAnswerSchema = lazySchema(() =>
  z.object({
    agents: z.array(AgentCardSchema),
  }),
);
export type FindAnswer = z.infer<typeof FindAnswerSchema>;
export type FindAnswerInput = z.input<typeof FindAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// Preview: GET /agents/{agentId}/calls/{callId}/preview (and POST /calls/quote, G14)
// ---------------------------------------------------------------------------------------------------

const FitSchema = lazySchema(() =>
  z.object({
    verdict: tolerantEnum(FIT_VERDICTS),
    sentence: z.nullable(UntrustedTextSchema),
    otherAgent: z.nullable(z.object({ agentId: z.string(), slug: z.string(), untrustedName: UntrustedTextSchema })),
    choice: z.nullable(tolerantEnum(SUBJECTS)),
    canStartAgent: z.boolean(),
  }),
);
export type Fit = z.infer<typeof FitSchema>;

const MissingDetailSchema = lazySchema(() => z.object({ key: z.string(), untrustedDetail: UntrustedTextSchema }));
export type MissingDetail = z.infer<typeof MissingDetailSchema>;

const GateSchema = lazySchema(() =>
  z.object({
    ready: z.boolean(),
    missing: z.array(MissingDetailSchema),
  }),
);

export const PreviewSchema = lazySchema(() =>
  z.object({
    agentId: z.string(),
    callId: z.string(),
    untrustedName: UntrustedTextSchema,
    chargedFor: tolerantEnum(['what_it_uses']),
    sentence: z.string(),
    limitCents: cents(),
    limitBy: tolerantEnum(LIMIT_BY),
    holdCents: cents(),
    spendableCents: cents(),
    privacyLine: z.string(),
    refusal: z.nullable(z.string()),
    needsApproval: z.boolean(),
    approvalReason: z.nullable(tolerantEnum(APPROVAL_REASONS)),
    approvalLine: z.nullable(z.string()),
    today: TodaySchema,
    isNew: z.boolean(),
    gate: z.nullable(GateSchema),
    fit: FitSchema,
    largestCallCents: deprecatedInt(),
    neverMoreThanCents: deprecatedInt(),
    perCall: deprecatedNull(),
    usualCents: deprecatedNull(),
    readingMicros: deprecatedNull(),
    answerMedianMicros: deprecatedNull(),
    usualSource: deprecatedNull(),
    runs: deprecatedNull(),
    balanceAfterCents: deprecatedNull(),
    likelyToCostLess: deprecatedNull(),
  }),
);
export type Preview = z.infer<typeof PreviewSchema>;
export type PreviewInput = z.input<typeof PreviewSchema>;

// ---------------------------------------------------------------------------------------------------
// Questions and answers (sessions)
// ---------------------------------------------------------------------------------------------------

const QuestionSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    untrustedAsk: UntrustedTextSchema,
    untrustedWhy: UntrustedTextSchema,
    untrustedDetail: UntrustedTextSchema,
    options: z.array(
      z.object({
        key: z.string(),
        untrustedLabel: UntrustedTextSchema,
        untrustedDescription: UntrustedTextSchema,
      }),
    ),
    recommended: z.nullable(z.string()),
    untrustedRecommendedWhy: z.nullable(UntrustedTextSchema),
    multiple: z.boolean(),
    showIf: deprecatedNull(),
    forQuestion: z.optional(z.boolean()),
  }),
);
export type Question = z.infer<typeof QuestionSchema>;

const AnswerSchema = lazySchema(() =>
  z.object({
    key: z.string(),
    kind: tolerantEnum(ANSWER_KINDS),
    optionKeys: z.array(z.string()),
    untrustedOwn: z.nullable(UntrustedTextSchema),
    by: tolerantEnum(ANSWER_BY),
    at: dateTime(),
    fromPrompt: z.boolean(),
  }),
);
export type Answer = z.infer<typeof AnswerSchema>;

/** Question keys: lower-case letters, digits, underscores. */
export const QUESTION_KEY_PATTERN = /^[a-z0-9_]+$/;

/** The session's questions object. */
export const QuestionsSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    agentId: z.string(),
    way: tolerantEnum(WAYS),
    untrustedDetails: z.nullable(UntrustedTextSchema),
    pass: z.object({
      status: z.nullable(tolerantEnum(PASS_STATUSES)),
      skippedWhy: z.nullable(tolerantEnum(PASS_SKIPPED_WHY)),
      verdict: z.nullable(tolerantEnum(PASS_VERDICTS)),
      covers: z.boolean(),
      current: z.boolean(),
      // G19: the contract says only "object or null"; we read it as the preview's fit object.
      fit: z.nullable(FitSchema),
      readsLeft: count(),
      canReread: z.boolean(),
      planResultExists: z.boolean(),
      at: z.nullable(dateTime()),
    }),
    questions: z.nullable(
      z.object({
        opening: z.array(QuestionSchema),
        // Always empty in the contract; their element shape is not given, so elements are not read.
        followUps: z.array(z.unknown()),
        required: z.array(z.string()),
        forQuestion: z.array(z.unknown()),
      }),
    ),
    shown: z.array(QuestionSchema),
    answers: z.array(AnswerSchema),
    details: z.array(
      z.object({
        key: z.string(),
        untrustedDetail: UntrustedTextSchema,
        untrustedAnswer: UntrustedTextSchema,
      }),
    ),
    gate: GateSchema,
    shortCheck: z.nullable(
      z.object({
        status: tolerantEnum(SHORT_CHECK_STATUSES),
        skippedWhy: z.nullable(tolerantEnum(SHORT_CHECK_SKIPPED_WHY)),
        at: dateTime(),
      }),
    ),
  }),
);
export type Questions = z.infer<typeof QuestionsSchema>;
export type QuestionsInput = z.input<typeof QuestionsSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /calls
// ---------------------------------------------------------------------------------------------------

/** A field read when it can be: absent, null or not in its shape, it is null, and the rest is still read. */
const readable = <T extends z.core.$ZodType>(schema: T) =>
  z.pipe(
    z.catch(z.optional(z.nullable(schema)), null),
    z.transform((value): z.output<T> | null => value ?? null),
  );

/**
 * A 2xx with a runId is a started call (issue 41): it runs and may be charged, so it must be polled even when
 * the site left out, or sent in another shape, a field we read beside it. The other fields are read when they can be.
 */
export const StartCallAnswerSchema = lazySchema(() =>
  z.object({
    status: readable(tolerantEnum(['started'])),
    runId: z.string().check(z.minLength(1)),
    sessionId: readable(z.string()),
    holdCents: readable(cents()),
    spendableAfterCents: readable(cents()),
    privacyLine: readable(z.string()),
    today: readable(TodaySchema),
  }),
);
export type StartCallAnswer = z.infer<typeof StartCallAnswerSchema>;
export type StartCallAnswerInput = z.input<typeof StartCallAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// Call result: GET /calls/{runId}
// ---------------------------------------------------------------------------------------------------

const CallFileSchema = lazySchema(() =>
  z.object({
    fileId: z.string(),
    untrustedPath: UntrustedTextSchema,
    sizeBytes: count(),
    active: z.boolean(),
    url: z.string(),
    expiresAt: dateTime(),
  }),
);
export type CallFile = z.infer<typeof CallFileSchema>;

const ChargeSchema = lazySchema(() =>
  z.object({
    chargedCents: cents(),
    runningCostMicros: micros(),
    upchargeMicros: micros(),
    usualCents: deprecatedInt(),
    neverMoreThanCents: deprecatedInt(),
    laterTriesNotCharged: count(),
  }),
);

export const CallResultSchema = lazySchema(() =>
  z.object({
    header: z.string(),
    runId: z.string(),
    sessionId: z.string(),
    agentId: z.string(),
    callId: z.string(),
    untrustedCallName: UntrustedTextSchema,
    status: tolerantEnum(CALL_STATUSES),
    note: z.nullable(UntrustedTextSchema),
    files: z.array(CallFileSchema),
    checks: z.array(z.object({ label: z.string(), passed: z.boolean() })),
    charge: z.nullable(ChargeSchema),
    // One of two fixed sentences with the service's name in it (G3), so read as text.
    disclosure: z.string(),
    failReason: z.nullable(z.string()),
    partial: z.boolean(),
    researchCut: z.nullable(
      z.object({
        limitCents: cents(),
        limitBy: z.nullable(tolerantEnum(LIMIT_BY)),
      }),
    ),
    revisesPlan: z.boolean(),
    planUnchanged: z.boolean(),
  }),
);
export type CallResult = z.infer<typeof CallResultSchema>;
export type CallResultInput = z.input<typeof CallResultSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /calls/{runId}/stop and /report
// ---------------------------------------------------------------------------------------------------

export const StopAnswerSchema = lazySchema(() =>
  z.object({
    runId: z.string(),
    stopped: z.literal(true),
  }),
);
export type StopAnswer = z.infer<typeof StopAnswerSchema>;

export const ReportRequestSchema = lazySchema(() =>
  z.object({
    verdict: z.enum(REPORT_VERDICTS),
    reasonKind: z.optional(z.nullable(z.enum(REPORT_REASON_KINDS))),
    reason: z.optional(z.nullable(chars(0, 500))),
  }),
);
export type ReportRequest = z.infer<typeof ReportRequestSchema>;

export const ReportAnswerSchema = lazySchema(() =>
  z.object({
    verdict: tolerantEnum(REPORT_VERDICTS),
    reasonKind: z.nullable(tolerantEnum(REPORT_REASON_KINDS)),
    recorded: z.literal(true),
  }),
);
export type ReportAnswer = z.infer<typeof ReportAnswerSchema>;
export type ReportAnswerInput = z.input<typeof ReportAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /sessions/{sessionId}
// ---------------------------------------------------------------------------------------------------

export const SessionSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    agentId: z.string(),
    untrustedAgentName: UntrustedTextSchema,
    status: tolerantEnum(SESSION_STATUSES),
    calls: count(),
    chargedCents: cents(),
    lastCallAt: z.nullable(dateTime()),
    untrustedMovedNote: z.nullable(UntrustedTextSchema),
    startedByThisConnection: z.boolean(),
    way: z.nullable(tolerantEnum(WAYS)),
    research: z.boolean(),
    questions: z.nullable(QuestionsSchema),
    results: z.array(CallResultSchema),
  }),
);
export type Session = z.infer<typeof SessionSchema>;
export type SessionInput = z.input<typeof SessionSchema>;

// ---------------------------------------------------------------------------------------------------
// GET /findings
// ---------------------------------------------------------------------------------------------------

export const FindingSchema = lazySchema(() =>
  z.object({
    findingId: z.string(),
    agentId: z.string(),
    untrustedAgentName: UntrustedTextSchema,
    sessionId: z.nullable(z.string()),
    kind: tolerantEnum(FINDING_KINDS),
    untrustedTopic: UntrustedTextSchema,
    untrustedTakeaway: UntrustedTextSchema,
    source: z.nullable(
      z.object({
        untrustedUrl: z.string(),
        kind: tolerantEnum(SOURCE_KINDS),
      }),
    ),
    learnedAt: z.nullable(day()),
    untrustedAppliesTo: z.array(z.string()),
    status: tolerantEnum(FINDING_STATUSES),
    filedWith: z.nullable(
      z.object({
        agentId: z.string(),
        untrustedName: z.nullable(UntrustedTextSchema),
        newAgent: z.boolean(),
      }),
    ),
    draftId: z.nullable(z.string()),
    signOffUrl: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    contributionState: z.nullable(tolerantEnum(CONTRIBUTION_STATES)),
    createdAt: dateTime(),
  }),
);
export type Finding = z.infer<typeof FindingSchema>;
export type FindingInput = z.input<typeof FindingSchema>;

export const FindingsAnswerSchema = lazySchema(() =>
  z.object({
    findings: z.array(FindingSchema),
  }),
);
export type FindingsAnswer = z.infer<typeof FindingsAnswerSchema>;

// ---------------------------------------------------------------------------------------------------
// Error body (G1). This is the shape the emulator produces; the client reads errors more tolerantly
// (lib/api/errors.ts), so a different real shape still yields a code.
// ---------------------------------------------------------------------------------------------------

const ProblemSchema = lazySchema(() => z.object({ key: z.string(), problem: z.string() }));
export type Problem = z.infer<typeof ProblemSchema>;

const ErrorDetailSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    message: z.optional(z.string()),
    fields: z.optional(z.array(z.string())),
    problems: z.optional(z.array(ProblemSchema)),
    missing: z.optional(z.array(MissingDetailSchema)),
    approvalId: z.optional(z.string()),
    approvalUrl: z.optional(z.string()),
    topUpUrl: z.optional(z.string()),
    reason: z.optional(z.string()),
    until: z.optional(dateTime()),
  }),
);
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

export const ErrorBodySchema = lazySchema(() =>
  z.object({
    error: ErrorDetailSchema,
  }),
);
export type ErrorBodyInput = z.input<typeof ErrorBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Endpoints named without a shape (G14)
// ---------------------------------------------------------------------------------------------------

export const CreateSessionRequestSchema = lazySchema(() =>
  z.object({
    agentId: requestId(),
    way: z.enum(WAYS),
    details: z.optional(chars(0, 20000)),
  }),
);
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;

export const PutAnswersRequestSchema = lazySchema(() =>
  z.object({
    answers: AnswersMapSchema,
  }),
);

export const PutDetailsRequestSchema = lazySchema(() =>
  z.object({
    details: chars(0, 20000),
  }),
);

export const PlanSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    runId: z.string(),
    version: z.number().check(z.int(), z.minimum(1)),
    untrustedMarkdown: UntrustedTextSchema,
    at: dateTime(),
  }),
);
export type Plan = z.infer<typeof PlanSchema>;
export type PlanInput = z.input<typeof PlanSchema>;

export const ApprovalSchema = lazySchema(() =>
  z.object({
    approvalId: z.string(),
    approvalUrl: z.string(),
    reason: tolerantEnum(APPROVAL_REASONS),
    status: tolerantEnum(APPROVAL_STATUSES),
    agentId: z.string(),
    callId: z.string(),
    maxCents: z.nullable(cents()),
    createdAt: dateTime(),
    approvedAt: z.nullable(dateTime()),
    expiresAt: dateTime(),
  }),
);
export type Approval = z.infer<typeof ApprovalSchema>;
export type ApprovalInput = z.input<typeof ApprovalSchema>;

export const AgentsAnswerSchema = lazySchema(() =>
  z.object({
    agents: z.array(AgentCardSchema),
  }),
);

export const AgentDetailSchema = lazySchema(() =>
  z.object({
    agent: AgentCardSchema,
    calls: z.array(
      z.object({
        callId: z.string(),
        untrustedName: UntrustedTextSchema,
        kind: tolerantEnum(AGENT_CALL_KINDS),
      }),
    ),
  }),
);

export const UploadFileRequestSchema = lazySchema(() =>
  z.object({
    name: chars(1, 255),
    contentBase64: z.base64(),
    sessionId: z.optional(z.nullable(requestId())),
  }),
);
export type UploadFileRequest = z.infer<typeof UploadFileRequestSchema>;

export const UploadedFileSchema = lazySchema(() =>
  z.object({
    fileId: z.string(),
    untrustedPath: UntrustedTextSchema,
    sizeBytes: count(),
    active: z.boolean(),
    expiresAt: dateTime(),
  }),
);
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

export const CoverageRequestSchema = lazySchema(() =>
  z.object({
    description: chars(3, 2000),
  }),
);

export const CoverageAnswerSchema = lazySchema(() =>
  z.object({
    covered: z.boolean(),
    agents: z.array(
      z.object({
        agentId: z.string(),
        slug: z.string(),
        untrustedName: UntrustedTextSchema,
        matchBps: z.number().check(z.int()),
      }),
    ),
  }),
);
export type CoverageAnswer = z.infer<typeof CoverageAnswerSchema>;

export const CreateShareRequestSchema = lazySchema(() =>
  z.object({
    title: chars(1, 200),
    description: z.optional(chars(0, 2000)),
    agentId: z.optional(z.nullable(requestId())),
  }),
);
export type CreateShareRequest = z.infer<typeof CreateShareRequestSchema>;

export const ShareDraftSchema = lazySchema(() =>
  z.object({
    draftId: z.string(),
    status: tolerantEnum(SHARE_DRAFT_STATUSES),
    untrustedTitle: UntrustedTextSchema,
    agentId: z.nullable(z.string()),
    files: z.array(
      z.object({
        fileId: z.string(),
        untrustedPath: UntrustedTextSchema,
        sizeBytes: count(),
        active: z.boolean(),
      }),
    ),
    packageBytes: z.nullable(count()),
    signOffUrl: z.nullable(z.string()),
    createdAt: dateTime(),
  }),
);
export type ShareDraft = z.infer<typeof ShareDraftSchema>;
export type ShareDraftInput = z.input<typeof ShareDraftSchema>;

export const PutShareFilesRequestSchema = lazySchema(() =>
  z.object({
    fileIds: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(20)),
  }),
);

export const SharedProjectsAnswerSchema = lazySchema(() =>
  z.object({
    projects: z.array(
      z.object({
        projectId: z.string(),
        untrustedTitle: UntrustedTextSchema,
        agentId: z.string(),
        untrustedAgentName: UntrustedTextSchema,
        contributionState: z.nullable(tolerantEnum(CONTRIBUTION_STATES)),
        createdAt: dateTime(),
      }),
    ),
  }),
);
export type SharedProjectsAnswer = z.infer<typeof SharedProjectsAnswerSchema>;
export type SharedProjectsAnswerInput = z.input<typeof SharedProjectsAnswerSchema>;
