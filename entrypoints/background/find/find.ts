/**
 * POST /find from the panel's field, the context menu or the shortcut. Each find is a row: running, then
 * done with its cards, or refused/failed with the member's words. Nothing is sent for a refused text.
 */
import { browser } from 'wxt/browser';
import { ApiError } from '@/lib/api/errors';
import type { FindRow, FindSource } from '@/lib/db';
import { SELECTION_SESSION_KEY, type SelectionHandoff } from '@/lib/protocol/handoffs';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { prepareFindText } from './selection';
import { withApi } from '@/entrypoints/background/core/with-api';
import { remembersSearches } from '@/lib/db/queries';

/** Runs a find for `raw` and stores it; resolves with the row's id (also for a refused text). */
export async function runFind(
  ctx: Ctx,
  raw: string,
  source: FindSource,
  requestId = ctx.newId(),
): Promise<{ findId: number; requestId: string }> {
  const prepared = prepareFindText(raw);
  const base: FindRow = {
    requestId,
    text: prepared.text,
    cut: prepared.ok ? prepared.cut : false,
    source,
    status: 'running',
    agents: [],
    error: null,
    at: isoNow(ctx),
    doneAt: null,
  };
  if (!prepared.ok) {
    const findId = await addFind(ctx, { ...base, status: 'refused', error: prepared.error, doneAt: base.at });
    return { findId, requestId };
  }
  const findId = await addFind(ctx, base);
  try {
    const answer = await withApi(ctx, (api) => api.find(prepared.text));
    await ctx.db.finds.update(findId, { status: 'done', agents: answer.agents, doneAt: isoNow(ctx) });
  } catch (err) {
    const error = toMemberError(err);
    // A refusal (site or local) is final for this text; anything else (offline, malformed) may pass later.
    const refused = err instanceof ApiError || error.code.startsWith('local_') || error.code === 'not_connected';
    await ctx.db.finds.update(findId, { status: refused ? 'refused' : 'failed', error, doneAt: isoNow(ctx) });
  }
  return { findId, requestId };
}

async function addFind(ctx: Ctx, row: FindRow): Promise<number> {
  const id = await ctx.db.finds.add(row);
  // Recent searches off: only the find Find shows is kept; every earlier one goes as the new one comes.
  if (!(await remembersSearches(ctx.db))) await forgetEarlierFinds(ctx);
  // ++id always yields a number; the table's type keeps it optional for rows not yet added.
  return id as number;
}

/** Drops every find but the latest (the one Find shows): recent searches are off. */
export async function forgetEarlierFinds(ctx: Ctx): Promise<void> {
  const d = ctx.db;
  await d.transaction('rw', d.finds, async () => {
    const latest = (await d.finds.orderBy(':id').lastKey()) as number | undefined;
    if (latest !== undefined) await d.finds.where(':id').below(latest).delete();
  });
}

/**
 * The first half of a find from a gesture, all synchronous so the panel can open in the same gesture:
 * hand the text to the panel through storage.session (not awaited) and return what the find will use.
 */
export function handOffSelection(
  ctx: Ctx,
  raw: string,
  source: 'menu' | 'shortcut',
): { requestId: string; raw: string } {
  const prepared = prepareFindText(raw);
  const requestId = ctx.newId();
  const handoff: SelectionHandoff = {
    requestId,
    text: prepared.text,
    cut: prepared.ok ? prepared.cut : false,
    source,
    at: isoNow(ctx),
    error: prepared.ok ? null : prepared.error,
  };
  void browser.storage.session.set({ [SELECTION_SESSION_KEY]: handoff }).catch(() => undefined);
  return { requestId, raw };
}
