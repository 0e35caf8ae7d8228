/**
 * The shared driver (driver.ts) on Playwright and Debian's Chromium: the e2e build loaded unpacked in a fresh
 * profile. What only Chromium has (its service worker, the DevTools protocol, Playwright's own pages for the
 * screenshots and the bench) stays reachable through `loaded`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import {
  bcp47,
  type ColorScheme,
  type ExtensionBrowser,
  PANEL_HEIGHT,
  type PageDriver,
  STEP_WAIT_MS,
  pageHoldsText,
  textMissing,
} from './driver';

/** The e2e build: the production build plus the loopback emulator granted at install (wxt.config.ts). */
export const EXTENSION_DIR = path.resolve(import.meta.dirname, '../../.output/chrome-mv3-e2e');

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export interface LoadedExtension {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens the side panel's page in a tab: Playwright cannot show the real side panel. */
  openPanel(): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Default true. The demo opens a window. */
  headless?: boolean;
  /** The build to load; default the e2e build. */
  extensionDir?: string;
  /** Page size; default Playwright's 1280×720. null: the window's own size (headed). */
  viewport?: { width: number; height: number } | null;
  /** The system's colour scheme the pages see; default light. */
  colorScheme?: 'light' | 'dark';
  /** Device pixels per CSS pixel; default 1. The store's pictures take 2, so their words are crisp. */
  deviceScaleFactor?: number;
  /** Other unpacked extensions loaded beside ours (the bench's floor worker). */
  alsoLoad?: string[];
  /** Default true: Playwright closes the browser on Ctrl-C and exits. The demo closes things itself. */
  handleSignals?: boolean;
  /**
   * The browser's interface language (a locale the extension ships, e.g. "de", "ja"); default English, so the
   * tests' and scripts' English names hold on a machine set to another language.
   */
  language?: string;
  /** A profile folder to start on and keep after close (the bench starts the browser on it again, unattended). */
  profile?: string;
}

