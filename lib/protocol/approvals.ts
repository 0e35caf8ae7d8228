/** The member is back from an approval page on the site. */
import * as z from 'zod/mini';
import { command, str } from './command';

export const approvalsCommands = () => ({
  /**
   * The member is back from the approval page (the panel was focused again, or "I approved it"): a call
   * waiting for approval may be resent, not sooner than its gap. Replies when the next try is due, and
   * whether that try asks the site first (GET /approvals, which decides) or sends the call again.
   */
  approvalCameBack: command(
    z.object({ approvalId: z.optional(str(1, 255)) }),
    z.object({ nextCheckAt: z.nullable(z.number()), asksSiteFirst: z.boolean() }),
  ),
});
