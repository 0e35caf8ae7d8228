/**
 * The background's own state row (ui 'background'): offline, the last error, a pause the site asked for.
 * The panel and the badge read it; writes happen only when something changed, so a good answer costs a read.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import type { BackgroundStatusRow, MemberError } from '@/lib/db';
import { type Ctx, isoNow } from './context';

/**
 * The pause kept in storage.session too, written first and read beside the row: on a full disk IndexedDB
 * refuses the row's write, and the site's Retry-After must hold all the same (the soak saw a read 1.4 s after
 * a 429 while the disk was full). The pause is at most an hour (with-api), so the browser's session is long enough.
 */
const PAUSE_SESSION_KEY = 'background.pausedUntil';
const PauseSchema = lazySchema(() => z.number());

async function sessionPause(): Promise<number | null> {
  const got = (await browser.storage.session.get(PAUSE_SESSION_KEY).catch(() => ({}))) as Record<string, unknown>;
  const parsed = PauseSchema.safeParse(got[PAUSE_SESSION_KEY]);
  return parsed.success ? parsed.data : null;
}

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
export async function pauseUntil(ctx: Ctx, until: number): Promise<void> {
  const kept = await sessionPause();
  if (kept === null || kept < until)
    await browser.storage.session.set({ [PAUSE_SESSION_KEY]: until }).catch(() => undefined);
  await update(ctx, (row) => (row.pausedUntil !== null && row.pausedUntil >= until ? null : { pausedUntil: until }));
}

/** The time before which no request may go out, or null. */
export async function pausedUntil(ctx: Ctx): Promise<number | null> {
  const [row, kept] = await Promise.all([ctx.db.ui.get('background'), sessionPause()]);
  const until = Math.max(row?.pausedUntil ?? 0, kept ?? 0);
  return until > ctx.now() ? until : null;
}
