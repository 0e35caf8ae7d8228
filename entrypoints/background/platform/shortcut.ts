/**
 * The keyboard shortcut (`find-selection`): open the panel within the gesture, then read the selection of
 * the active tab (activeTab + scripting), hand it to the panel and find AI Agents for it.
 */
import { browser, type Browser } from 'wxt/browser';
import type { Ctx } from '@/entrypoints/background/core/context';
import { handOffSelection, runFind } from '@/entrypoints/background/find/handlers';
import { openPanel } from './panel-open';

export const FIND_COMMAND = 'find-selection';

export async function onCommand(ctx: Ctx, command: string, tab?: Browser.tabs.Tab): Promise<unknown> {
  if (command !== FIND_COMMAND) return;
  // Open before the first await: the gesture ends there.
  void openPanel({ windowId: tab?.windowId, tabId: tab?.id });
  const text = tab?.id === undefined ? '' : await readSelection(tab.id);
  const { requestId, raw } = handOffSelection(ctx, text, 'shortcut');
  return runFind(ctx, raw, 'shortcut', requestId);
}

/** The page's selected text, or '' where scripts may not run (browser pages, the web store). */
async function readSelection(tabId: number): Promise<string> {
  try {
    const results = await browser.scripting.executeScript({
      target: { tabId },
      func: () => globalThis.getSelection?.()?.toString() ?? '',
    });
    const value = results[0]?.result;
    return typeof value === 'string' ? value : '';
  } catch {
    return '';
  }
}
