/** The `sessions` table: each session as last read. */
import * as z from 'zod/mini';
import type { Session } from '@/lib/contract/sessions';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { apiObject, iso } from './fields';

/** Listed newest first by one index (version 6), so the Sessions tab and the history read their page. */
export const SESSIONS_INDEXES = 'sessionId, session.agentId, readAt, listedAt, [session.agentId+listedAt]';

export const SessionRowSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    session: apiObject<Session>(),
    readAt: iso(),
    /**
     * What the session is listed by, newest first: its last call, or when it was read if it has none, in UTC
     * (the service may write a time with another zone, and the index orders the text). Made by sessionRow().
     */
    listedAt: iso(),
  }),
);

export type SessionRow = z.infer<typeof SessionRowSchema>;
