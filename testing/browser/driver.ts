/**
 * The small surface the member's steps (testing/steps.ts) need from a browser, so one rig drives both
 * browsers: Playwright on Debian's Chromium (chromium.ts) and puppeteer-core over WebDriver BiDi on Debian's
 * Firefox ESR (firefox.ts). Pages are found by what a member sees: labels, roles and names, and text. Free of
 * vitest, so scripts/ and test/ both use it.
 */

/** One tab: the side panel's page, an article, or one of the site's pages. */
export interface PageDriver {
  url(): string;
  /** Types into the field with this accessible label (exact). */
  fill(label: string, value: string): Promise<void>;
  /** Clicks the element with this role and accessible name (exact); a real click, so a user gesture. */
  click(role: 'button' | 'radio' | 'link' | 'checkbox' | 'menuitem', name: string): Promise<void>;
  /** Waits until the page's visible text holds `text` (STEP_WAIT_MS unless given). */
  waitForText(text: string, timeoutMs?: number): Promise<void>;
  /** The page's visible text. */
  text(): Promise<string>;
  /** Runs `fn` in the page (in an extension page, the browser's extension APIs are there). */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Runs a script's source in the page as it is (a library such as axe-core; pages forbid inline scripts). */
  runSource(source: string): Promise<void>;
  /** Presses a key the way a member does, e.g. "Tab", "Enter", "Shift+Enter", "Shift+Tab". */
  press(key: string): Promise<void>;
  /** Types text into whatever has the focus, key by key. */
  type(text: string): Promise<void>;
  /** Sets the page's width (the side panel's), keeping a usual height. */
  setWidth(px: number): Promise<void>;
  bringToFront(): Promise<void>;
  /** Saves a picture of the whole page as a PNG file. */
  screenshot(file: string): Promise<void>;
  /** Uncaught errors of this page since the driver took it (before its first load, for pages it opened). */
  pageErrors(): string[];
  /** Dialogs (alert, confirm, prompt) this page opened, each dismissed at once: "type: message". */
  dialogs(): string[];
  close(): Promise<void>;
}

/** What the page showed when a step failed (its first 3,000 characters), so a failure in CI explains itself. */
export async function pageSays(pageText: () => Promise<string>): Promise<string> {
  const shown = await pageText().catch(() => '(the page is gone)');
  return `The page says:\n${shown.slice(0, 3000)}`;
}

/**
 * Whether the page's text holds `text`, bidi marks and isolates (U+200E, U+200F, U+061C, U+2066 to U+2069) left
 * out on both sides: Firefox leaves them out of the text it renders, Chromium keeps them, and a name the panel
 * puts into an element rather than into a message has none. Run in the page (whole, no closure).
 */
export function pageHoldsText(text: string): boolean {
  // No inner named function: a script runner that keeps names would wrap it in a helper the page lacks.
  const marks = /[\u200e\u200f\u061c\u2066-\u2069]/g;
  return (document.body?.innerText ?? '').replace(marks, '').includes(text.replace(marks, ''));
}

/** Why a step's text did not show, with what the page showed instead. */
export async function textMissing(text: string, timeoutMs: number, pageText: () => Promise<string>): Promise<string> {
  return `"${text}" did not show within ${timeoutMs} ms. ${await pageSays(pageText)}`;
}

/** A locale file's name as a browser takes it for its interface language: en → en-US, pt_BR → pt-BR. */
export function bcp47(language: string): string {
  return language === 'en' ? 'en-US' : language.replace('_', '-');
}

/** The system's colour scheme a browser is started with (both drivers set it at launch). */
export type ColorScheme = 'light' | 'dark';

export interface ExtensionBrowser {
  readonly name: 'chromium' | 'firefox';
  /** The browser's version line, e.g. "firefox/153.7.0". */
  readonly version: string;
  /** The extension's own origin: chrome-extension://ID or moz-extension://UUID. */
  readonly extensionOrigin: string;
  /** The side panel's page in a tab (neither driver can show the real side panel). */
  openPanel(): Promise<PageDriver>;
  /** The options page in a tab. */
  openOptions(): Promise<PageDriver>;
  /** Another page of the extension in a tab, by its path (e.g. "/welcome.html"). */
  openExtensionPage(path: string): Promise<PageDriver>;
  /** A web page in a new tab. */
  openPage(url: string): Promise<PageDriver>;
  /** Runs `action` and waits for the tab it makes the extension open at an address starting with `prefix`. */
  pageOpenedBy(prefix: string, action: () => Promise<void>): Promise<PageDriver>;
  /** Every address any page of this browser asked for since it started, in order. */
  requestedUrls(): string[];
  /**
   * Switches the colour scheme the pages see, in place (no new browser): every open page and every page opened
   * after, until it is switched again. Chromium emulates the media feature per page (DevTools); Firefox sets
   * the system theme's pref, which it applies live, as when the member switches their system to dark.
   */
  setColorScheme(scheme: ColorScheme): Promise<void>;
  /**
   * Stops the extension's background from outside, as the browser does to an idle worker; answers whether one
   * was running. Chromium only (DevTools' ServiceWorker.stopWorker): Firefox offers no way to stop its event
   * page from outside, so there it is suspended by its own idle timeout (launchFirefox's idleSuspendMs).
   */
  stopBackground?(): Promise<boolean>;
  /**
   * Replaces the installed extension by the build at `nextDir` the way an update does, and resolves once the new
   * background runs; the extension's open pages are gone. Needs a browser launched with `updatable`. Chromium:
   * the unpacked files swapped, then runtime.reload(); Firefox: the temporary add-on installed again, same id.
   */
  updateExtension(nextDir: string): Promise<void>;
  /**
   * Closes the browser as a member does and starts it again on the same profile with the same extension (same
   * address, same storage); every page is gone. `whileClosed` runs in between (the site's clock moves on).
   */
  restart(whileClosed?: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Long enough for a call of the seed (a few seconds) and its polls; short enough to fail with a message. */
export const STEP_WAIT_MS = 30_000;

/** A side panel's usual height, kept when a test sets its width. */
export const PANEL_HEIGHT = 800;

/** The extension's browser API in an extension page, whichever browser runs it (`browser` or `chrome`). */
export interface ExtensionGlobal {
  runtime: { sendMessage(message: unknown): Promise<unknown> };
  notifications: {
    getAll(): Promise<Record<string, unknown>>;
    onClosed: { addListener(listener: (id: string) => void): void };
    /** Firefox only. */
    onShown?: { addListener(listener: (id: string) => void): void };
  };
  permissions: { contains(p: { origins: string[] }): Promise<boolean> };
}
