/** The `shares` table (version 3): a share draft as the site last described it (files and sharing). */
import * as z from 'zod/mini';
import type { ShareDraft } from '@/lib/contract/shares';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { apiObject, epochMs, iso } from './fields';

export const SHARES_INDEXES = 'draftId';

export const ShareRowSchema = lazySchema(() =>
  z.object({
    draftId: z.string(),
    draft: apiObject<ShareDraft>(),
    readAt: iso(),
    /** Reads since the draft began waiting for sign-off (drives the polling pace); absent when not polled. */
    checks: z.optional(z.number().check(z.int(), z.minimum(0))),
    /** When the background reads a waiting draft next; null or absent when it is not polled. */
    nextCheckAt: z.optional(z.nullable(epochMs())),
  }),
);

export type ShareRow = z.infer<typeof ShareRowSchema>;
