/**
 * The options page's settings: stored one row per key; a new retention prunes the cache at once; recent
 * searches turned off drop the finds kept so far (all but the one Find shows).
 */
import type { Settings } from '@/lib/db';
import { settingsRows } from '@/lib/settings';
import { pruneCache } from '@/entrypoints/background/storage/handlers';
import type { Ctx } from '@/entrypoints/background/core/context';
import { moveKey } from '@/entrypoints/background/core/key-store';
import { forgetEarlierFinds } from '@/entrypoints/background/find/handlers';

export async function setSettings(ctx: Ctx, change: Partial<Settings>): Promise<void> {
  await ctx.db.settings.bulkPut(settingsRows(change));
  if (change.retention) await pruneCache(ctx);
  if (change.keyUntilBrowserCloses !== undefined) await moveKey(change.keyUntilBrowserCloses ? 'session' : 'local');
  if (change.rememberSearches === false) await forgetEarlierFinds(ctx);
}
