/**
 * The first-run page opens once, when the extension is installed: not on an update, not when the browser
 * updates, not on a worker restart (onInstalled fires for none of those with reason "install"). A browser that
 * loads the extension again from its folder (developer mode, `--load-extension`) reports an install at each
 * start while the extension's storage stays: a mark in storage.local keeps the page to the first.
 */
import { browser } from 'wxt/browser';

export const WELCOME_PATH = '/welcome.html';
/** storage.local: the first-run page was opened in this install (uninstalling clears it). */
const WELCOMED_KEY = 'background.firstRunShown';

export async function openFirstRunPage(reason: string): Promise<boolean> {
  if (reason !== 'install') return false;
  const got = await browser.storage.local.get(WELCOMED_KEY).catch(() => ({}) as Record<string, unknown>);
  if (got[WELCOMED_KEY] === true) return false;
  // Marked first: a page shown twice is worse than one missed if the browser stops in between. A full disk
  // may refuse the mark; the page still opens, and only a reload from the folder would show it again.
  await browser.storage.local.set({ [WELCOMED_KEY]: true }).catch(() => undefined);
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
  return true;
}
