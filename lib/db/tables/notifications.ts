/** The `notifications` table: the ledger of events raised, so none is told twice. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { iso } from './fields';

export const NOTIFICATIONS_INDEXES = 'eventKey, notificationId';

export const NotificationRowSchema = lazySchema(() =>
  z.object({
    /** One event, e.g. `call:<runId>:finished` or `approval:<approvalId>:needed`. */
    eventKey: z.string().check(z.minLength(1)),
    notificationId: z.string().check(z.minLength(1)),
    kind: z.enum([
      'call_finished',
      'approval_needed',
      'approval_outcome',
      // Version 3: a findings draft newly waiting for sign-off, and its reminder before it expires.
      'findings_draft_waiting',
      'findings_draft_expiring',
    ]),
    localId: z.nullable(z.string()),
    /** For an approval: the page a click opens. */
    url: z.nullable(z.string()),
    raisedAt: iso(),
    /**
     * When it was told (shown, or held for the minute's summary; switched off or quiet: when stored). Null: a
     * worker stored it and stopped before telling it, and the next raise of the event tells it. Absent on rows
     * stored before this field existed: those were told.
     */
    toldAt: z.optional(z.nullable(iso())),
    clickedAt: z.nullable(iso()),
  }),
);

export type NotificationRow = z.infer<typeof NotificationRowSchema>;
export type NotificationKind = NotificationRow['kind'];
