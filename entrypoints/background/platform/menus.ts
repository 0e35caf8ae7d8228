/** The context-menu item on a selection: open the panel with the text and find AI Agents for it. */
import { browser, type Browser } from 'wxt/browser';
import type { Ctx } from '@/entrypoints/background/core/context';
import { handOffSelection, runFind } from '@/entrypoints/background/find/handlers';
import { openPanel } from './panel-open';
import { t } from '@/lib/i18n';

export const FIND_MENU_ID = 'find-selection';

/** Menus persist across worker restarts; (re)create them on install and update only. */
export function createMenus(): void {
  void browser.contextMenus
    .removeAll()
    .then(() => browser.contextMenus.create({ id: FIND_MENU_ID, title: t('background.menu'), contexts: ['selection'] }))
    .catch(() => undefined);
}

export function onMenuClicked(
  ctx: Ctx,
  info: Browser.contextMenus.OnClickData,
  tab?: Browser.tabs.Tab,
): Promise<unknown> {
  if (info.menuItemId !== FIND_MENU_ID) return Promise.resolve();
  // Hand-off and open first, synchronously, inside the click's gesture.
  const { requestId, raw } = handOffSelection(ctx, info.selectionText ?? '', 'menu');
  void openPanel({ windowId: tab?.windowId, tabId: tab?.id });
  return runFind(ctx, raw, 'menu', requestId);
}
