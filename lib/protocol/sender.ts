/** Who may send the background a command: this extension's own pages, and nothing else. */
import { browser } from 'wxt/browser';

/** What the background knows of a message's sender (a subset of runtime.MessageSender). */
export interface SenderInfo {
  id?: string;
  url?: string;
  tab?: unknown;
}

/**
 * True only for this extension's own pages. A content script's sender has our id but the web page's url;
 * another extension or a web page has another id. The side panel, the options page and an extension page
 * opened in a tab all have a url under our own base.
 */
export function isOwnExtensionPage(sender: SenderInfo): boolean {
  if (sender.id !== browser.runtime.id) return false;
  if (typeof sender.url !== 'string') return false;
  return sender.url.startsWith(browser.runtime.getURL('/'));
}
