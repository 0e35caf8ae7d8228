import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page, type Worker } from 'playwright-core';
import { bcp47 } from './driver';

/** The e2e build: the production build plus the loopback emulator granted at install (wxt.config.ts). */
export const EXTENSION_DIR = path.resolve(import.meta.dirname, '../../.output/chrome-mv3-e2e');
/** The production build, as a member installs it. */
export const PRODUCTION_DIR = path.resolve(import.meta.dirname, '../../.output/chrome-mv3');

/** Debian's Chromium unless CHROMIUM_PATH says otherwise. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export interface LoadedManifest {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
}

interface ChromeGlobal {
  chrome: { runtime: { getManifest(): LoadedManifest } };
}

export interface LoadedExtension {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** The manifest as the browser loaded it. */
  manifest(): Promise<LoadedManifest>;
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
  /** Other unpacked extensions loaded beside ours (the bench's floor worker). */
  alsoLoad?: string[];
  /** Default true: Playwright closes the browser on Ctrl-C and exits. The demo closes things itself. */
  handleSignals?: boolean;
  /**
   * The browser's interface language (a locale the extension ships, e.g. "de", "ja"); default English, so the
   * tests' and scripts' English names hold on a machine set to another language.
   */
  language?: string;
}

/** Launches Chromium headless with the built extension loaded and waits for its service worker. */
export async function launchExtension(options: LaunchOptions = {}): Promise<LoadedExtension> {
  const extensionDir = options.extensionDir ?? EXTENSION_DIR;
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error(`No built extension at ${extensionDir}: run "npm run build:e2e" first.`);
  }
  const profile = await mkdtemp(path.join(tmpdir(), 'ext-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: options.headless ?? true,
    ...(options.viewport !== undefined ? { viewport: options.viewport } : {}),
    colorScheme: options.colorScheme ?? 'light',
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
  // Ours is the worker named background.js (WXT's); another extension loaded beside it has its own.
  const ours = (w: Worker) => w.url().startsWith('chrome-extension://') && w.url().endsWith('/background.js');
  const serviceWorker =
    context.serviceWorkers().find(ours) ?? (await context.waitForEvent('serviceworker', ours));
  const extensionId = new URL(serviceWorker.url()).host;
  return {
    context,
    extensionId,
    serviceWorker,
    manifest() {
      return serviceWorker.evaluate(() => (self as unknown as ChromeGlobal).chrome.runtime.getManifest());
    },
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
