/** A click on one of the background's notifications (core/notifier.ts raised it). */
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db';
import { FOCUS_SESSION_KEY, type FocusHint } from '@/lib/protocol/handoffs';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { sitePageUrl } from '@/entrypoints/background/core/site';
import { openPanelSomewhere } from './panel-open';

/**
 * A click: the approval page for an approval that waits, or the sign-off page of a findings draft (site
 * origin and page paths only; Firefox shows no buttons, so the click is the action), otherwise the
 * panel at that call. The panel opens first, within the click; the focus hint follows through storage.
 */
export async function onNotificationClicked(ctx: Ctx, notificationId: string): Promise<void> {
  const opensPage =
    (notificationId.startsWith('approval:') && notificationId.endsWith(':needed')) ||
    notificationId.startsWith('findings-draft:');
  if (!opensPage) void openPanelSomewhere();
  const row = await ctx.db.notifications.where('notificationId').equals(notificationId).first();
  // Noted clicked (and so told) before it is cleared: the click may be what woke a worker stopped before it
  // noted the event told, and that worker's start must not tell it again (core/notifier).
  // A full disk refusing the note does not keep the member from the page they clicked for.
  if (row)
    await ctx.db.notifications
      .update(row.eventKey, { clickedAt: isoNow(ctx), toldAt: row.toldAt ?? isoNow(ctx) })
      .catch(() => undefined);
  await browser.notifications.clear(notificationId).catch(() => undefined);
  if (!row) return;
  if (opensPage) {
    const conn = await getConnection(ctx.db);
    const url = row.url !== null && conn ? sitePageUrl(row.url, conn.origin) : null;
    if (url !== null) await browser.tabs.create({ url });
    else void openPanelSomewhere();
    return;
  }
  if (row.localId !== null) {
    const hint: FocusHint = { localId: row.localId, at: isoNow(ctx) };
    await browser.storage.session.set({ [FOCUS_SESSION_KEY]: hint });
  }
}
