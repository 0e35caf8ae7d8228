/** The `finds` table: each search for agents, from the panel, the menu or the shortcut. */
import * as z from 'zod/mini';
import type { AgentCard } from '@/lib/contract/find';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { MemberErrorSchema } from '@/lib/db/member-error';
import { apiObject, iso } from './fields';

export const FINDS_INDEXES = '++id, requestId, at';

export const FindRowSchema = lazySchema(() =>
  z.object({
    /** Auto-increment key. */
    id: z.optional(z.number().check(z.int())),
    /** Random id given when the find began; the menu and shortcut put it in storage.session with the text. */
    requestId: z.string(),
    /** The text sent (trimmed, at most 2000 characters). */
    text: z.string(),
    /** The selection was longer than 2000 characters and was cut on a word boundary: tell the member. */
    cut: z.boolean(),
    source: z.enum(['panel', 'menu', 'shortcut']),
    status: z.enum(['running', 'done', 'refused', 'failed']),
    /** Agent cards, best match first; empty until done. */
    agents: z.array(apiObject<AgentCard>()),
    /** Why it was refused or failed (too short, secret found, site refused, offline). */
    error: z.nullable(MemberErrorSchema),
    at: iso(),
    doneAt: z.nullable(iso()),
  }),
);

export type FindRow = z.infer<typeof FindRowSchema>;
export type FindSource = FindRow['source'];
