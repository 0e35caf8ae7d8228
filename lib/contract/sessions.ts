/**
 * Sessions (contract: GET /sessions/{sessionId} with its questions and answers; POST /sessions, PUT answers,
 * PUT details and GET plan, G14).
 */
import * as z from 'zod/mini';
import { AnswersMapSchema, CallResultSchema, GateSchema } from './calls';
import {
  cents,
  chars,
  count,
  deprecatedNull,
  readable,
  requestId,
  tolerantEnum,
  UntrustedTextSchema,
} from './conventions';
import { lazySchema } from './lazy-schema';
import { MAX_DETAILS_CHARS } from './limits';
import { dateTime } from './times';

const SESSION_STATUSES = ['open', 'closed', 'archived', 'deleted'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

const WAYS = ['plan', 'question'] as const;
export type Way = (typeof WAYS)[number];

const ANSWER_KINDS = ['option', 'own', 'left_to_agent'] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

const ANSWER_BY = ['member', 'connection'] as const;

const PASS_STATUSES = ['done', 'skipped', 'failed'] as const;
const PASS_SKIPPED_WHY = ['switched_off', 'session_limit', 'member_limit', 'site_budget', 'too_large'] as const;
const PASS_VERDICTS = ['fits', 'off'] as const;

const SHORT_CHECK_STATUSES = ['clear', 'asked', 'skipped', 'failed'] as const;
const SHORT_CHECK_SKIPPED_WHY = ['member_limit', 'site_budget', 'too_large'] as const;

// ---------------------------------------------------------------------------------------------------
// Questions and answers
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
    // "always false", and nothing the client does depends on it (G34).
    forQuestion: readable(z.boolean()),
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

/**
 * The questions object's `pass.fit`: the contract gives it no fields (G20), so only what the panel shows is
 * read, the sentence of the preview's `fit` when the site sends one in that shape.
 */
const PassFitSchema = lazySchema(() => z.object({ sentence: readable(UntrustedTextSchema) }));

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
      // "object or null", no fields given (G20, G34): its sentence is read when it is a UT, the rest ignored.
      fit: readable(PassFitSchema),
      readsLeft: count(),
      canReread: z.boolean(),
      planResultExists: z.boolean(),
      at: z.nullable(dateTime()),
    }),
    questions: z.nullable(
      z.object({
        opening: z.array(QuestionSchema),
        // "Always empty", element shape not given (G34): elements are not read, and neither fails the answer.
        followUps: readable(z.array(z.unknown())),
        required: z.array(z.string()),
        forQuestion: readable(z.array(z.unknown())),
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
// Endpoints named without a shape (G14)
// ---------------------------------------------------------------------------------------------------

export const CreateSessionRequestSchema = lazySchema(() =>
  z.object({
    agentId: requestId(),
    way: z.enum(WAYS),
    details: z.optional(chars(0, MAX_DETAILS_CHARS)),
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
    details: chars(0, MAX_DETAILS_CHARS),
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
