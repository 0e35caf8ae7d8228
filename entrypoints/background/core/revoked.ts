/**
 * The key stopped working (401 key_revoked, or unauthenticated): wipe it, stop all work that needs it, keep
 * the history, and let the panel ask for a new connect code.
 */
import type { MemberError } from '@/lib/db';
import { type Ctx, isoNow } from './context';
import { wipeKey } from './key-store';

export async function handleRevoked(ctx: Ctx, error: MemberError): Promise<void> {
  await wipeKey();
  await ctx.db.transaction('rw', ctx.db.connection, ctx.db.calls, async () => {
    const conn = await ctx.db.connection.get('current');
    if (conn) await ctx.db.connection.put({ ...conn, status: 'revoked', statusAt: isoNow(ctx), error });
    // Calls of this connection stay as they are for history; they are simply not polled any more.
    await ctx.db.calls.where('state').equals('started').modify({ nextPollAt: null });
  });
  await ctx.reschedule();
}
