/** The `calls` table: the outbox and every call's life. */
import * as z from 'zod/mini';
import type { CallResult, ReportAnswer, Today } from '@/lib/contract/calls';
import { StartCallRequestSchema } from '@/lib/contract/calls';
import { UntrustedTextSchema } from '@/lib/contract/conventions';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { MemberErrorSchema } from '@/lib/db/member-error';
import { apiObject, epochMs, iso, storedAmount } from './fields';

/** An agent's calls newest first by one index (version 5), so the history's agent filter reads its page. */
export const CALLS_INDEXES =
  'localId, state, runId, sessionId, connectionId, createdAt, request.agentId, [request.agentId+createdAt]';

/**
 * - outbox: written, not sent yet (also where a call goes back to after a worker restart mid-send)
 * - sending: POST /calls in flight
 * - unsent: the network failed several times; retryCall resends with the same Idempotency-Key
 * - needs_approval: waiting for the member's approval (see the approvals row); resent by the background
 * - started: 202 received; polled until it ends
 * - finished: the result ended (passed, failed or returned); see `result`
 * - refused: the site refused it; `error` says why and what to do
 * - declined / expired: the member declined the approval, or its 30 minutes passed
 */
export const CALL_STATES = [
  'outbox',
  'sending',
  'unsent',
  'needs_approval',
  'started',
  'finished',
  'refused',
  'declined',
  'expired',
] as const;
export type CallState = (typeof CALL_STATES)[number];

export const CallRowSchema = lazySchema(() =>
  z.object({
    /** Chosen once per intent (by the panel's view or draft, or by the background), the row's key. */
    localId: z.string().check(z.minLength(1)),
    /** Connection the call was made through; a later connection never polls it. */
    connectionId: z.string(),
    /** The exact POST /calls body, without approvalId: what will be sent again, checked with the API's own schema. */
    request: StartCallRequestSchema,
    /** Idempotency-Key of the current intent, stored before the request is sent; reused on every retry. */
    idempotencyKey: z.string().check(z.minLength(1), z.maxLength(255)),
    /** Set when resending an approved call: sent with the request as approvalId. */
    approvalId: z.nullable(z.string()),
    /** Names to show before the result arrives, as the panel had them (untrusted). */
    agentName: z.nullable(UntrustedTextSchema),
    callName: z.nullable(UntrustedTextSchema),
    state: z.enum(CALL_STATES),
    /** Send attempts of the current intent. */
    attempts: z.number().check(z.int(), z.minimum(0)),
    /**
     * When the current key first went out, null until it has (issue 41): past lib/api/idempotency's
     * SAME_KEY_RESEND_MS it is never sent again on its own. Absent on rows from before it was kept (read as
     * `createdAt`, which is never later).
     */
    firstSentAt: z.optional(z.nullable(iso())),
    /** The worker that claimed the row for sending (`sending` only): a later worker's start recovers only others'. */
    sendingBy: z.optional(z.nullable(z.string())),
    /** When to try sending again after a network failure (outbox), null otherwise. */
    nextSendAt: z.nullable(epochMs()),
    runId: z.nullable(z.string()),
    sessionId: z.nullable(z.string()),
    /** As the 202 said them: a number no amount can be is kept as `{ notRead }` (G34), said so where shown. */
    holdCents: z.nullable(storedAmount()),
    spendableAfterCents: z.nullable(storedAmount()),
    /** The privacy line the 202 carried (first call through a connection): show it. */
    privacyLine: z.nullable(z.string()),
    today: z.nullable(apiObject<Today>()),
    /** The last GET /calls/{runId} (or session results) answer. */
    result: z.nullable(apiObject<CallResult>()),
    /** When `result` was read: its file links are good for 300 s from then. Added in version 2. */
    resultReadAt: z.nullable(iso()),
    /** The refusal or failure to show, null when none. */
    error: z.nullable(MemberErrorSchema),
    stop: z.nullable(
      z.object({
        idempotencyKey: z.string(),
        requestedAt: iso(),
        /** When this key was first sent (absent on rows from before it was kept: read as `requestedAt`). */
        firstRequestedAt: z.optional(iso()),
        /** 200 stopped: true. */
        done: z.boolean(),
        error: z.nullable(MemberErrorSchema),
      }),
    ),
    report: z.nullable(
      z.object({
        idempotencyKey: z.string(),
        verdict: z.enum(['helped', 'partly', 'did_not_help']),
        reasonKind: z.nullable(z.enum(['wrong', 'outdated', 'not_relevant'])),
        reason: z.nullable(z.string()),
        requestedAt: iso(),
        /** When this key was first sent (absent on rows from before it was kept: read as `requestedAt`). */
        firstRequestedAt: z.optional(iso()),
        /** What the site recorded (the first report stands), null until answered. */
        recorded: z.nullable(apiObject<ReportAnswer>()),
        error: z.nullable(MemberErrorSchema),
      }),
    ),
    createdAt: iso(),
    updatedAt: iso(),
    sentAt: z.nullable(iso()),
    startedAt: z.nullable(iso()),
    finishedAt: z.nullable(iso()),
    /** When the poller reads this call next, null when it is not polled. */
    nextPollAt: z.nullable(epochMs()),
    /** Polls made since it started (drives the backoff). */
    polls: z.number().check(z.int(), z.minimum(0)),
    /**
     * Reads of GET /calls/{runId} in a row that answered about another run (ignored: not this call's result);
     * a read of this run sets it back to 0. Absent on rows from before it was kept (read as 0).
     */
    otherRunReads: z.optional(z.number().check(z.int(), z.minimum(0))),
    /**
     * How long calls to this agent and call ran lately (lib/schedule expectedRunMs), learned when it started:
     * reads are spaced out until then. Absent on rows from before it was kept.
     */
    expectedRunMs: z.optional(z.nullable(z.number().check(z.minimum(0)))),
  }),
);

export type CallRow = z.infer<typeof CallRowSchema>;

/**
 * After this many reads in a row about another run, the call's view says so. Not at the first: one such answer
 * can be a site's passing mix-up (a cache answering for a neighbour) that the next read sets right; three in a
 * row is not chance, and at the first seconds' pace (a read a second) the member hears it within seconds.
 */
export const OTHER_RUN_READS_SAID = 3;

/** Whether the site keeps answering this open call's reads about another run (said to the member). */
export function answersAboutAnotherRun(row: Pick<CallRow, 'state' | 'otherRunReads'>): boolean {
  return row.state === 'started' && (row.otherRunReads ?? 0) >= OTHER_RUN_READS_SAID;
}
