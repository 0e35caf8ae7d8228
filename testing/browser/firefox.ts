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
import puppeteer, { type Browser, type KeyInput, type Page, type Target } from 'puppeteer-core';
import {
  bcp47,
  type ColorScheme,
  type ExtensionBrowser,
  PANEL_HEIGHT,
  type PageDriver,
  STEP_WAIT_MS,
  pageSays,
  pageHoldsText,
  textMissing,
} from './driver';

/** The Firefox e2e build: the production build plus the loopback emulator granted at install. */
const FIREFOX_EXTENSION_DIR = path.resolve(import.meta.dirname, '../../.output/firefox-mv3-e2e');

/** Debian's Firefox ESR unless FIREFOX_PATH says otherwise. */
function firefoxPath(): string {
  return process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
}

/** The raw WebDriver BiDi connection under puppeteer's Browser. */
interface BidiSend {
  send(method: string, params: object): Promise<{ result: unknown }>;
}

function bidiOf(browser: Browser): BidiSend {
  return (browser as unknown as { connection: BidiSend }).connection;
}

/** What an accessible name and role find (WebDriver BiDi's accessibility locator: the browser's own tree). */
interface AccessibleLocator {
  type: 'accessibility';
  value: { name: string; role?: string };
}

/**
 * In the page: the element to act on, scrolled into view (a pointer can only be moved to an element in view),
 * or null while it is not ready for a member's click: not shown, disabled, still moving (its box changed over two
 * frames, as a view is laid out again) or covered at its middle. As Playwright waits before it clicks in
 * Chromium: a click sent while a line above the button was still being inserted landed beside it. For a field,
 * the text field itself (the name may find its <label>). A string, not a function of this module: tsx would
 * wrap a named function in a helper the page lacks.
 */
const READY_FOR_A_CLICK = `async (el, field) => {
  const target = field && el instanceof HTMLLabelElement ? el.control : el;
  if (!target) return null;
  if (field && !(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return null;
  const first = target.getBoundingClientRect();
  if (first.width === 0 || first.height === 0 || target.disabled) return null;
  target.scrollIntoView({ block: 'center', inline: 'nearest' });
  const frame = () => new Promise((resolve) => { requestAnimationFrame(resolve); setTimeout(resolve, 100); });
  const before = target.getBoundingClientRect();
  await frame();
  await frame();
  const box = target.getBoundingClientRect();
  if (box.top !== before.top || box.left !== before.left || box.width !== before.width || box.height !== before.height) return null;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  const labels = Array.from(target.labels ?? []);
  if (!hit || !(hit === target || target.contains(hit) || labels.some((l) => l.contains(hit)))) return null;
  return target;
}`;

/**
 * In the page, before the real click: a guard, in the capture phase, that lets the pointer's presses through
 * only on the target and swallows them anywhere else (a view laid out again between the look and the press
 * moved the button: CI, History's export under load, the press landed beside it and nothing happened). It
 * records whether the target's click came, so a press that missed is sent again, and one that landed elsewhere
 * did nothing there.
 */
const GUARD_CLICK = `(el) => {
  const labels = Array.from(el.labels ?? []);
  const on = (node) => node instanceof Node && (el === node || el.contains(node) || labels.some((l) => l.contains(node)));
  const state = { hit: false };
  const guard = (event) => {
    if (!on(event.target)) {
      event.stopImmediatePropagation();
      event.preventDefault();
    } else if (event.type === 'click') state.hit = true;
  };
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
  for (const type of types) window.addEventListener(type, guard, true);
  window.__driverClick = { state, stop: () => { for (const type of types) window.removeEventListener(type, guard, true); } };
}`;

/** In the page, after the click: the guard taken away; whether the target's click came. */
const CLICK_LANDED = `() => {
  const click = window.__driverClick;
  if (!click) return true;
  click.stop();
  window.__driverClick = undefined;
  return click.state.hit;
}`;

/** The tab's browsing context: puppeteer names it only as its main frame's internal id. */
function contextOf(page: Page): string {
  return (page.mainFrame() as unknown as { _id: string })._id;
}

