/**
 * What the site offers beyond the contract's shaped endpoints. The contract names some endpoints without a
 * shape (Endpoints, "Named in the interface but with no shape given"); we read them as docs/contract-gaps.md
 * G14 says, and a real service may not answer them at all, or differently. Such an endpoint is an
 * enhancement (G33): any failure of it that is not the network's, the key's or the rate's doing (readFailure)
 * makes the caller take the shaped way for that action at once. What this module remembers, per site origin
 * with a time and asked again after a while, decides only whether the endpoint is tried next time: a 404
 * without the API's code, a 405, 410 or 501, a redirect or a 2xx that does not parse says the site does not
 * offer it; a coded 404 or 503 says so only when the same answer comes again apart in time
 * (SAME_ANSWER_APART_MS). Nobody else interprets a failure of such an endpoint. Pure: the background stores
 * the records (lib/db `capabilities`), the panel reads them.
 */
import { CAPABILITIES, type Capability } from '@/lib/contract/unshaped';
import type { CapabilityRow } from '@/lib/db/tables/capabilities';
import type { ClientError } from './errors';

function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

/** What is known of one endpoint on one site. */
export type Offer = 'offered' | 'not_offered' | 'unknown';

/**
 * A coded "not here" answer (404 or 503 with the API's error code) seen once and not yet taken as the
 * endpoint's absence: the same answer again, apart in time, is (sameAnswerApart).
 */
export type SeenAnswer = NonNullable<CapabilityRow['seen']>;

/** What is known of one endpoint on one site: the `capabilities` row (lib/db/tables/capabilities). */
export type CapabilityRecord = CapabilityRow;

/**
 * A "not offered" is asked again after this long: the site may switch a part on (503 not_available says a
 * part "is not switched on"), or gain the endpoint in a release. An "offered" is kept until it fails.
 */
export const ASK_AGAIN_AFTER_MS = 6 * 60 * 60 * 1000;

/**
 * A coded 404 or 503 (`not_found`: the agent or session asked about is gone; `not_available`: a part is
 * switched off right now, which the contract calls transient) is the endpoint's answer, not its absence. The
 * same status and code seen again at least this long after the first, and within ASK_AGAIN_AFTER_MS of it,
 * is taken as absence: a site whose unknown routes answer the API's JSON `not_found`, or a part that stays
 * off. Five minutes: longer than a retry burst or a redeploy's blip, short enough that a member who meets
 * the error twice gets the fallback on the next try. For a 404 the second must be about another id (or
 * about none): the same id gone twice says the id is gone, not the endpoint.
 */
export const SAME_ANSWER_APART_MS = 5 * 60 * 1000;

/** Statuses that name the method or the endpoint itself, never the thing asked: absent with or without a code. */
const ABSENT_STATUSES: ReadonlySet<number> = new Set([405, 410, 501]);
/** Statuses that are the endpoint's answer when they carry the API's code, and its absence when they do not. */
const CODED_STATUSES: ReadonlySet<number> = new Set([404, 503]);
/** Not the endpoint's doing: the key (401, 403) or the pace (429). Thrown, whatever the body. */
const NOT_THE_ENDPOINTS: ReadonlySet<number> = new Set([401, 403, 429]);

/**
 * What one failure of an endpoint named without a shape says, and what the caller does now:
 * - `absent`: 405, 410 or 501 (with or without a code), a 404 without a readable API code (an HTML page, a
 *   body that does not parse), a redirect, or a 2xx that does not parse (the site answers it, not in the
 *   shape we read): the shaped way now, and the endpoint recorded as not offered;
 * - `coded`: a 404 or 503 with the API's code: the shaped way now; absence only when seen again apart;
 * - `failed`: any other failure of the endpoint itself (a 5xx with or without a code, once the client's own
 *   retries ran out; an answer that cannot be read): the shaped way now, nothing recorded;
 * - `answer`: not the endpoint's doing (offline, 401, 403, 429, refused here before sending), or a refusal of
 *   what was sent (400, 409, 413, 422, ...: the shaped way would be refused the same): thrown as usual.
 */
type FailureReading =
  | { kind: 'absent' }
  | { kind: 'coded'; status: number; code: string }
  | { kind: 'failed' }
  | { kind: 'answer' };

export function readFailure(err: unknown): FailureReading {
  // Read by the errors' `kind` (lib/api/errors), so the panel's bundle does not carry the error classes.
  const e = err as Partial<Pick<ClientError, 'kind'>> & { status?: unknown; code?: unknown; what?: unknown };
  if (typeof e !== 'object' || e === null || typeof e.status !== 'number') return { kind: 'answer' };
  if (NOT_THE_ENDPOINTS.has(e.status)) return { kind: 'answer' };
  if (e.kind === 'api') {
    if (ABSENT_STATUSES.has(e.status)) return { kind: 'absent' };
    if (CODED_STATUSES.has(e.status) && typeof e.code === 'string') {
      return { kind: 'coded', status: e.status, code: e.code };
    }
    return e.status >= 500 ? { kind: 'failed' } : { kind: 'answer' };
  }
  if (e.kind === 'malformed') {
    // A redirect is never followed (lib/api/client): an API route that points elsewhere is not one.
    if (e.what === 'redirect' || ABSENT_STATUSES.has(e.status) || e.status === 404 || e.status < 400) {
      return { kind: 'absent' };
    }
    // A 503 page without a code is a proxy's or a restart's; the action goes the shaped way this time.
    return { kind: 'failed' };
  }
  return { kind: 'answer' };
}

/** Whether a failure is, on its own, the endpoint's absence (readFailure's `absent`). */
export function meansNotOffered(err: unknown): boolean {
  return readFailure(err).kind === 'absent';
}

/** Whether a coded answer now repeats `seen` apart in time, so the endpoint is taken as absent. */
export function sameAnswerApart(seen: SeenAnswer | null | undefined, now: SeenAnswer): boolean {
  if (!seen || seen.status !== now.status || seen.code !== now.code) return false;
  const apart = now.at - seen.at;
  if (apart < SAME_ANSWER_APART_MS || apart >= ASK_AGAIN_AFTER_MS) return false;
  return !(now.status === 404 && seen.about !== null && seen.about === now.about);
}

/**
 * The mark kept after a coded answer that is not (yet) absence: the earlier one while it can still be
 * repeated (the same answer, within the window), else this one.
 */
export function nextSeen(seen: SeenAnswer | null | undefined, now: SeenAnswer): SeenAnswer {
  const repeatable =
    seen && seen.status === now.status && seen.code === now.code && now.at - seen.at < ASK_AGAIN_AFTER_MS;
  return repeatable ? seen : now;
}

/** What a stored record says now: a stale "not offered" is unknown again (asked once more). */
export function offerOf(record: Pick<CapabilityRecord, 'offered' | 'at'> | null | undefined, now: number): Offer {
  if (!record) return 'unknown';
  if (record.offered === true) return 'offered';
  if (record.offered === null) return 'unknown';
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
