/** The find commands' handlers (lib/protocol/find.ts), each a call into this folder's modules. */
import type { findCommands } from '@/lib/protocol/find';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { runFind } from './find';

// What other features call: a feature is reached through its handlers.ts or its job.ts (npm run imports).
export { forgetEarlierFinds, handOffSelection, runFind } from './find';

export function findHandlers(ctx: Ctx): HandlersOf<typeof findCommands> {
  return {
    find: (p) => runFind(ctx, p.text, 'panel'),
  };
}
