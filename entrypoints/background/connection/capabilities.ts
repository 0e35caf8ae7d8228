/**
 * The background's side of lib/api/capabilities: reads and writes what the connected site offers beyond the
 * contract's shaped endpoints, and runs a request to such an endpoint so that "not offered here" (404, 405,
 * 410, 501, 503, an answer that does not parse) is recorded once and answered as `{ offered: false }`, never
 * as a failure. Every other failure (offline, 401, 429, a refusal) is thrown as usual.
 */
import { type Capability, meansNotOffered, type Offer, offerOf } from '@/lib/api/capabilities';
import { getConnection } from '@/lib/db';
import type { Api } from './api';
import type { Ctx } from '@/entrypoints/background/context';
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
 * Runs `job` against an endpoint named without a shape, unless the site is known not to offer it. A
 * "not offered" answer is recorded and returned as `{ offered: false }`; `notOffered` may narrow which
 * failures count (e.g. a 404 that can also mean "nothing yet").
 */
export async function tryOffered<T>(
  ctx: Ctx,
  capability: Capability,
  job: (api: Api) => Promise<T>,
  notOffered: (err: unknown) => boolean = meansNotOffered,
): Promise<Offered<T>> {
  if ((await offerNow(ctx, capability)) === 'not_offered') return { offered: false };
  try {
    const value = await withApi(ctx, (api) => job(api));
    await recordOffer(ctx, capability, true).catch(() => undefined);
    return { offered: true, value };
  } catch (err) {
    if (!notOffered(err)) throw err;
    await recordOffer(ctx, capability, false);
    return { offered: false };
  }
}