/**
 * The first element `locator` finds that is shown and enabled, scrolled into view (its shared id), or null when
 * none is yet, and how many were found. Straight over WebDriver BiDi: the browser's locateNodes and a function
 * call take about 10 ms, where puppeteer's ARIA query took about 220 ms a look (it makes an element handle of
 * every node it finds, a round trip each).
 */
async function shownElement(
  page: Page,
  locator: AccessibleLocator,
  field: boolean,
): Promise<{ sharedId: string | null; found: number }> {
  const bidi = bidiOf(page.browser());
  const context = contextOf(page);
  const located = await bidi
    .send('browsingContext.locateNodes', { context, locator })
    .then((r) => (r.result as { nodes: { sharedId?: string }[] }).nodes)
    // Between two documents there is nothing to find yet.
    .catch(() => []);
  for (const node of located) {
    if (!node.sharedId) continue;
    const answer = await bidi
      .send('script.callFunction', {
        functionDeclaration: READY_FOR_A_CLICK,
        target: { context },
        arguments: [{ sharedId: node.sharedId }, { type: 'boolean', value: field }],
        awaitPromise: true,
      })
      .then((r) => r.result as { type: string; result?: { type?: string; sharedId?: string } })
      .catch(() => null);
    const target = answer?.type === 'success' ? answer.result : undefined;
    if (target?.type === 'node' && target.sharedId) return { sharedId: target.sharedId, found: located.length };
  }
  return { sharedId: null, found: located.length };
}

/**
 * Clicks, with real input (a user gesture), the first element with this accessible name (and role) once it is
 * shown and enabled: the pointer is moved to the element itself, so the browser takes its middle as it is laid
 * out at that moment. Not puppeteer's locators: over BiDi an extension page keeps reporting about:blank (its
 * load is not reported), and locators wait on that.
 */
