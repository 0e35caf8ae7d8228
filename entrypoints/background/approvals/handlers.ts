/** The approvals commands' handlers (lib/protocol/approvals.ts), each a call into this folder's modules. */
import type { approvalsCommands } from '@/lib/protocol/approvals';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { memberCameBack } from './resender';

export function approvalsHandlers(ctx: Ctx): HandlersOf<typeof approvalsCommands> {
  return {
    approvalCameBack: (p) => memberCameBack(ctx, p.approvalId),
  };
}
