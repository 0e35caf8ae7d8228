/**
 * The background's own state row (ui 'background'): offline, the last error, a pause the site asked for.
 * The panel and the badge read it; writes happen only when something changed, so a good answer costs a read.
 */
import type { BackgroundStatusRow, MemberError } from '@/lib/db';
import { type Ctx, isoNow } from './context';

function blank(ctx: Ctx): BackgroundStatusRow {
  return {
    key: 'background',
    offline: false,
    offlineSince: null,
    error: null,
    pausedUntil: null,
    updatedAt: isoNow(ctx),
  };
}

async function update(
  ctx: Ctx,
  change: (row: BackgroundStatusRow) => Partial<BackgroundStatusRow> | null,
): Promise<void> {
  await ctx.db.transaction('rw', ctx.db.ui, async () => {
    const row = (await ctx.db.ui.get('background')) ?? blank(ctx);
    const patch = change(row);
    if (patch === null) return;
    await ctx.db.ui.put({ ...row, ...patch, updatedAt: isoNow(ctx) });
  });
}

/** A request got an answer: not offline any more. */
export function markOnline(ctx: Ctx): Promise<void> {
  return update(ctx, (row) =>
    row.offline || row.error?.code === 'offline' ? { offline: false, offlineSince: null, error: null } : null,
  );
}

export function markOffline(ctx: Ctx, error: MemberError): Promise<void> {
  return update(ctx, (row) => (row.offline ? null : { offline: true, offlineSince: isoNow(ctx), error }));
}

/** 429 rate_limited: no request to the site before `until` (epoch ms). */
export function pauseUntil(ctx: Ctx, until: number): Promise<void> {
  return update(ctx, (row) => (row.pausedUntil !== null && row.pausedUntil >= until ? null : { pausedUntil: until }));
}

/** The time before which no request may go out, or null. */
export async function pausedUntil(ctx: Ctx): Promise<number | null> {
  const row = await ctx.db.ui.get('background');
  return row?.pausedUntil != null && row.pausedUntil > ctx.now() ? row.pausedUntil : null;
}
