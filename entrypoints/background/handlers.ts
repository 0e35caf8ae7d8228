/** Every command's handler: each feature's handlers (its folder's handlers.ts), in one map the dispatcher checks is whole. */
import type { CommandHandlers } from '@/lib/protocol/commands';
import type { Ctx } from './context';
import { connectionHandlers } from './connection/handlers';
import { findHandlers } from './find/handlers';
import { previewHandlers } from './preview/handlers';
import { callsHandlers } from './calls/handlers';
import { approvalsHandlers } from './approvals/handlers';
import { sessionsHandlers } from './sessions/handlers';
import { findingsHandlers } from './findings/handlers';
import { historyHandlers } from './history/handlers';
import { storageHandlers } from './storage/handlers';
import { optionsHandlers } from './options/handlers';
import { filesHandlers } from './files/handlers';
import { platformHandlers } from './platform/handlers';
import { sharingHandlers } from './sharing/handlers';

export function buildHandlers(ctx: Ctx): CommandHandlers {
  return {
    ...connectionHandlers(ctx),
    ...findHandlers(ctx),
    ...previewHandlers(ctx),
    ...callsHandlers(ctx),
    ...approvalsHandlers(ctx),
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
