/** The `ui` table: the background's own state the panel shows (offline, an error, the site's request pace). */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { MemberErrorSchema } from '@/lib/db/member-error';
import { epochMs, iso } from './fields';

export const UI_INDEXES = 'key';

export const UiRowSchema = lazySchema(() =>
  z.object({
    key: z.literal('background'),
    offline: z.boolean(),
    offlineSince: z.nullable(iso()),
    /** The last error the badge shows, cleared by the next good answer. */
    error: z.nullable(MemberErrorSchema),
    /** 429 rate_limited: no request before this time. */
    pausedUntil: z.nullable(epochMs()),
    updatedAt: iso(),
  }),
);

export type UiRow = z.infer<typeof UiRowSchema>;
/** The one row of `ui` today. */
export type BackgroundStatusRow = UiRow;
