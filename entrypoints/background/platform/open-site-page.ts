/** Opens one of the member's own pages on the site (G15), in a new tab, when the member clicked for it. */
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import { rememberApprovalTab } from '@/entrypoints/background/calls/handlers';
import type { Ctx } from '@/entrypoints/background/core/context';
import { sitePageUrl } from '@/entrypoints/background/core/site';
import { t } from '@/lib/i18n';

export async function openSitePage(ctx: Ctx, url: string): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (!conn) throw new CommandFailure(localError('not_connected', t('background.notConnected'), { kind: 'reconnect' }));
  const page = sitePageUrl(url, conn.origin);
  if (page === null) {
    throw new CommandFailure(localError('not_a_site_page', t('background.notSitePage')));
  }
  const tab = await browser.tabs.create({ url: page });
  // An approval page: closing its tab is one of the signs that the member came back from approving.
  if (tab.id !== undefined) await rememberApprovalTab(ctx, page, tab.id);
}