/** Launches Chromium headless with the built extension loaded and waits for its service worker. */
export async function launchExtension(options: LaunchOptions = {}): Promise<LoadedExtension> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}: run "npm run build:e2e" first.`);
  }
  const loaded = await startOnProfile(
    options.profile ?? (await mkdtemp(path.join(tmpdir(), 'ext-e2e-'))),
    extensionDir,
    options,
  );
  if (!options.profile) return loaded;
  // The caller's profile outlives the browser: closed, never removed.
  return { ...loaded, close: () => loaded.context.close() };
}

/** Chromium on `profile` (new or kept from a run before) with the extension at `extensionDir` loaded. */
async function startOnProfile(profile: string, extensionDir: string, options: LaunchOptions): Promise<LoadedExtension> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: options.headless ?? true,
    ...(options.viewport !== undefined ? { viewport: options.viewport } : {}),
    colorScheme: options.colorScheme ?? 'light',
    ...(options.deviceScaleFactor !== undefined ? { deviceScaleFactor: options.deviceScaleFactor } : {}),
    locale: bcp47(options.language ?? 'en'),
    handleSIGINT: options.handleSignals ?? true,
    handleSIGTERM: options.handleSignals ?? true,
    args: [
      `--disable-extensions-except=${[extensionDir, ...(options.alsoLoad ?? [])].join(',')}`,
      `--load-extension=${[extensionDir, ...(options.alsoLoad ?? [])].join(',')}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Chromium picks an extension's _locales from its own interface language, which --lang sets.
      `--lang=${bcp47(options.language ?? 'en')}`,
    ],
  });
  const serviceWorker = context.serviceWorkers().find(isOurs) ?? (await context.waitForEvent('serviceworker', isOurs));
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    async openPanel() {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/sidepanel.html`);
      return page;
    },
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Ours is the worker named background.js (WXT's); another extension loaded beside it has its own. */
const isOurs = (w: Worker) => w.url().startsWith('chrome-extension://') && w.url().endsWith('/background.js');

function manifestVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { version: string }).version;
}

/**
 * Our worker once it runs `version` of the extension: an update has happened when the new build's worker runs,
 * not when any worker starts (the old one, woken by its alarm during the swap, started too, and the panel then
 * opened on the extension as it was being replaced).
 */
async function workerOfVersion(context: BrowserContext, version: string): Promise<Worker> {
  const deadline = Date.now() + STEP_WAIT_MS;
  for (;;) {
    for (const worker of context.serviceWorkers().filter(isOurs)) {
      const running = await worker
        .evaluate(
          () =>
            (
              globalThis as unknown as { chrome: { runtime: { getManifest(): { version: string } } } }
            ).chrome.runtime.getManifest().version,
        )
        .catch(() => null);
      if (running === version) return worker;
    }
    if (Date.now() > deadline)
      throw new Error(`No worker of version ${version} ran within ${STEP_WAIT_MS} ms of the update.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Brings the page to the front before a member's action on it, as a member looks at the page they act on. A
 * Chromium tab behind another (the first-run page opens over the panel) gets its frames late, and Playwright,
 * which waits for an element to be stable over two frames before it clicks or types, took about 2 s per action
 * there (measured: connect, find and preview 13.9 s behind the first-run page, 3.1 s in front).
 */
async function toFront(page: Page): Promise<void> {
  await page.bringToFront();
}

export function playwrightPage(page: Page): PageDriver {
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return {
    url: () => page.url(),
    async fill(label, value) {
      await toFront(page);
      await page.getByLabel(label, { exact: true }).fill(value, { timeout: STEP_WAIT_MS });
    },
    async click(role, name) {
      await toFront(page);
      await page.getByRole(role, { name, exact: true }).first().click({ timeout: STEP_WAIT_MS });
    },
    async waitForText(text, timeoutMs = STEP_WAIT_MS) {
      try {
        await page.waitForFunction(pageHoldsText, text, { timeout: timeoutMs });
      } catch (error) {
        throw new Error(await textMissing(text, timeoutMs, () => page.evaluate(() => document.body?.innerText ?? '')), {
          cause: error,
        });
      }
    },
    text: () => page.evaluate(() => document.body?.innerText ?? ''),
    // Playwright's own types unbox handles in the argument; the shared steps pass plain JSON only.
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown),
    async runSource(source) {
      await page.evaluate(source);
    },
    async press(key) {
      await toFront(page);
      await page.keyboard.press(key);
    },
    async type(text) {
      await toFront(page);
      await page.keyboard.type(text);
    },
    setWidth: (px) => page.setViewportSize({ width: px, height: PANEL_HEIGHT }),
    bringToFront: () => page.bringToFront(),
    async screenshot(file) {
      await page.screenshot({ path: file, fullPage: true });
    },
    pageErrors: () => [...errors],
    dialogs: () => [...dialogs],
    close: () => page.close(),
  };
}

/** Chromium with the e2e build loaded, as the shared steps see it; `loaded` for what only Chromium has. */
export type ChromiumBrowser = ExtensionBrowser & { readonly loaded: LoadedExtension };

