/**
 * Test hooks of the e2e build only (`wxt build --mode e2e`; production builds drop this module): neither
 * Playwright nor WebDriver BiDi can click a context-menu item, and Firefox's events have no dispatch(), so the
 * browser tests send the click from the extension's own panel page and it goes through the same handler the
 * menu uses; and each start of the background is counted, so a test can see Firefox's event page suspended and
 * woken again; and the disk can be filled (quota-fault); and the clock moved on (a browser closed for days). Nothing here is reachable from a web page: only the extension's own pages are listened to.
 */
import { browser, type Browser } from 'wxt/browser';
import type { AppDb } from '@/lib/db';
import type { Ctx } from '@/entrypoints/background/core/context';
import type { WorkerSeams } from '@/entrypoints/background/core/seams';
import { FIND_MENU_ID, onMenuClicked } from '@/entrypoints/background/platform/menus';
import { cutQuota, installLocalStorageFault, installQuotaFault } from './quota-fault';

export const E2E_MENU_CLICK = 'agent-connection/e2e-menu-click';
/** `{ type, cut: boolean }`: the disk full (quota-fault) or not; kept in storage.session for a restarted worker. */
const E2E_QUOTA = 'agent-connection/e2e-quota';
const E2E_QUOTA_KEY = 'e2e:quotaCut';

interface MenuClickMessage {
  type: typeof E2E_MENU_CLICK;
  selectionText: string;
  pageUrl: string;
}

function isMenuClick(message: unknown): message is MenuClickMessage {
  const m = message as Partial<MenuClickMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === E2E_MENU_CLICK &&
    typeof m.selectionText === 'string' &&
    typeof m.pageUrl === 'string'
  );
}

/** `{ type, advanceMs }`: the background's clock moved on (a browser left closed for days); kept in storage.session. */
const E2E_CLOCK = 'agent-connection/e2e-clock';
const E2E_CLOCK_KEY = 'e2e:clockOffsetMs';
let clockOffsetMs = 0;

function isClockMove(message: unknown): message is { type: typeof E2E_CLOCK; advanceMs: number } {
  const m = message as { type?: unknown; advanceMs?: unknown } | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === E2E_CLOCK &&
    typeof m.advanceMs === 'number' &&
    Number.isFinite(m.advanceMs) &&
    m.advanceMs >= 0
  );
}

/** The e2e build's clock: the browser's, moved on by what the tests asked (read back by a restarted worker). */
function e2eNow(): number {
  return Date.now() + clockOffsetMs;
}

function isQuotaCut(message: unknown): message is { type: typeof E2E_QUOTA; cut: boolean } {
  const m = message as { type?: unknown; cut?: unknown } | null;
  return typeof m === 'object' && m !== null && m.type === E2E_QUOTA && typeof m.cut === 'boolean';
}

/** The full-disk fault, put in before the database is first opened (the first thing the e2e worker does). */
function installE2eFaults(db: AppDb): void {
  installQuotaFault(db);
  installLocalStorageFault();
  void browser.storage.session
    .get([E2E_QUOTA_KEY, E2E_CLOCK_KEY])
    .then((got) => {
      cutQuota(got[E2E_QUOTA_KEY] === true);
      clockOffsetMs = Number(got[E2E_CLOCK_KEY] ?? 0) || 0;
    })
    .catch(() => undefined);
}

/** storage.session key counting the background's starts, so a test can tell the event page was suspended. */
export const E2E_WAKES_KEY = 'e2e:backgroundStarts';

export function registerE2eHooks(ctx: Ctx): void {
  void browser.storage.session
    .get(E2E_WAKES_KEY)
    .then((got) => browser.storage.session.set({ [E2E_WAKES_KEY]: Number(got[E2E_WAKES_KEY] ?? 0) + 1 }))
    .catch(() => undefined);
  browser.runtime.onMessage.addListener((message: unknown, sender: Browser.runtime.MessageSender) => {
    if (!isMenuClick(message) && !isQuotaCut(message) && !isClockMove(message)) return undefined;
    if (sender.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL('/'))) return undefined;
    if (isClockMove(message)) {
      clockOffsetMs += message.advanceMs;
      return browser.storage.session.set({ [E2E_CLOCK_KEY]: clockOffsetMs }).then(() => ({ clockOffsetMs }));
    }
    if (isQuotaCut(message)) {
      cutQuota(message.cut);
      return browser.storage.session.set({ [E2E_QUOTA_KEY]: message.cut }).then(() => ({ cut: message.cut }));
    }
    return browser.tabs.query({ url: message.pageUrl }).then(async ([tab]) => {
      const info = {
        menuItemId: FIND_MENU_ID,
        selectionText: message.selectionText,
        pageUrl: message.pageUrl,
        editable: false,
      };
      await onMenuClicked(ctx, info as Browser.contextMenus.OnClickData, tab);
      return { clicked: true };
    });
  });
}

/**
 * Notes a notification shown (or a summary dropped) in storage.local under a key of its own, so notes from
 * several worker instances never overwrite each other: `e2e:notification:<what>:<id>:<random>` = events told.
 */
async function recordNotification(what: 'shown' | 'dropped', notificationId: string, events: number): Promise<void> {
  await browser.storage.local
    .set({ [`e2e:notification:${what}:${notificationId}:${crypto.randomUUID()}`]: events })
    .catch(() => undefined);
}

/** What the e2e build hooks into the worker's core (core/seams.ts). */
export const e2eSeams: WorkerSeams = {
  now: e2eNow,
  onDatabase: installE2eFaults,
  onNotification: recordNotification,
};
