/**
 * A connection whose key is gone although it was not revoked or disconnected: the member kept the key only
 * until the browser closed, and it closed. Checked when the worker starts and whenever a request finds no
 * key, so the panel asks for a new connect code at once; calls and history stay, nothing is polled.
 */
import { getConnection } from '../../lib/db';
import { localError } from '../../lib/messages';
import { type Ctx, isoNow } from './context';
import { readKey } from './key-store';
import { t } from '@/lib/i18n';

export async function checkKeyKept(ctx: Ctx): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected' || (await readKey())) return;
  await ctx.db.transaction('rw', ctx.db.connection, ctx.db.calls, async () => {
    await ctx.db.connection.put({
      ...conn,
      status: 'disconnected',
      statusAt: isoNow(ctx),
      error: localError(
        'key_not_kept',
        t('background.keyNotKept'),
        { kind: 'reconnect' },
      ),
    });
    await ctx.db.calls.where('state').equals('started').modify({ nextPollAt: null });
  });
  await ctx.reschedule();
}
