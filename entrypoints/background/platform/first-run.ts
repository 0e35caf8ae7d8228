/**
 * The first-run page opens once, when the extension is installed: not on an update, not when the browser
 * updates, not on a worker restart (onInstalled fires for none of those with reason "install").
 */
import { browser } from 'wxt/browser';

export const WELCOME_PATH = '/welcome.html';

export async function openFirstRunPage(reason: string): Promise<boolean> {
  if (reason !== 'install') return false;
  await browser.tabs.create({ url: browser.runtime.getURL(WELCOME_PATH) });
  return true;
}
