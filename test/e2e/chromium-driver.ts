/** The shared driver (driver.ts) on Playwright and Debian's Chromium, over the e2e build (browser.ts). */
import type { Page } from 'playwright-core';
import { type LaunchOptions, type LoadedExtension, launchExtension } from './browser';
import { type ExtensionBrowser, PANEL_HEIGHT, type PageDriver, STEP_WAIT_MS, textMissing } from './driver';

export function playwrightPage(page: Page): PageDriver {
  return {
    url: () => page.url(),
    fill: (label, value) => page.getByLabel(label, { exact: true }).fill(value, { timeout: STEP_WAIT_MS }),
    click: (role, name) => page.getByRole(role, { name, exact: true }).first().click({ timeout: STEP_WAIT_MS }),
    async waitForText(text, timeoutMs = STEP_WAIT_MS) {
      try {
        await page.waitForFunction((t) => document.body?.innerText.includes(t) ?? false, text, { timeout: timeoutMs });
      } catch (error) {
        throw new Error(await textMissing(text, timeoutMs, () => page.evaluate(() => document.body?.innerText ?? '')), { cause: error });
      }
    },
    text: () => page.evaluate(() => document.body?.innerText ?? ''),
    // Playwright's own types unbox handles in the argument; the shared steps pass plain JSON only.
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg as unknown),
    async runSource(source) {
      await page.evaluate(source);
    },
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    setWidth: (px) => page.setViewportSize({ width: px, height: PANEL_HEIGHT }),
    bringToFront: () => page.bringToFront(),
    close: () => page.close(),
  };
}

/** Chromium with the e2e build loaded, as the shared steps see it; `loaded` for what only Chromium has. */
export async function launchChromium(options: LaunchOptions = {}): Promise<ExtensionBrowser & { loaded: LoadedExtension }> {
  const loaded = await launchExtension(options);
  const version = `chromium/${loaded.context.browser()?.version() ?? '?'}`;
  return {
    name: 'chromium',
    version,
    loaded,
    openPanel: async () => playwrightPage(await loaded.openPanel()),
    async openOptions() {
      const page = await loaded.context.newPage();
      await page.goto(`chrome-extension://${loaded.extensionId}/options.html`);
      return playwrightPage(page);
    },
    async openExtensionPage(path) {
      const page = await loaded.context.newPage();
      await page.goto(`chrome-extension://${loaded.extensionId}${path}`);
      return playwrightPage(page);
    },
    async openPage(url) {
      const page = await loaded.context.newPage();
      await page.goto(url);
      return playwrightPage(page);
    },
    async pageOpenedBy(prefix, action) {
      const opened = loaded.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(prefix), timeout: STEP_WAIT_MS });
      await action();
      const page = await opened;
      await page.waitForLoadState();
      return playwrightPage(page);
    },
    close: () => loaded.close(),
  };
}
