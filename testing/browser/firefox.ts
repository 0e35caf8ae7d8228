/**
 * The shared driver (driver.ts) on Debian's Firefox ESR, driven by puppeteer-core 24 over WebDriver BiDi (no
 * geckodriver). The Firefox e2e build (`wxt build -b firefox --mv3 --mode e2e`) is installed as a temporary
 * add-on; a pref fixes its moz-extension:// address, and --remote-allow-system-access lets WebDriver open the
 * panel's page (its load event is not reported: wait for the page's own content instead).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type ElementHandle, type KeyInput, type Page, type Target } from 'puppeteer-core';
import {
  bcp47,
  type ColorScheme,
  type ExtensionBrowser,
  PANEL_HEIGHT,
  type PageDriver,
  STEP_WAIT_MS,
  pageSays,
  textMissing,
} from './driver';

/** The Firefox e2e build: the production build plus the loopback emulator granted at install. */
const FIREFOX_EXTENSION_DIR = path.resolve(import.meta.dirname, '../../.output/firefox-mv3-e2e');

/** Debian's Firefox ESR unless FIREFOX_PATH says otherwise. */
function firefoxPath(): string {
  return process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
}

/** An accessible-name query for puppeteer's ARIA selector; quotes in the name are escaped. */
function aria(role: string | null, name: string): string {
  const quoted = name.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  return role === null ? `::-p-aria(${name})` : `::-p-aria([name="${quoted}"][role="${role}"])`;
}

/**
 * The element a selector finds once it is shown and enabled. Element handles, not puppeteer's locators: over
 * BiDi an extension page keeps reporting about:blank (its load is not reported), and locators wait on that.
 */
async function shown(page: Page, selector: string): Promise<ElementHandle<Element>> {
  const deadline = Date.now() + STEP_WAIT_MS;
  for (;;) {
    for (const handle of await page.$$(selector)) {
      const ready = await handle.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && !(el as HTMLButtonElement).disabled;
      });
      if (ready) return handle;
    }
    if (Date.now() > deadline) {
      // What the member would see instead, so a failure in CI says why (e.g. the button there but disabled).
      const found = (await page.$$(selector)).length;
      const says = await pageSays(() => page.evaluate(() => document.body?.innerText ?? ''));
      throw new Error(`Nothing shown and enabled for ${selector} within ${STEP_WAIT_MS} ms (${found} found). ${says}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Brings the page to the front when another tab covers it, as a member looks at the page they act on. Firefox
 * gives a hidden tab's input no selection: a triple click selects nothing there, so a field's old text stayed
 * and the new text was typed after it (CI: the first-run page opened over the panel, the connect form's site
 * address became "http://127.0.0.1:8787http://127.0.0.1:…", and the form, invalid, did not submit).
 */
async function toFront(page: Page): Promise<void> {
  const hidden = await page.evaluate(() => document.visibilityState === 'hidden');
  if (hidden) await page.bringToFront();
}

function puppeteerPage(page: Page): PageDriver {
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (error) => void errors.push(error instanceof Error ? error.message : String(error)));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return {
    url: () => page.url(),
    async fill(label, value) {
      await toFront(page);
      const field = await shown(page, aria(null, label));
      // Cleared as a member would select all and delete, then typed: the page sees real input events. (A triple
      // click selected nothing of a question field's earlier text in Firefox, which the check below caught.)
      await field.click();
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.press('Backspace');
      await field.type(value);
      // The name may find the <label>, whose click focuses its field: what the focused field holds is checked.
      const holds = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value);
      if (holds !== value)
        throw new Error(`The field "${label}" holds ${JSON.stringify(holds)} after typing ${JSON.stringify(value)}.`);
    },
    async click(role, name) {
      await toFront(page);
      // puppeteer's click is real input, so a user gesture (element.click() in the page would not be).
      await (await shown(page, aria(role, name))).click();
    },
    async waitForText(text, timeoutMs = STEP_WAIT_MS) {
      try {
        await page.waitForFunction(
          (t: string) => document.body?.innerText.includes(t) ?? false,
          { timeout: timeoutMs, polling: 100 },
          text,
        );
      } catch (error) {
        throw new Error(await textMissing(text, timeoutMs, () => page.evaluate(() => document.body?.innerText ?? '')), {
          cause: error,
        });
      }
    },
    text: () => page.evaluate(() => document.body?.innerText ?? ''),
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg) as Promise<R>,
    async runSource(source) {
      await page.evaluate(source);
    },
    async press(key) {
      await toFront(page);
      // Playwright's "Shift+Enter" form, so the shared steps name keys once.
      // Puppeteer names the space bar " ".
      const keys = key.split('+').map((k) => (k === 'Space' ? ' ' : k)) as KeyInput[];
      const last = keys.pop() as KeyInput;
      for (const modifier of keys) await page.keyboard.down(modifier);
      await page.keyboard.press(last);
      for (const modifier of keys.reverse()) await page.keyboard.up(modifier);
    },
    async type(text) {
      await toFront(page);
      await page.keyboard.type(text);
    },
    setWidth: (px) => page.setViewport({ width: px, height: PANEL_HEIGHT }),
    async bringToFront() {
      await page.bringToFront();
    },
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png`, fullPage: true });
    },
    pageErrors: () => [...errors],
    dialogs: () => [...dialogs],
    close: () => page.close(),
  };
}

