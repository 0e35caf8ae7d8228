import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { SELECTION_SESSION_KEY, type SelectionHandoff } from '@/lib/protocol/handoffs';
import { selectionHandoff } from '@/components/focus';

/** The last selection handed over by the menu or the shortcut, as soon as it is written (before its find row). */
export function useSelectionHandoff(): SelectionHandoff | null {
  const [handoff, setHandoff] = useState<SelectionHandoff | null>(null);
  useEffect(() => {
    let live = true;
    browser.storage.session
      .get(SELECTION_SESSION_KEY)
      .then((stored) => {
        if (live) setHandoff(selectionHandoff(stored[SELECTION_SESSION_KEY]));
      })
      .catch(() => undefined);
    const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      const change = area === 'session' ? changes[SELECTION_SESSION_KEY] : undefined;
      if (change) setHandoff(selectionHandoff(change.newValue));
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, []);
  return handoff;
}
