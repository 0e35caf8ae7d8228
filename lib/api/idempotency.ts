/**
 * Idempotency keys (G16): one UUID v4 per intent, chosen before the first send so that the caller can store
 * request and key together, and reused unchanged on every retry of that same request. A different request
 * (for example the same call sent again with an approvalId) gets a new key.
 */
import { IDEMPOTENCY_MEMORY_MS } from '@/lib/contract/limits';

/** Header that carries the key on POST /calls, /calls/{runId}/stop and /calls/{runId}/report. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A new key for a new intent. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * How long after its first send a key is sent again on its own (issue 41): half the contract's memory, so a
 * local clock set wrong, or a site that counts from its own receipt, still finds the key remembered. Past it a
 * resend could be a second call on the site, so the member decides.
 */
export const SAME_KEY_RESEND_MS = IDEMPOTENCY_MEMORY_MS / 2;

/** A clock corrected by a few minutes between two sends is not a clock set back. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;

/** Whether a key first sent at `firstSentAt` (ISO; null: never sent) may still go again at `now`. */
export function keyStillRemembered(firstSentAt: string | null, now: number): boolean {
  if (firstSentAt === null) return true;
  const at = Date.parse(firstSentAt);
  // A time that does not read, or one well in the future (a clock set back), is not proof the key is fresh.
  return Number.isFinite(at) && at - now < CLOCK_SLACK_MS && now - at < SAME_KEY_RESEND_MS;
}

/** What of a stored call tells when its current key first went out. */
interface SentCall {
  /** Absent on rows from before it was kept. */
  firstSentAt?: string | null;
  attempts: number;
  sentAt: string | null;
  createdAt: string;
}

/** When the call's current key first went out: null if never; a row from before this was kept reads `createdAt`. */
export function callKeyFirstSentAt(call: SentCall): string | null {
  if (call.firstSentAt !== undefined) return call.firstSentAt;
  return call.attempts > 0 || call.sentAt !== null ? call.createdAt : null;
}

/** Whether a call's key may go again on its own at `now`: never sent, or first sent within SAME_KEY_RESEND_MS. */
export function mayResendCallKey(call: SentCall, now: number): boolean {
  return keyStillRemembered(callKeyFirstSentAt(call), now);
}
