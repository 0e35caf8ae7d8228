/** The history commands' handlers (lib/protocol/history.ts), each a call into this folder's modules. */
import type { historyCommands } from '@/lib/protocol/history';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { spending } from './spending';

export function historyHandlers(ctx: Ctx): HandlersOf<typeof historyCommands> {
  return {
    spending: (p) => spending(ctx, p.since),
  };
}
