import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

interface ChromeSidePanel {
  open(options: { windowId: number }): Promise<void>;
}
interface FirefoxSidebar {
  open(): Promise<void>;
}

/**
 * Opens the side panel (Chrome) or the sidebar (Firefox) from this page's button. Both browsers open it only
 * within the member's click, so the window is known beforehand and the call is made before any await.
 * `failed`: the browser did not open it (too old, or refused); the page then points to the toolbar button.
 */
export function useOpenPanel(): { open: () => void; failed: boolean } {
  const windowId = useRef<number | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    try {
      void browser.windows
        .getCurrent()
        .then((w) => {
          windowId.current = w.id;
        })
        .catch(() => undefined);
    } catch {
      // No windows API here: Firefox's sidebar needs no window.
    }
  }, []);
  const open = () => {
    let opening: Promise<void>;
    try {
      const sidePanel = (browser as unknown as { sidePanel?: ChromeSidePanel }).sidePanel;
      const sidebar = (browser as unknown as { sidebarAction?: FirefoxSidebar }).sidebarAction;
      if (sidePanel && windowId.current !== undefined) opening = sidePanel.open({ windowId: windowId.current });
      else if (sidebar) opening = sidebar.open();
      else opening = Promise.reject(new Error('no panel to open'));
    } catch (error) {
      opening = Promise.reject(error);
    }
    opening.then(
      () => setFailed(false),
      () => setFailed(true),
    );
  };
  return { open, failed };
}
