/**
 * A connection whose key is gone although it was not revoked or disconnected: the member kept the key only
 * until the browser closed, and it closed, or the extension was updated (an update clears storage.session as
 * a restart does). Checked when the worker starts and whenever a request finds no key, so the panel asks for
 * a new connect code at once, saying which of the two it was; calls and history stay, nothing is polled.
 */
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db';
import { localError } from '@/lib/protocol/envelope';
import { type Ctx, isoNow } from './context';
import { readKey } from './key-store';
import { t } from '@/lib/i18n';

/** storage.local: the extension's version the background last started as. */
const RUNNING_VERSION_KEY = 'background.runningVersion';

/** The version this start runs as, and whether it is the first start since an update from another one. */
export async function noteRunningVersion(): Promise<{ version: string; updated: boolean }> {
  const version = browser.runtime.getManifest().version;
  const got = await browser.storage.local.get(RUNNING_VERSION_KEY).catch(() => ({}) as Record<string, unknown>);
  const last = (got as Record<string, unknown>)[RUNNING_VERSION_KEY];
  if (last === version) return { version, updated: false };
  // A full disk may refuse it: the next start tells the update again, which only words a message.
  await browser.storage.local.set({ [RUNNING_VERSION_KEY]: version }).catch(() => undefined);
  return { version, updated: typeof last === 'string' };
}

export async function checkKeyKept(ctx: Ctx, updated = false): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected' || (await readKey())) return;
  await ctx.db.transaction('rw', ctx.db.connection, ctx.db.calls, async () => {
    await ctx.db.connection.put({
      ...conn,
      status: 'disconnected',
      statusAt: isoNow(ctx),
      error: localError('key_not_kept', updated ? t('background.keyNotKeptUpdate') : t('background.keyNotKept'), {
        kind: 'reconnect',
      }),
    });
    await ctx.db.calls.where('state').equals('started').modify({ nextPollAt: null });
  });
  await ctx.reschedule();
}
