/**
 * Connect (claim a code), read GET /me, disconnect. The key goes to storage.local, or storage.session when
 * the member keeps it only until the browser closes (key-store); the connection row in IndexedDB carries
 * everything the panel shows.
 */
import { browser } from 'wxt/browser';
import { type ConnectionRow, getConnection } from '@/lib/db';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { saveKey, wipeKey } from '@/entrypoints/background/core/key-store';
import { readSettings } from '@/lib/settings';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { checkSiteAddress, originPattern } from '@/entrypoints/background/core/site';
import { releaseUnneededHosts } from './host-permissions';
import { refreshSession } from '@/entrypoints/background/sessions/handlers';
import { withApi } from '@/entrypoints/background/core/with-api';
import { t } from '@/lib/i18n';

export async function connect(ctx: Ctx, p: { siteUrl: string; code: string }): Promise<CommandReply<'connect'>> {
  const site = checkSiteAddress(p.siteUrl);
  if (!site.ok)
    throw new CommandFailure(localError('invalid_site', site.problem, { kind: 'fix_request', fields: ['siteUrl'] }));
  const origin = site.origin;
  // The permission needs the member's click, so the panel asks for it; here it must already be granted.
  const granted = await browser.permissions.contains({ origins: [originPattern(origin)] });
  if (!granted) {
    throw new CommandFailure(
      localError('permission_needed', t('background.permissionNeeded'), {
        kind: 'fix_request',
        fields: ['siteUrl'],
      }),
    );
  }
  const claim = await ctx.apiFor(origin, null).claim(p.code);
  // G17: a code must not move the key to another origin (the client checks too; the key is not kept).
  const answered = checkSiteAddress(claim.siteUrl);
  if (!answered.ok || answered.origin !== origin) {
    throw new CommandFailure(
      localError('origin_mismatch', t('local.otherAddress'), {
        kind: 'reconnect',
      }),
    );
  }
  const { keyUntilBrowserCloses } = await readSettings(ctx.db);
  await saveKey(
    { key: claim.key, origin, connectionId: claim.connection.id },
    keyUntilBrowserCloses ? 'session' : 'local',
  );
  const now = isoNow(ctx);
  const row: ConnectionRow = {
    id: 'current',
    siteUrl: origin,
    origin,
    connectionId: claim.connection.id,
    name: claim.connection.name,
    sessionId: claim.connection.sessionId,
    switches: claim.switches,
    env: claim.env,
    me: null,
    meAt: null,
    privacyLine: null,
    privacyLineShown: false,
    status: 'connected',
    connectedAt: now,
    statusAt: now,
    error: null,
  };
  await ctx.db.connection.put(row);
  // An earlier site's origin (and its file hosts) is not needed by this connection: given back.
  await releaseUnneededHosts(ctx);
  // The connection stands even if these first reads fail: their errors are on the rows.
  await refreshMe(ctx).catch(() => undefined);
  if (row.sessionId !== null) await refreshSession(ctx, row.sessionId).catch(() => undefined);
  await ctx.reschedule();
  return { connectionId: row.connectionId, name: row.name, sessionId: row.sessionId };
}

export async function refreshMe(ctx: Ctx): Promise<CommandReply<'refreshMe'>> {
  try {
    const me = await withApi(ctx, (api) => api.me());
    const at = isoNow(ctx);
    await ctx.db.transaction('rw', ctx.db.connection, async () => {
      const conn = await getConnection(ctx.db);
      if (!conn || conn.connectionId !== me.connection.id) return;
      await ctx.db.connection.put({
        ...conn,
        name: me.connection.name,
        sessionId: me.sessionId,
        me,
        meAt: at,
        privacyLine: me.privacyLine,
        error: null,
      });
    });
    return { at };
  } catch (err) {
    const conn = await getConnection(ctx.db);
    if (conn?.status === 'connected') await ctx.db.connection.update('current', { error: toMemberError(err) });
    throw err;
  }
}

export async function markPrivacyLineShown(ctx: Ctx): Promise<void> {
  await ctx.db.connection.update('current', { privacyLineShown: true });
}

/** Forget the key here; the connection itself lives on on the site (revoke it there). History stays. */
export async function disconnect(ctx: Ctx): Promise<void> {
  await wipeKey();
  await ctx.db.transaction('rw', ctx.db.connection, ctx.db.calls, async () => {
    const conn = await getConnection(ctx.db);
    if (conn) await ctx.db.connection.put({ ...conn, status: 'disconnected', statusAt: isoNow(ctx), error: null });
    await ctx.db.calls.where('state').equals('started').modify({ nextPollAt: null });
  });
  // Connecting again asks for the site within the member's click, as the first time.
  await releaseUnneededHosts(ctx);
  await ctx.reschedule();
}