export async function launchChromium(options: LaunchOptions & { updatable?: boolean } = {}): Promise<ChromiumBrowser> {
  // An update swaps the unpacked files under the browser: the build is loaded from a copy of its own.
  const built = options.extensionDir ?? EXTENSION_DIR;
  const extensionDir = options.updatable ? await mkdtemp(path.join(tmpdir(), 'ext-unpacked-')) : built;
  if (options.updatable) await cp(built, extensionDir, { recursive: true });
  const profile = await mkdtemp(path.join(tmpdir(), 'ext-e2e-'));
  let loaded = await startOnProfile(profile, extensionDir, { ...options, extensionDir });
  const version = `chromium/${loaded.context.browser()?.version() ?? '?'}`;
  const requested: string[] = [];
  // The colour scheme set in place (setColorScheme), given to each page as it opens, whoever opens it.
  let scheme: ColorScheme = options.colorScheme ?? 'light';
  const watchRequests = () => {
    loaded.context.on('request', (request) => requested.push(request.url()));
    loaded.context.on('page', (page) => void page.emulateMedia({ colorScheme: scheme }).catch(() => undefined));
  };
  watchRequests();
  const opened = async (url: string) => {
    const page = await loaded.context.newPage();
    await page.emulateMedia({ colorScheme: scheme });
    const driver = playwrightPage(page);
    await page.goto(url);
    return driver;
  };
  const extensionPage = (pagePath: string) => opened(`chrome-extension://${loaded.extensionId}${pagePath}`);
  // DevTools' ServiceWorker domain, opened on first use: it names the running worker's version to stop.
  let devtools: { stop(): Promise<boolean> } | null = null;
  const workerUrl = loaded.serviceWorker.url();
  return {
    name: 'chromium',
    version,
    get loaded() {
      return loaded;
    },
    extensionOrigin: `chrome-extension://${loaded.extensionId}`,
    openPanel: () => extensionPage('/sidepanel.html'),
    openOptions: () => extensionPage('/options.html'),
    openExtensionPage: extensionPage,
    openPage: opened,
    async pageOpenedBy(prefix, action) {
      const opened = loaded.context.waitForEvent('page', {
        predicate: (p) => p.url().startsWith(prefix),
        timeout: STEP_WAIT_MS,
      });
      await action();
      const page = await opened;
      await page.waitForLoadState();
      return playwrightPage(page);
    },
    requestedUrls: () => [...requested],
    async setColorScheme(next) {
      scheme = next;
      await Promise.all(loaded.context.pages().map((page) => page.emulateMedia({ colorScheme: next })));
    },
    async stopBackground() {
      if (!devtools) {
        const cdp = await loaded.context.newCDPSession(await loaded.context.newPage());
        const running = new Map<string, boolean>();
        cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
          for (const v of event.versions)
            if (v.scriptURL === workerUrl) running.set(v.versionId, v.runningStatus === 'running');
        });
        await cdp.send('ServiceWorker.enable');
        devtools = {
          async stop() {
            const versionId = [...running].find(([, on]) => on)?.[0];
            if (!versionId) return false;
            await cdp.send('ServiceWorker.stopWorker', { versionId });
            return true;
          },
        };
      }
      return devtools.stop();
    },
    async updateExtension(nextDir) {
      if (!options.updatable) throw new Error('Launch with { updatable: true } to update the extension.');
      // As the browser updates an unpacked extension: its files replaced, then a reload, which tears down its
      // pages and worker and starts the new one (runtime.onInstalled with reason "update"; TOOLCHAIN.md).
      await rm(extensionDir, { recursive: true, force: true });
      await cp(nextDir, extensionDir, { recursive: true });
      // Reloaded by runtime.reload() outside developer mode, an extension loaded with --load-extension comes back
      // disabled: chrome://extensions' own API turns developer mode on and reloads it, as the page's button does.
      const page = await loaded.context.newPage();
      await page.goto('chrome://extensions');
      await page.evaluate(async (id) => {
        type Dev = {
          updateProfileConfiguration(c: object, cb: () => void): void;
          reload(id: string, o: object, cb: () => void): void;
        };
        const dev = (globalThis as unknown as { chrome: { developerPrivate: Dev } }).chrome.developerPrivate;
        await new Promise<void>((resolve) => dev.updateProfileConfiguration({ inDeveloperMode: true }, resolve));
        await new Promise<void>((resolve) => dev.reload(id, { failQuietly: true }, resolve));
      }, loaded.extensionId);
      await page.close();
      loaded = { ...loaded, serviceWorker: await workerOfVersion(loaded.context, manifestVersion(nextDir)) };
      devtools = null;
    },
    async restart(whileClosed) {
      // Closed as a member closes the browser; the profile (and the unpacked copy) stay for the next start.
      await loaded.context.close();
      await whileClosed?.();
      loaded = await startOnProfile(profile, extensionDir, { ...options, extensionDir, colorScheme: scheme });
      watchRequests();
      devtools = null;
    },
    async close() {
      await loaded.close();
      if (options.updatable) await rm(extensionDir, { recursive: true, force: true });
    },
  };
}
