/** The options page's settings: stored one row per key; a new retention prunes the cache at once. */
import type { Settings } from '@/lib/db';
import { settingsRows } from '@/lib/settings';
import { pruneCache } from '@/entrypoints/background/storage/cache';
import type { Ctx } from '@/entrypoints/background/context';
import { moveKey } from '@/entrypoints/background/connection/key-store';

export async function setSettings(ctx: Ctx, change: Partial<Settings>): Promise<void> {
  await ctx.db.settings.bulkPut(settingsRows(change));
  if (change.retention) await pruneCache(ctx);
  if (change.keyUntilBrowserCloses !== undefined) await moveKey(change.keyUntilBrowserCloses ? 'session' : 'local');
}
