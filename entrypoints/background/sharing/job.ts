/** The share drafts' job: read again the drafts waiting for the member's sign-off (a key of one session has none). */
import { dueWhileConnected, type Job } from '@/entrypoints/background/core/jobs';
import { nextShareCheckAt, pollShares } from './poller';

export const sharingJob: Job = {
  name: 'sharing',
  dueAt: (ctx) =>
    dueWhileConnected(ctx, async (conn) => [conn.sessionId === null ? await nextShareCheckAt(ctx) : null]),
  run: pollShares,
};
