/** The connection (contract: GET /me, POST /connections/claim): who is connected, its switches and limits. */
import * as z from 'zod/mini';
import { cents, count, readable } from './conventions';
import { lazySchema } from './lazy-schema';
import { MAX_CONNECT_CODE_CHARS } from './limits';
import { dateTime } from './times';

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
    // "string, constant v1": the path carries the version; nothing reads it (G34).
    apiVersion: readable(z.string()),
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
    // Nothing the client does depends on when the line was first shown (G8, G34).
    privacyLineShownAt: readable(dateTime()),
  }),
);
export type Connection = z.infer<typeof ConnectionSchema>;
export type ConnectionInput = z.input<typeof ConnectionSchema>;

// ---------------------------------------------------------------------------------------------------
// POST /connections/claim
// ---------------------------------------------------------------------------------------------------

export const ClaimRequestSchema = lazySchema(() =>
  z.object({
    code: z.string().check(z.minLength(1), z.maxLength(MAX_CONNECT_CODE_CHARS)),
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
