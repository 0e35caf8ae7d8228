/**
 * Gives back optional host permissions the extension no longer needs. The panel asks for a host within the
 * member's click (the site's origin when connecting, a storage host when saving a result file); nothing
 * ever gave them back, so an earlier site or a file host stayed reachable for good. Needed are only the
 * connected site's origin and the hosts that results of this connection link to (a link is renewed through
 * this connection only, and a file is saved only while connected). Granted patterns that name one host and
 * are not needed are removed; a permission the manifest grants at install (the e2e build's loopback) stays.
 */
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db';
import { hostPattern } from '@/lib/safety/host-pattern';
import type { Ctx } from '@/entrypoints/background/core/context';

/** `scheme://host/*` for one host: a wildcard the member granted in the browser is theirs to take back. */
const ONE_HOST = /^https?:\/\/[^*/]+\/\*$/;

/** The host patterns still needed now. */
async function neededHostPatterns(ctx: Ctx): Promise<Set<string>> {
  const needed = new Set<string>();
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return needed;
  const site = hostPattern(conn.origin);
  if (site !== null) needed.add(site);
  await ctx.db.calls
    .where('connectionId')
    .equals(conn.connectionId)
    .each((row) => {
      for (const file of row.result?.files ?? []) {
        const pattern = hostPattern(file.url);
        if (pattern !== null) needed.add(pattern);
      }
    });
  return needed;
}

/** The host patterns the manifest grants at install (none in a production build). */
function installedHosts(): string[] {
  try {
    return browser.runtime.getManifest().host_permissions ?? [];
  } catch {
    return [];
  }
}

/** Removes every granted one-host pattern not needed any more; returns those removed. Never throws. */
export async function releaseUnneededHosts(ctx: Ctx): Promise<string[]> {
  try {
    const granted = (await browser.permissions.getAll()).origins ?? [];
    const needed = await neededHostPatterns(ctx);
    // What the manifest grants at install came with the package, not with a click: Chromium refuses to remove
    // it, Firefox would, and then nothing asks for it again (the e2e build's loopback emulator and file host).
    const installed = new Set(installedHosts());
    const removed: string[] = [];
    for (const pattern of granted) {
      if (!ONE_HOST.test(pattern) || needed.has(pattern) || installed.has(pattern)) continue;
      // One at a time: a pattern the manifest grants is refused without stopping the others.
      const gone = await browser.permissions.remove({ origins: [pattern] }).catch(() => false);
      if (gone) removed.push(pattern);
    }
    return removed;
  } catch {
    // A browser without the permissions API, or a database that cannot be read: nothing is given back now.
    return [];
  }
}
