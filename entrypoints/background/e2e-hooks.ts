/**
 * Test hooks of the e2e build only (`wxt build --mode e2e`; production builds drop this module): neither
 * Playwright nor WebDriver BiDi can click a context-menu item, and Firefox's events have no dispatch(), so the
 * browser tests send the click from the extension's own panel page and it goes through the same handler the
 * menu uses; and each start of the background is counted, so a test can see Firefox's event page suspended and
 * woken again. Nothing here is reachable from a web page: only the extension's own pages are listened to.
 */
import { browser, type Browser } from 'wxt/browser';
import type { Ctx } from './context';
import { FIND_MENU_ID, onMenuClicked } from './menus';

export const E2E_MENU_CLICK = 'agent-connection/e2e-menu-click';

interface MenuClickMessage {
  type: typeof E2E_MENU_CLICK;
  selectionText: string;
  pageUrl: string;
}

function isMenuClick(message: unknown): message is MenuClickMessage {
  const m = message as Partial<MenuClickMessage> | null;
  return typeof m === 'object' && m !== null && m.type === E2E_MENU_CLICK && typeof m.selectionText === 'string' && typeof m.pageUrl === 'string';
}

/** storage.session key counting the background's starts, so a test can tell the event page was suspended. */
export const E2E_WAKES_KEY = 'e2e:backgroundStarts';

export function registerE2eHooks(ctx: Ctx): void {
  void browser.storage.session
    .get(E2E_WAKES_KEY)
    .then((got) => browser.storage.session.set({ [E2E_WAKES_KEY]: Number(got[E2E_WAKES_KEY] ?? 0) + 1 }))
    .catch(() => undefined);
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender) => {
    if (!isMenuClick(message)) return undefined;
    if (sender.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL('/'))) return undefined;
    return browser.tabs.query({ url: message.pageUrl }).then(async ([tab]) => {
      const info = { menuItemId: FIND_MENU_ID, selectionText: message.selectionText, pageUrl: message.pageUrl, editable: false };
      await onMenuClicked(ctx, info as Browser.contextMenus.OnClickData, tab);
      return { clicked: true };
    });
  });
}

/**
 * Notes a notification shown (or a summary dropped) in storage.local under a key of its own, so notes from
 * several worker instances never overwrite each other: `e2e:notification:<what>:<id>:<random>` = events told.
 */
export async function recordNotification(what: 'shown' | 'dropped', notificationId: string, events: number): Promise<void> {
  await browser.storage.local.set({ [`e2e:notification:${what}:${notificationId}:${crypto.randomUUID()}`]: events }).catch(() => undefined);
}
