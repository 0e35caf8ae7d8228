/** The connection commands' handlers (lib/protocol/connection.ts), each a call into this folder's modules. */
import type { connectionCommands } from '@/lib/protocol/connection';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { connect, disconnect, markPrivacyLineShown, refreshMe } from './connect';

// What other features call: a feature is reached through its handlers.ts or its job.ts (npm run imports).
export { refreshMe } from './connect';

export function connectionHandlers(ctx: Ctx): HandlersOf<typeof connectionCommands> {
  return {
    connect: (p) => connect(ctx, p),
    disconnect: () => disconnect(ctx),
    refreshMe: () => refreshMe(ctx),
    markPrivacyLineShown: () => markPrivacyLineShown(ctx),
  };
}