function geckoId(dir: string): string {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    browser_specific_settings?: { gecko?: { id?: string } };
  };
  const id = manifest.browser_specific_settings?.gecko?.id;
  if (!id) throw new Error(`The Firefox build at ${dir} has no gecko id.`);
  return id;
}

/**
 * A new tab. Opened just after another tab closed, Firefox may fail the creation ("BrowsingContext does no
 * longer exist", seen in the soak when a panel closed mid-click is reopened at once): it is asked again.
 */
async function newTab(browser: Browser): Promise<Page> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await browser.newPage();
    } catch (error) {
      if (attempt >= 5 || !/BrowsingContext does no longer exist|no such frame/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** A new tab at `url`, its driver taking the page before it loads (so its errors and dialogs are all seen). */
async function newPageAt(browser: Browser, url: string, extensionPage = false): Promise<PageDriver> {
  const page = await newTab(browser);
  const driver = puppeteerPage(page);
  if (!extensionPage) {
    await page.goto(url);
    return driver;
  }
  // moz-extension:// pages load without a reported load event: wait for the page's own content. While the tab
  // moves from about:blank to the extension's page, Firefox may fail an evaluation outright (a protocol
  // error, not a false answer), so each try that fails is simply tried again.
  page.goto(url).catch(() => undefined);
  const deadline = Date.now() + STEP_WAIT_MS;
  for (;;) {
    const ready = await page
      .evaluate(
        (u: string) =>
          location.href === u &&
          document.readyState === 'complete' &&
          (document.querySelector('main')?.textContent ?? '').trim() !== '',
        url,
      )
      .catch(() => false);
    if (ready) return driver;
    if (Date.now() > deadline)
      throw new Error(`The extension page ${url} did not show its content within ${STEP_WAIT_MS} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface FirefoxOptions {
  extensionDir?: string;
  /** Extra prefs. */
  prefs?: Record<string, unknown>;
  /**
   * Suspends the event page after this long idle (Firefox's own idle timeout, normally 30 s): Firefox offers no
   * way to stop it from outside, so a test that needs a suspended background makes it suspend on its own.
   */
  idleSuspendMs?: number;
  /** The system's colour scheme the pages see; default light. */
  colorScheme?: ColorScheme;
  /**
   * Firefox's interface language (e.g. "de"; default English): it needs Debian's language pack for it
   * (firefox-esr-l10n-de, which scripts/ensure-firefox.sh installs); without one, Firefox stays in English.
   */
  language?: string;
}

/** Firefox headless with the Firefox e2e build installed as a temporary add-on at a fixed address. */
export async function launchFirefox(options: FirefoxOptions = {}): Promise<ExtensionBrowser> {
  const dir = options.extensionDir ?? FIREFOX_EXTENSION_DIR;
  if (!existsSync(path.join(dir, 'manifest.json'))) {
    throw new Error(`No Firefox build at ${dir}: run "npm run build:e2e:firefox" first.`);
  }
  const uuid = randomUUID();
  // A profile of this run's own, so a restart starts on it again.
  const profile = mkdtempSync(path.join(tmpdir(), 'e2e-firefox-profile-'));
  const prefs = {
    'extensions.webextensions.uuids': JSON.stringify({ [geckoId(dir)]: uuid }),
    // A temporary add-on is removed when Firefox closes: its storage and address are kept for the restart test,
    // which installs it again, as a member's installed add-on would simply still be there.
    'extensions.webextensions.keepStorageOnUninstall': true,
    'extensions.webextensions.keepUuidOnUninstall': true,
    // What prefers-color-scheme answers: Firefox reads the system's theme from this pref.
    'ui.systemUsesDarkTheme': options.colorScheme === 'dark' ? 1 : 0,
    // Downloads go to a folder of this run, not the machine's own Downloads.
    'browser.download.folderList': 2,
    'browser.download.dir': mkdtempSync(path.join(tmpdir(), 'e2e-firefox-downloads-')),
    'browser.download.useDownloadDir': true,
    'intl.locale.requested': bcp47(options.language ?? 'en'),
    ...(options.idleSuspendMs === undefined ? {} : { 'extensions.background.idle.timeout': options.idleSuspendMs }),
    ...options.prefs,
  };
  const requested: string[] = [];
  const watch = (page: Page | null) => page?.on('request', (request) => void requested.push(request.url()));
  // The build a restart installs again: the one last installed.
  let installed = dir;
  const start = async (): Promise<Browser> => {
    const started = await puppeteer.launch({
      browser: 'firefox',
      executablePath: firefoxPath(),
      headless: true,
      userDataDir: profile,
      args: ['--remote-allow-system-access'],
      extraPrefsFirefox: prefs,
    });
    try {
      await started.installExtension(installed);
    } catch (error) {
      await started.close();
      throw error;
    }
    for (const page of await started.pages()) watch(page);
    started.on('targetcreated', (target: Target) => void target.page().then(watch, () => undefined));
    return started;
  };
  let browser = await start();
  const extensionUrl = `moz-extension://${uuid}`;
  const version = await browser.version();
  return {
    name: 'firefox',
    version,
    extensionOrigin: extensionUrl,
    openPanel: () => newPageAt(browser, `${extensionUrl}/sidepanel.html`, true),
    openOptions: () => newPageAt(browser, `${extensionUrl}/options.html`, true),
    openExtensionPage: (path) => newPageAt(browser, `${extensionUrl}${path}`, true),
    openPage: (url) => newPageAt(browser, url),
    async pageOpenedBy(prefix, action) {
      const opened = browser.waitForTarget((t) => t.type() === 'page' && t.url().startsWith(prefix), {
        timeout: STEP_WAIT_MS,
      });
      await action();
      const page = await opened;
      const tab = await page.page();
      if (!tab) throw new Error(`The tab at ${prefix} has no page.`);
      await tab.waitForFunction(() => document.readyState === 'complete', { timeout: STEP_WAIT_MS });
      return puppeteerPage(tab);
    },
    requestedUrls: () => [...requested],
    async updateExtension(nextDir) {
      if (geckoId(nextDir) !== geckoId(dir)) throw new Error(`The build at ${nextDir} has another gecko id.`);
      // The same id installed again is Firefox's update of a temporary add-on: the old one is shut down, the
      // new one started (runtime.onInstalled with reason "update"), its address and storage kept.
      await browser.installExtension(nextDir);
      installed = nextDir;
    },
    async restart(whileClosed) {
      await browser.close();
      await whileClosed?.();
      browser = await start();
    },
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
