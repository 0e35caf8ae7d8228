/** The storage commands' handlers (lib/protocol/storage.ts), each a call into this folder's modules. */
import type { storageCommands } from '@/lib/protocol/storage';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { clearCache, pruneCache } from './cache';

// What other features call: a feature is reached through its handlers.ts or its job.ts (npm run imports).
export { pruneCache } from './cache';
import { storageHasRoom } from '@/entrypoints/background/core/storage-full';

export function storageHandlers(ctx: Ctx): HandlersOf<typeof storageCommands> {
  return {
    clearCache: async () => ({ removed: await clearCache(ctx) }),
    freeSpace: async () => {
      const removed = await pruneCache(ctx);
      await storageHasRoom();
      await ctx.reschedule();
      return { removed };
    },
  };
}
