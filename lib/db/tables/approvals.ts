/** The `approvals` table: calls the site asked the member to approve, checked and resent by the background. */
import * as z from 'zod/mini';
import type { ApprovalReason } from '@/lib/contract/calls';
import { StartCallRequestSchema } from '@/lib/contract/calls';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { epochMs, iso } from './fields';

export const APPROVALS_INDEXES = 'approvalId, localId, status';

export const ApprovalRowSchema = lazySchema(() =>
  z.object({
    approvalId: z.string().check(z.minLength(1)),
    /** The call waiting for it. */
    localId: z.string().check(z.minLength(1)),
    /**
     * The connection the call was refused through: only that connection checks or resends it. Absent on rows
     * from before it was kept, which go by their call row's connectionId.
     */
    connectionId: z.optional(z.string()),
    /** The member's approval page (site origin only, G15). */
    approvalUrl: z.string(),
    /** As lib/api parsed it (a tolerant enum): a word it knows, or `{ unknown }` for one it does not. */
    reason: z.nullable(
      z.union([z.custom<ApprovalReason>((v) => typeof v === 'string'), z.object({ unknown: z.string() })]),
    ),
    /** The exact request the approval is for (without approvalId). */
    request: StartCallRequestSchema,
    /** 30 minutes from the refusal (or as the site says). */
    expiresAt: iso(),
    /**
     * - pending: waiting for the member on the site; checked and resent by the background
     * - ran: the approved request was accepted (202); the call row is started
     * - declined, expired: tell the member which
     * - refused: the resend was refused for another reason, or the member connected elsewhere since (the call
     *   row's error says why)
     */
    status: z.enum(['pending', 'ran', 'declined', 'expired', 'refused']),
    /** The site's status from the last GET /approvals/{id}, when read. */
    siteStatus: z.nullable(z.string()),
    createdAt: iso(),
    updatedAt: iso(),
    /** When the background checks or resends next. */
    nextCheckAt: epochMs(),
    checks: z.number().check(z.int(), z.minimum(0)),
    /**
     * Version 4. The last time the member came back from the approval page (its tab closed, the panel or a
     * browser window focused again, "I approved it"): a reason to resend when the site cannot show the approval.
     */
    cameBackAt: z.nullable(epochMs()),
    /** Resends with approvalId so far, and when the last went out (the backoff between them doubles from 15 s). */
    resends: z.number().check(z.int(), z.minimum(0)),
    lastResendAt: z.nullable(epochMs()),
    /** The browser tab the member opened the approval page in, from the panel (closing it means they came back). */
    pageTabId: z.nullable(z.number()),
  }),
);

export type ApprovalRow = z.infer<typeof ApprovalRowSchema>;
