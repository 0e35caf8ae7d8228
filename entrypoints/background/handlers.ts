/** Every command's handler: each feature's handlers (its folder's handlers.ts), in one map the dispatcher checks is whole. */
import type { CommandHandlers } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { connectionHandlers } from '@/entrypoints/background/connection/handlers';
import { findHandlers } from '@/entrypoints/background/find/handlers';
import { previewHandlers } from '@/entrypoints/background/preview/handlers';
import { callsHandlers } from '@/entrypoints/background/calls/handlers';
import { sessionsHandlers } from '@/entrypoints/background/sessions/handlers';
import { findingsHandlers } from '@/entrypoints/background/findings/handlers';
import { historyHandlers } from '@/entrypoints/background/history/handlers';
import { storageHandlers } from '@/entrypoints/background/storage/handlers';
import { optionsHandlers } from '@/entrypoints/background/options/handlers';
import { filesHandlers } from '@/entrypoints/background/files/handlers';
import { platformHandlers } from '@/entrypoints/background/platform/handlers';
import { sharingHandlers } from '@/entrypoints/background/sharing/handlers';

export function buildHandlers(ctx: Ctx): CommandHandlers {
  return {
    ...connectionHandlers(ctx),
    ...findHandlers(ctx),
    ...previewHandlers(ctx),
    ...callsHandlers(ctx),
    ...sessionsHandlers(ctx),
    ...findingsHandlers(ctx),
    ...historyHandlers(ctx),
    ...storageHandlers(ctx),
    ...optionsHandlers(ctx),
    ...filesHandlers(ctx),
    ...platformHandlers(ctx),
    ...sharingHandlers(ctx),
  };
}
