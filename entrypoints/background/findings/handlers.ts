/** The findings commands' handlers (lib/protocol/findings.ts), each a call into this folder's modules. */
import type { findingsCommands } from '@/lib/protocol/findings';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { watchFindings } from './watcher';

export function findingsHandlers(ctx: Ctx): HandlersOf<typeof findingsCommands> {
  return {
    // The read sets the watch's next read: the one alarm follows it.
    refreshFindings: () => watchFindings(ctx).finally(() => ctx.reschedule().catch(() => undefined)),
  };
}
