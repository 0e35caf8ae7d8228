/** The `connection` table: one row, id 'current'. The connection key is never in it (browser.storage only). */
import * as z from 'zod/mini';
import type { Connection, Switches } from '@/lib/contract/connection';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { MemberErrorSchema } from '@/lib/db/member-error';
import { apiObject, iso } from './fields';

export const CONNECTION_INDEXES = 'id';

export const ConnectionRowSchema = lazySchema(() =>
  z.object({
    id: z.literal('current'),
    /** The site's address as the member entered it, reduced to its origin (G17): the API is at {origin}/api/v1. */
    siteUrl: z.string(),
    origin: z.string(),
    connectionId: z.string(),
    name: z.string(),
    /** Set for a session-scoped key: the connection reaches only this session. */
    sessionId: z.nullable(z.string()),
    /** Switches from the claim answer; `me.switches` is fresher once GET /me was read. */
    switches: apiObject<Switches>(),
    /** Settings the connector still needs (claim answer), each with the question to ask the member. */
    env: z.array(z.object({ variable: z.string(), ask: z.string() })),
    /** The last GET /me answer, null until read. */
    me: z.nullable(apiObject<Connection>()),
    meAt: z.nullable(iso()),
    /** Who receives a call's details, as the site states it (GET /me, or the first call's 202). */
    privacyLine: z.nullable(z.string()),
    /** Whether the panel has shown the privacy line prominently once (command markPrivacyLineShown). */
    privacyLineShown: z.boolean(),
    status: z.enum(['connected', 'revoked', 'disconnected']),
    connectedAt: iso(),
    statusAt: iso(),
    /** The last failure reading GET /me, null after a good read. */
    error: z.nullable(MemberErrorSchema),
  }),
);

export type ConnectionRow = z.infer<typeof ConnectionRowSchema>;
