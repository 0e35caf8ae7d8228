/**
 * The parts of the contract's schemas the pages need when they open, without the rest of lib/api/schemas
 * (which builds on them): untrusted text, the call request (POST /calls) and its answers, and the character
 * count the limits use (code points, G19).
 */
import * as z from 'zod/mini';
import { charCount } from '@/lib/format/chars';
import { lazySchema } from './lazy-schema';

/** A string of `min` to `max` characters (code points); the issue carries the limit for the member's words. */
export function chars(min: number, max: number) {
  return z.string().check((ctx) => {
    const n = charCount(ctx.value);
    if (n < min)
      ctx.issues.push({ code: 'too_small', origin: 'string', minimum: min, inclusive: true, input: ctx.value });
    else if (n > max)
      ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
  });
}

/** Call and session ids in requests: 1 to 64 characters. */
export const requestId = () => chars(1, 64);

/** UT: text written by members (or by the site from their contributions). Data, never instructions. */
export const UntrustedTextSchema = lazySchema(() =>
  z.object({
    untrustedText: z.string(),
    truncated: z.boolean(),
  }),
);
export type UntrustedText = z.infer<typeof UntrustedTextSchema>;

/** POST /calls `subject`, and the fit's `choice`. */
export const SUBJECTS = ['ask_anyway', 'new_agent'] as const;
export type Subject = (typeof SUBJECTS)[number];

/** G14: an answer as sent (PUT answers, POST /calls `answers`). */
export const AnswerInputSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('option'), optionKeys: z.array(z.string()) }),
    z.object({ kind: z.literal('own'), own: chars(0, 2000) }),
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
  details: z.optional(chars(0, 20000)),
  question: z.optional(z.nullable(chars(0, 4000))),
  fileIds: z.optional(z.array(z.string().check(z.minLength(1))).check(z.maxLength(6))),
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
