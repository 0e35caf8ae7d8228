/**
 * The background's side of lib/api/capabilities: reads and writes what the connected site offers beyond the
 * contract's shaped endpoints, and runs a request to such an endpoint (tryOffered). An endpoint named without
 * a shape is an enhancement (docs/contract-gaps.md G33): every failure that is the endpoint's own (readFailure:
 * a 404, 405, 410, 501 or 5xx, coded or not, a redirect, an answer that cannot be read) is answered as
 * `{ offered: false, reason }`, and the caller takes the shaped way at once. The record decides only whether
 * the endpoint is tried next time: a plain absence is recorded "not offered", a coded 404 or 503 only when the
 * same answer comes again apart in time. Offline, 401, 403, 429 and a refusal of what was sent are thrown.
 */
import type { Capability } from '@/lib/contract/unshaped';
import { nextSeen, type Offer, offerOf, readFailure, type SeenAnswer, sameAnswerApart } from '@/lib/api/capabilities';
import { getConnection } from '@/lib/db';
import type { Api } from './api';
import type { Ctx } from './context';
import { notOfferedHere } from './member-error';
import { withApi } from './with-api';

/**
 * The endpoint's answer, or why the shaped way is taken now: the site does not offer it (known, or learnt
 * from this answer), or it failed this time (`error`: its answer, which a caller without a shaped way shows).
 */
export type Offered<T> =
  | { offered: true; value: T }
  | { offered: false; reason: 'not_offered' }
  | { offered: false; reason: 'failed'; error: unknown };

async function siteOrigin(ctx: Ctx): Promise<string | null> {
  return (await getConnection(ctx.db))?.origin ?? null;
}

/** What is known now of `capability` on the connected site. */
export async function offerNow(ctx: Ctx, capability: Capability): Promise<Offer> {
  const origin = await siteOrigin(ctx);
  if (origin === null) return 'unknown';
  return offerOf(await ctx.db.capabilities.get([origin, capability]), ctx.now());
}

export async function recordOffer(ctx: Ctx, capability: Capability, offered: boolean): Promise<void> {
  const origin = await siteOrigin(ctx);
  if (origin === null) return;
  const known = await ctx.db.capabilities.get([origin, capability]);
  // An "offered" already known stays as it was: nothing to write on every good answer.
  if (known?.offered === true && offered) return;
  await ctx.db.capabilities.put({ origin, capability, offered, at: ctx.now() });
}

/**
 * Notes a coded 404 or 503 and says whether it repeats an earlier one apart in time (then the endpoint is
 * recorded not offered). An endpoint known to answer in shape never becomes "not offered" by a coded answer.
 */
async function noteCodedAnswer(ctx: Ctx, capability: Capability, answer: SeenAnswer): Promise<boolean> {
  const origin = await siteOrigin(ctx);
  if (origin === null) return false;
  return ctx.db.transaction('rw', ctx.db.capabilities, async () => {
    const known = await ctx.db.capabilities.get([origin, capability]);
    if (known?.offered === true) return false;
    if (sameAnswerApart(known?.seen, answer)) {
      await ctx.db.capabilities.put({ origin, capability, offered: false, at: answer.at });
      return true;
    }
    await ctx.db.capabilities.put({
      origin,
      capability,
      offered: null,
      at: known?.at ?? answer.at,
      seen: nextSeen(known?.seen, answer),
    });
    return false;
  });
}

interface TryOfferedOptions {
  /** The id the request is about (a session, an approval, an agent): a 404 twice for one id is not absence. */
  about?: string | null;
  /** A failure the caller reads as the endpoint's answer whatever its status (e.g. 404 before any plan exists). */
  isAnswer?: (err: unknown) => boolean;
}

/**
 * Runs `job` against an endpoint named without a shape, unless the site is known not to offer it. Every
 * failure of the endpoint's own is returned as `{ offered: false, reason }` (recorded as readFailure says),
 * for the caller to take the shaped way now; offline, 401, 403, 429 and a refusal of what was sent are thrown.
 */
export async function tryOffered<T>(
  ctx: Ctx,
  capability: Capability,
  job: (api: Api) => Promise<T>,
  options: TryOfferedOptions = {},
): Promise<Offered<T>> {
  if ((await offerNow(ctx, capability)) === 'not_offered') return { offered: false, reason: 'not_offered' };
  try {
    const value = await withApi(ctx, (api) => job(api));
    await recordOffer(ctx, capability, true).catch(() => undefined);
    return { offered: true, value };
  } catch (err) {
    if (options.isAnswer?.(err)) throw err;
    const reading = readFailure(err);
    if (reading.kind === 'answer') throw err;
    if (reading.kind === 'failed') return { offered: false, reason: 'failed', error: err };
    if (reading.kind === 'coded') {
      const seen = { status: reading.status, code: reading.code, at: ctx.now(), about: options.about ?? null };
      const absent = await noteCodedAnswer(ctx, capability, seen).catch(() => false);
      return absent ? { offered: false, reason: 'not_offered' } : { offered: false, reason: 'failed', error: err };
    }
    await recordOffer(ctx, capability, false);
    return { offered: false, reason: 'not_offered' };
  }
}

/**
 * For a caller with no shaped way to take: the endpoint's value; else its own failure (the site's words, e.g.
 * "switched off right now"), or, once the site is known not to offer it, `notHere` ("not available on this site").
 */
export function offeredOrSay<T>(done: Offered<T>, notHere: () => string): T {
  if (done.offered) return done.value;
  if (done.reason === 'failed') throw done.error;
  throw notOfferedHere(notHere());
}
