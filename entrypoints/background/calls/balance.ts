/**
 * The balance after a call moved it: after a 202 (a hold) and after any end (passed, failed, stopped: the hold
 * goes back and what passed is charged), GET /me is read again, once, at the end of the calls' job run that
 * saw it, so the header, Connection and the preview agree with the calls the panel shows. Several ends in one
 * run are one read; a read after them all is none. Decided from the call rows (lib/db/balance-moved), not from
 * a note a stopped worker could lose: the next run reads what the last one could not. An end the member's own
 * "read it again" saw (outside the job) is read after it at once (calls/handlers).
 */
import { getConnection } from '@/lib/db';
import { balanceMovedAt, meBehind } from '@/lib/db/balance-moved';
import type { Ctx } from '@/entrypoints/background/core/context';
import { pausedUntil } from '@/entrypoints/background/core/status';
import { refreshMe } from '@/entrypoints/background/connection/handlers';

export async function readMeIfBehind(ctx: Ctx): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return;
  if (!meBehind(conn.meAt, await balanceMovedAt(ctx.db))) return;
  // During the site's pause nothing goes; the run after it reads.
  if ((await pausedUntil(ctx)) !== null) return;
  // A failed read is noted on the connection row (refreshMe); the panel then says the figures are from before.
  await refreshMe(ctx).catch(() => undefined);
}
