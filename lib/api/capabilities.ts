/**
 * What the site offers beyond the contract's shaped endpoints. The contract names some endpoints without a
 * shape (Endpoints, "Named in the interface but with no shape given"); we read them as docs/contract-gaps.md
 * G14 says, and a real service may not answer them at all, or differently. For each one this module says
 * whether this site answered it in the shape we read, remembered per site origin with a time and asked again
 * after a while. Callers ask it and fall back on shaped endpoints; nobody else interprets a 404 or 503 from
 * such an endpoint. Pure: the background stores the records (lib/db `capabilities`), the panel reads them.
 */
import type { ClientError } from './errors';

/** The endpoints named without a shape that the extension uses, one name each. */
export const CAPABILITIES = [
  /** POST /sessions. Fallback: POST /calls without sessionId opens the session. */
  'createSession',
  /** PUT /sessions/{id}/answers. Fallback: answers go in the next POST /calls `answers`. */
  'putAnswers',
  /** PUT /sessions/{id}/details. No fallback: "not available on this site". */
  'putDetails',
  /** GET /sessions/{id}/plan. Fallback: the note of the apply call that wrote the plan. */
  'getPlan',
  /** POST /calls/quote. Fallback: the GET preview, saying the typed request was not checked. */
  'quoteCall',
  /** GET /approvals/{id}. Fallback: resend only when the member came back from the approval page. */
  'getApproval',
  /** POST /files. No fallback: calls go without files. */
  'uploadFile',
  /** POST /sharing/coverage, POST /shares and the rest of sharing, GET /shared-projects. */
  'sharing',
] as const;

export type Capability = (typeof CAPABILITIES)[number];

function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

/** What is known of one endpoint on one site. */
export type Offer = 'offered' | 'not_offered' | 'unknown';

export interface CapabilityRecord {
  /** The site's origin, e.g. https://example.com (the connection's origin). */
  origin: string;
  capability: Capability;
  offered: boolean;
  /** Epoch ms of the answer that decided it. */
  at: number;
}

/**
 * A "not offered" is asked again after this long: the site may switch a part on (503 not_available says a
 * part "is not switched on"), or gain the endpoint in a release. An "offered" is kept until it fails.
 */
export const ASK_AGAIN_AFTER_MS = 6 * 60 * 60 * 1000;

/** HTTP statuses that mean "this endpoint is not here": not found, method not allowed, gone, not implemented, unavailable. */
const NOT_OFFERED_STATUSES: ReadonlySet<number> = new Set([404, 405, 410, 501, 503]);

/**
 * Whether a failure of an unshaped endpoint means the site does not offer it as we read it: one of the
 * statuses above (with or without a readable code), or an answer that does not parse. A refusal with a
 * known meaning on another status (401, 403, 409, 429, 400...) is an answer of the endpoint, not its absence.
 */
export function meansNotOffered(err: unknown): boolean {
  // Read by the errors' `kind` (lib/api/errors), so the panel's bundle does not carry the error classes.
  const e = err as Partial<Pick<ClientError, 'kind'>> & { status?: unknown };
  if (typeof e !== 'object' || e === null || typeof e.status !== 'number') return false;
  if (e.kind === 'api') return NOT_OFFERED_STATUSES.has(e.status);
  if (e.kind === 'malformed') return NOT_OFFERED_STATUSES.has(e.status) || e.status < 300;
  return false;
}

/** What a stored record says now: a stale "not offered" is unknown again (asked once more). */
export function offerOf(record: Pick<CapabilityRecord, 'offered' | 'at'> | null | undefined, now: number): Offer {
  if (!record) return 'unknown';
  if (record.offered) return 'offered';
  return now - record.at < ASK_AGAIN_AFTER_MS ? 'not_offered' : 'unknown';
}

/** The offers of every capability for one origin, from its stored records. */
export function offersFor(
  records: readonly CapabilityRecord[],
  origin: string,
  now: number,
): Record<Capability, Offer> {
  const out = Object.fromEntries(CAPABILITIES.map((c) => [c, 'unknown'])) as Record<Capability, Offer>;
  for (const r of records) if (r.origin === origin && isCapability(r.capability)) out[r.capability] = offerOf(r, now);
  return out;
}
