import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import type { ApiMissingDetail, ApiProblem, NextStep } from '@/lib/api/errors';
import type { ErrorSaid } from '@/lib/api/error-said';
import { isJsonObject } from '@/lib/api/json-object';

/**
 * Fields an API refusal may carry (G1), kept so the panel can show what is missing or where to go. Checked only
 * for being an object: lib/api built them from an answer it had parsed.
 */
export interface MemberErrorExtras {
  fields?: string[];
  problems?: ApiProblem[];
  missing?: ApiMissingDetail[];
  approvalId?: string;
  approvalUrl?: string;
  topUpUrl?: string;
  reason?: string;
  until?: string;
  retryAfterSeconds?: number;
  /** A local refusal by the secret guard: what it found, as short labels (never the secret itself). */
  found?: string[];
  /** For a code the extension does not know: the site's own `message`, shown as the site sent it (text only). */
  siteMessage?: string;
}

/** An error as the member reads it: in rows, in command replies and in the panel's hand-offs alike. */
export const MemberErrorSchema = lazySchema(() =>
  z
    .object({
      /** A stable code: the API's code, or a local one. */
      code: z.string(),
      /**
       * A sentence in the member's words: a local error's, and every error stored before `said`. Absent when
       * `said` is there: the panel words it (lib/words/errors memberErrorWords).
       */
      message: z.optional(z.string()),
      /** What a client error's words are made of (lib/api/error-said), with the code, status and extras. */
      said: z.optional(z.custom<ErrorSaid>((v) => isJsonObject(v) && typeof v.kind === 'string')),
      /** What to do next (lib/api/errors' NextStep: top up, approve, wait, reconnect...). */
      nextStep: z.optional(z.custom<NextStep>(isJsonObject)),
      /** HTTP status when the site answered; absent for local refusals and network failures. */
      status: z.optional(z.number().check(z.int())),
      extras: z.custom<MemberErrorExtras>(isJsonObject),
    })
    .check(z.refine((e) => e.message !== undefined || e.said !== undefined)),
);

/**
 * An error as the member reads it: a stable code, a sentence in the member's words (or what they are made of),
 * and what to do next. Also
 * the error of a command reply (lib/protocol).
 */
export type MemberError = z.infer<typeof MemberErrorSchema>;
