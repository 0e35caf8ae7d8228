/**
 * Calls (contract: POST /calls, GET /calls/{runId}, stop, report, the preview and the approval record, G14):
 * the call request as the member chooses it and as it is sent, and every answer about a call.
 */
import * as z from 'zod/mini';
import {
  cents,
  chars,
  count,
  deprecatedInt,
  deprecatedNull,
  micros,
  readable,
  requestId,
  tolerantEnum,
  UntrustedTextSchema,
} from './conventions';
import { CallFileSchema } from './files';
import { lazySchema } from './lazy-schema';
import {
  MAX_DETAILS_CHARS,
  MAX_FILES_PER_CALL,
  MAX_IDEMPOTENCY_KEY_CHARS,
  MAX_OWN_ANSWER_CHARS,
  MAX_QUESTION_CHARS,
  MAX_REPORT_REASON_CHARS,
} from './limits';
import { dateTime } from './times';

// ---------------------------------------------------------------------------------------------------
// Enum value lists
// ---------------------------------------------------------------------------------------------------

export const CALL_STATUSES = ['in_progress', 'checking', 'passed', 'failed', 'returned'] as const;
/** A call's status as the site says it (GET /calls/{runId}); the row's `CallState` and the history filter's `CallHistoryStatus` are mapped from it in lib/history/filter.ts. */
export type CallStatus = (typeof CALL_STATUSES)[number];
/** Statuses while which a call is polled. */
export const OPEN_CALL_STATUSES = ['in_progress', 'checking'] as const;

/** POST /calls `subject`, and the fit's `choice`. */
const SUBJECTS = ['ask_anyway', 'new_agent'] as const;
export type Subject = (typeof SUBJECTS)[number];

export const APPROVAL_REASONS = ['new_agent', 'second_session', 'over_calls', 'spending_off'] as const;
export type ApprovalReason = (typeof APPROVAL_REASONS)[number];

/** G14: status of an approval record. */
const APPROVAL_STATUSES = ['pending', 'approved', 'declined', 'expired', 'used'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const FIT_VERDICTS = ['fits', 'unclear', 'another_agent', 'no_agent'] as const;

const LIMIT_BY = ['credits', 'caller_max', 'safety_ceiling'] as const;
export type LimitBy = (typeof LIMIT_BY)[number];

const REPORT_VERDICTS = ['helped', 'partly', 'did_not_help'] as const;
export type ReportVerdict = (typeof REPORT_VERDICTS)[number];

const REPORT_REASON_KINDS = ['wrong', 'outdated', 'not_relevant'] as const;
export type ReportReasonKind = (typeof REPORT_REASON_KINDS)[number];

// ---------------------------------------------------------------------------------------------------
// POST /calls: the request
// ---------------------------------------------------------------------------------------------------

/** G14: an answer as sent (PUT answers, POST /calls `answers`). */
export const AnswerInputSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('option'), optionKeys: z.array(z.string()) }),
    z.object({ kind: z.literal('own'), own: chars(0, MAX_OWN_ANSWER_CHARS) }),
    z.object({ kind: z.literal('left_to_agent') }),
  ]),
);
export type AnswerInput = z.infer<typeof AnswerInputSchema>;

/**
 * Answers by question key. Whether a key or option fits the agent's questions is the service's to judge
 * (400 invalid_answers with problems), so keys are not checked here.
 */
export const AnswersMapSchema = lazySchema(() => z.record(z.string(), AnswerInputSchema));

const callRequestShape = () => ({
  agentId: requestId(),
  callId: requestId(),
  sessionId: z.optional(z.nullable(requestId())),
  details: z.optional(chars(0, MAX_DETAILS_CHARS)),
  question: z.optional(z.nullable(chars(0, MAX_QUESTION_CHARS))),
  fileIds: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(MAX_FILES_PER_CALL))),
  maxCents: z.optional(z.nullable(z.number().check(z.int(), z.minimum(1)))),
  answers: z.optional(z.nullable(AnswersMapSchema)),
  subject: z.optional(z.nullable(z.enum(SUBJECTS))),
  fromAsk: z.optional(z.nullable(requestId())),
  /** Refused by the contract (400 invalid_input): the findings choice is the member's alone. */
  keepFindings: z.optional(z.never()),
});

/**
 * A call's request as the member chooses it: what the panel sends the background (lib/protocol), which adds
 * approvalId itself when it resends an approved call.
 */
export const CallRequestSchema = lazySchema(() => z.object(callRequestShape()));
export type CallRequest = z.infer<typeof CallRequestSchema>;

/** The POST /calls body: the member's request, and the approval it was approved under when it is resent. */
export const StartCallRequestSchema = lazySchema(() =>
  z.object({
    ...callRequestShape(),
    approvalId: z.optional(z.string().check(z.minLength(1))),
  }),
);
export type StartCallRequest = z.infer<typeof StartCallRequestSchema>;
export type StartCallRequestInput = z.input<typeof StartCallRequestSchema>;

/**
 * G16: an Idempotency-Key (POST /calls, stop, report) is 1 to 255 printable ASCII characters; anything else the
 * service answers 400 idempotency_key_required. No space at either end either: fetch would trim it and the
 * service would see another key.
 */
const IDEMPOTENCY_KEY_PATTERN = new RegExp(
  `^[\\x21-\\x7e](?:[\\x20-\\x7e]{0,${MAX_IDEMPOTENCY_KEY_CHARS - 2}}[\\x21-\\x7e])?$`,
);
export function isValidIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

// ---------------------------------------------------------------------------------------------------
// Preview: GET /agents/{agentId}/calls/{callId}/preview (and POST /calls/quote, G14)
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

export const MissingDetailSchema = lazySchema(() =>
  z.object({ key: z.string(), untrustedDetail: UntrustedTextSchema }),
);
export type MissingDetail = z.infer<typeof MissingDetailSchema>;

export const GateSchema = lazySchema(() =>
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
    // "constant what_it_uses": nothing reads it (G34).
    chargedFor: readable(tolerantEnum(['what_it_uses'])),
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
// POST /calls: the answer
// ---------------------------------------------------------------------------------------------------

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
    reason: z.optional(z.nullable(chars(0, MAX_REPORT_REASON_CHARS))),
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
// The approval record (GET /approvals/{approvalId}, G14), asked for by 403 needs_approval on POST /calls
// ---------------------------------------------------------------------------------------------------

/**
 * What the resend acts on is strict (which approval, its status, until when); the other fields are read when
 * they can be (G34): the refusal already gave the approval page and reason, and the rest is not acted on.
 */
export const ApprovalSchema = lazySchema(() =>
  z.object({
    approvalId: z.string(),
    approvalUrl: readable(z.string()),
    reason: readable(tolerantEnum(APPROVAL_REASONS)),
    status: tolerantEnum(APPROVAL_STATUSES),
    agentId: readable(z.string()),
    callId: readable(z.string()),
    maxCents: readable(cents()),
    createdAt: readable(dateTime()),
    approvedAt: readable(dateTime()),
    expiresAt: dateTime(),
  }),
);
export type Approval = z.infer<typeof ApprovalSchema>;
export type ApprovalInput = z.input<typeof ApprovalSchema>;
