/** Start, resend, stop, report and read again a call. */
import { isJsonObject } from '@/lib/api/json-object';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import type { ReportAnswer } from '@/lib/contract/calls';
import { UntrustedTextSchema } from '@/lib/contract/conventions';
import { CallRequestSchema } from '@/lib/contract/calls';
import { CALL_STATES } from '@/lib/db/tables/calls';
import { command, Empty, id, str } from './command';
import { MAX_REPORT_REASON_CHARS } from '@/lib/contract/limits';

const CallStateSchema = lazySchema(() => z.enum(CALL_STATES));
/** crypto.randomUUID()'s shape; our own pattern, as zod's uuid check costs the worker more than it checks. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const callsCommands = () => ({
  /**
   * Start a call. Give one localId per intent (components/common/useCallIntent, a draft's intentId): a second
   * delivery of the same click, or the click after one that got no answer, does not make a second call. The reply comes after the first send attempt; the calls row tells the rest.
   */
  startCall: command(
    z.object({
      localId: z.optional(z.string().check(z.regex(UUID))),
      request: CallRequestSchema,
      agentName: z.optional(z.nullable(UntrustedTextSchema)),
      callName: z.optional(z.nullable(UntrustedTextSchema)),
    }),
    z.object({ localId: z.string(), state: CallStateSchema }),
  ),
  /**
   * Send a call again: unsent (no answer) with the same Idempotency-Key while the site surely remembers it, and
   * past that only with `asNewCall` (the member's choice: a new key, as the first may have started); refused,
   * declined or expired as a new intent with a new key.
   */
  retryCall: command(
    z.object({ localId: str(1, 64), asNewCall: z.optional(z.boolean()) }),
    z.object({ localId: z.string(), state: CallStateSchema }),
  ),
  /** Stop a running call. 409 while checking: "try again in a moment". */
  stopCall: command(z.object({ runId: id() }), z.object({ stopped: z.literal(true) })),
  /** Report a result (did_not_help with a reasonKind). The first report stands: the reply is what was recorded. */
  reportCall: command(
    z.object({
      runId: id(),
      verdict: z.enum(['helped', 'partly', 'did_not_help']),
      reasonKind: z.nullable(z.enum(['wrong', 'outdated', 'not_relevant'])),
      reason: z.nullable(str(0, MAX_REPORT_REASON_CHARS)),
    }),
    z.object({ recorded: z.custom<ReportAnswer>(isJsonObject) }),
  ),
  /** Read a call again now (e.g. its file links expired). */
  refreshCall: command(z.object({ localId: str(1, 64) }), Empty),
});