async function clickShown(page: Page, name: string, role?: string): Promise<void> {
  // Firefox leaves the bidi marks out of the names it computes (an Arabic amount, "‏25.00 $", Intl's own RLM):
  // the name a test took from the page's text is looked for as Firefox names it. It leaves the isolates a
  // right-to-left message puts around a name (lib/i18n) out of a name from the element's text, and keeps them in
  // one from aria-label: both are looked for.
  const computed = name.replace(/[\u200e\u200f\u061c]/g, '');
  const names = [...new Set([computed, computed.replace(/[\u2066-\u2069]/g, '')])];
  const locators: AccessibleLocator[] = names.map((each) => ({
    type: 'accessibility',
    value: role ? { name: each, role } : { name: each },
  }));
  const deadline = Date.now() + STEP_WAIT_MS;
  for (;;) {
    // No role: a field by its label (fill), whose text field is clicked.
    let look = { sharedId: null as string | null, found: 0 };
    for (const locator of locators) {
      look = await shownElement(page, locator, role === undefined);
      if (look.sharedId) break;
    }
    const { sharedId, found } = look;
    if (sharedId) {
      const bidi = bidiOf(page.browser());
      const context = contextOf(page);
      await bidi
        .send('script.callFunction', {
          functionDeclaration: GUARD_CLICK,
          target: { context },
          arguments: [{ sharedId }],
          awaitPromise: false,
        })
        .catch(() => undefined);
      const sent = await bidi
        .send('input.performActions', {
          context,
          actions: [
            {
              type: 'pointer',
              id: 'driver-mouse',
              parameters: { pointerType: 'mouse' },
              actions: [
                { type: 'pointerMove', x: 0, y: 0, origin: { type: 'element', element: { sharedId } } },
                { type: 'pointerDown', button: 0 },
                { type: 'pointerUp', button: 0 },
              ],
            },
          ],
        })
        .then(
          () => true,
          // Gone or moved out of view between the look and the click (a view re-rendered): look again.
          () => false,
        );
      // The page may have gone with the click (a navigation): then the click landed.
      const landed = await bidi
        .send('script.callFunction', { functionDeclaration: CLICK_LANDED, target: { context }, awaitPromise: false })
        .then(
          (r) => {
            const answer = r.result as { type: string; result?: { type?: string; value?: unknown } };
            return answer.type !== 'success' || answer.result?.value !== false;
          },
          () => true,
        );
      if (sent && landed) return;
    }
    if (Date.now() > deadline) {
      // What the member would see instead, so a failure in CI says why (e.g. the button there but disabled).
      const says = await pageSays(() => page.evaluate(() => document.body?.innerText ?? ''));
      throw new Error(
        `Nothing shown and enabled named "${name}"${role ? ` (${role})` : ''} within ${STEP_WAIT_MS} ms (${found} found). ${says}`,
      );
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
      // Cleared as a member would select all and delete, then typed: the page sees real input events. (A triple
      // click selected nothing of a question field's earlier text in Firefox, which the check below caught.)
      await clickShown(page, label);
      // The click's focus is on the field before the keys go.
      await page
        .waitForFunction(
          () => {
            const el = document.activeElement;
            return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement;
          },
          { timeout: STEP_WAIT_MS, polling: 50 },
        )
        .catch(async (error: unknown) => {
          const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
          throw new Error(`The click on "${label}" left the focus on ${focused}.`, { cause: error });
        });
      await page.keyboard.down('Control');
      await page.keyboard.press('a');
      await page.keyboard.up('Control');
      await page.keyboard.press('Backspace');
      await page.keyboard.type(value);
      // The name may find the <label>, whose click focuses its field: what the focused field holds is checked.
      const holds = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value);
      if (holds !== value)
        throw new Error(`The field "${label}" holds ${JSON.stringify(holds)} after typing ${JSON.stringify(value)}.`);
    },
    async click(role, name) {
      await toFront(page);
      // A real click, so a user gesture (element.click() in the page would not be).
      await clickShown(page, name, role);
    },
    async waitForText(text, timeoutMs = STEP_WAIT_MS) {
      try {
        await page.waitForFunction(pageHoldsText, { timeout: timeoutMs, polling: 100 }, text);
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

/**
 * Sets an integer pref in the running Firefox, which applies it at once (the system theme's pref repaints every
 * page in the other scheme): evaluated in the browser's own window, which --remote-allow-system-access opens to
 * WebDriver BiDi ("moz:scope": "chrome"). Puppeteer's media emulation is DevTools-only, which Firefox lacks.
 */
async function setPrefLive(browser: Browser, name: string, value: number): Promise<void> {
  const bidi = bidiOf(browser);
  const tree = (await bidi.send('browsingContext.getTree', { 'moz:scope': 'chrome' })).result as {
    contexts: { context: string }[];
  };
  const chrome = tree.contexts[0]?.context;
  if (!chrome)
    throw new Error('Firefox showed no window of its own to set a pref in: is --remote-allow-system-access on?');
  const done = (
    await bidi.send('script.evaluate', {
      expression: `Services.prefs.setIntPref(${JSON.stringify(name)}, ${Number(value)}); Services.prefs.getIntPref(${JSON.stringify(name)})`,
      target: { context: chrome },
      awaitPromise: false,
    })
  ).result as { type: string; result?: { value?: unknown } };
  if (done.type !== 'success' || done.result?.value !== value)
    throw new Error(`Firefox did not take the pref ${name} = ${value}: ${JSON.stringify(done)}`);
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
  // Downloads go to a folder of this run, not the machine's own Downloads; removed with the profile.
  const downloads = mkdtempSync(path.join(tmpdir(), 'e2e-firefox-downloads-'));
  const prefs = {
    'extensions.webextensions.uuids': JSON.stringify({ [geckoId(dir)]: uuid }),
    // A temporary add-on is removed when Firefox closes: its storage and address are kept for the restart test,
    // which installs it again, as a member's installed add-on would simply still be there.
    'extensions.webextensions.keepStorageOnUninstall': true,
    'extensions.webextensions.keepUuidOnUninstall': true,
    // What prefers-color-scheme answers: Firefox reads the system's theme from this pref.
    'ui.systemUsesDarkTheme': options.colorScheme === 'dark' ? 1 : 0,
    'browser.download.folderList': 2,
    'browser.download.dir': downloads,
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
    async setColorScheme(scheme) {
      prefs['ui.systemUsesDarkTheme'] = scheme === 'dark' ? 1 : 0;
      await setPrefLive(browser, 'ui.systemUsesDarkTheme', prefs['ui.systemUsesDarkTheme']);
    },
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
      rmSync(downloads, { recursive: true, force: true });
    },
  };
}
