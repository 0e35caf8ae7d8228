/**
 * Opens the side panel (Chrome) or the sidebar (Firefox). Must be called before any await in the handler of
 * the member's gesture, or the browser refuses; the caller does not await it before its own work either.
 */
import { browser } from 'wxt/browser';

interface FirefoxSidebar {
  open(): Promise<void>;
}

/** Resolves true when the panel opened. Never rejects, never throws. */
export function openPanel(target: { windowId?: number; tabId?: number }): Promise<boolean> {
  try {
    // Chrome has sidePanel; Firefox has sidebarAction (and no sidePanel).
    const sidePanel = (browser as { sidePanel?: typeof browser.sidePanel }).sidePanel;
    if (sidePanel) {
      if (target.tabId !== undefined && target.tabId >= 0)
        return sidePanel.open({ tabId: target.tabId }).then(
          () => true,
          () => false,
        );
      if (target.windowId !== undefined && target.windowId >= 0) {
        return sidePanel.open({ windowId: target.windowId }).then(
          () => true,
          () => false,
        );
      }
      return Promise.resolve(false);
    }
    const sidebar = (browser as unknown as { sidebarAction?: FirefoxSidebar }).sidebarAction;
    if (sidebar)
      return sidebar.open().then(
        () => true,
        () => false,
      );
  } catch {
    // An API that throws synchronously (not available here) is the same as not opening.
  }
  return Promise.resolve(false);
}

/**
 * The window the member last used, remembered so a notification click can open the panel without an await
 * (a click on a notification carries no window). A hint only: after a restart it is unknown until focus moves.
 */
let lastWindowId: number | undefined;

export function rememberWindow(windowId: number): void {
  if (windowId >= 0) lastWindowId = windowId;
}

/** Opens the panel in the last used window; when that fails, the panel's page in a tab. */
export function openPanelSomewhere(): Promise<void> {
  return openPanel({ windowId: lastWindowId }).then(async (opened) => {
    if (!opened) await browser.tabs.create({ url: browser.runtime.getURL('/sidepanel.html') }).catch(() => undefined);
  });
}

/** The toolbar button opens the panel: Chrome by panel behaviour, Firefox by toggling the sidebar on click. */
export function makeActionOpenPanel(): void {
  const sidePanel = (browser as { sidePanel?: typeof browser.sidePanel }).sidePanel;
  if (sidePanel?.setPanelBehavior)
    void sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
}

export function onActionClicked(): void {
  if ((browser as { sidePanel?: unknown }).sidePanel) return;
  const sidebar = (browser as unknown as { sidebarAction?: { toggle?: () => Promise<void> } }).sidebarAction;
  try {
    if (sidebar?.toggle) void sidebar.toggle().catch(() => undefined);
  } catch {
    // Not available: nothing to toggle.
  }
}
