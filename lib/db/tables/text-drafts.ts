/** The `textDrafts` table (version 3): free text the member is writing, e.g. `revise:<sessionId>`. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { iso } from './fields';

export const TEXT_DRAFTS_INDEXES = 'id';

export const TextDraftRowSchema = lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    text: z.string(),
    updatedAt: iso(),
  }),
);

export type TextDraftRow = z.infer<typeof TextDraftRowSchema>;
