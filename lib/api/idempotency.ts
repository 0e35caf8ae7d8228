/**
 * Idempotency keys (G16): one UUID v4 per intent, chosen before the first send so that the caller can store
 * request and key together, and reused unchanged on every retry of that same request. A different request
 * (for example the same call sent again with an approvalId) gets a new key.
 */

/** Header that carries the key on POST /calls, /calls/{runId}/stop and /calls/{runId}/report. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A new key for a new intent. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * G16: 1 to 255 printable ASCII characters; anything else the service answers 400 idempotency_key_required.
 * No space at either end either: fetch would trim it and the service would see another key.
 */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/.test(key);
}
