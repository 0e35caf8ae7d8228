/**
 * The background's side of lib/api/capabilities: reads and writes what the connected site offers beyond the
 * contract's shaped endpoints, and runs a request to such an endpoint so that "not offered here" (readFailure:
 * a 404 without the API's code, 405, 410, 501, a 2xx that does not parse, or the same coded 404 or 503 seen
 * twice apart in time) is recorded and answered as `{ offered: false }`, never as a failure. A coded 404 or
 * 503 seen once is the endpoint's answer: noted, and thrown like every other failure (offline, 401, 429, a
 * refusal).
 */
import type { Capability } from '@/lib/contract/unshaped';
import { nextSeen, type Offer, offerOf, readFailure, type SeenAnswer, sameAnswerApart } from '@/lib/api/capabilities';
import { getConnection } from '@/lib/db';
import type { Api } from './api';
import type { Ctx } from './context';
import { withApi } from './with-api';

export type Offered<T> = { offered: true; value: T } | { offered: false };

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
 * Runs `job` against an endpoint named without a shape, unless the site is known not to offer it. A
 * "not offered" answer is recorded and returned as `{ offered: false }`; every other failure is thrown.
 */
export async function tryOffered<T>(
  ctx: Ctx,
  capability: Capability,
  job: (api: Api) => Promise<T>,
  options: TryOfferedOptions = {},
): Promise<Offered<T>> {
  if ((await offerNow(ctx, capability)) === 'not_offered') return { offered: false };
  try {
    const value = await withApi(ctx, (api) => job(api));
    await recordOffer(ctx, capability, true).catch(() => undefined);
    return { offered: true, value };
  } catch (err) {
    if (options.isAnswer?.(err)) throw err;
    const reading = readFailure(err);
    if (reading.kind === 'answer') throw err;
    if (reading.kind === 'coded') {
      const seen = { status: reading.status, code: reading.code, at: ctx.now(), about: options.about ?? null };
      const absent = await noteCodedAnswer(ctx, capability, seen).catch(() => false);
      if (!absent) throw err;
      return { offered: false };
    }
    await recordOffer(ctx, capability, false);
    return { offered: false };
  }
}
