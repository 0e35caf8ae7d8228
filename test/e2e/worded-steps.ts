/**
 * The member's steps in Chromium in any language the extension ships: each control is found by its name in
 * that language (test/i18n/words.ts), so the screenshots and the store pictures walk the same path in English,
 * German or Japanese. Free of vitest, for scripts/.
 */
import type { Locator, Page } from 'playwright-core';
import type { Words } from '../i18n/words';
import type { LoadedExtension } from './browser';
import { FIND_MENU_ID, WAIT_MS } from './harness';

export const AGENT = 'Postgres Tuning Guild';

export function tab(panel: Page, w: Words, key: string): Locator {
  return panel.getByRole('navigation', { name: w('app.sections') }).getByRole('button', { name: w(key), exact: true });
}

/** Connects with a fresh code and takes in the privacy line; resolves on the find view. */
export async function connectIn(panel: Page, w: Words, siteUrl: string, code: string): Promise<void> {
  await panel.getByLabel(w('connect.address')).fill(siteUrl);
  await panel.getByLabel(w('connect.code')).fill(code);
  await panel.getByRole('button', { name: w('connect.connect'), exact: true }).click();
  await panel.getByRole('navigation', { name: w('app.sections') }).waitFor({ timeout: WAIT_MS });
  await panel.getByRole('button', { name: w('status.readThis') }).click();
}

/** The find region for exactly `text` once its agents are listed. */
function findRegion(panel: Page, w: Words, sourceKey: string, text: string): Locator {
  return panel
    .getByRole('region', { name: w(sourceKey) })
    .filter({ has: panel.locator('.untrusted.quote').getByText(text, { exact: true }) })
    .filter({ has: panel.getByRole('list', { name: w('find.agentsFound') }) });
}

export async function findTypedIn(panel: Page, w: Words, text: string): Promise<void> {
  await panel.getByLabel(w('find.fieldLabel')).fill(text);
  await panel.getByRole('button', { name: w('find.submit') }).click();
  await findRegion(panel, w, 'find.youSearched', text).waitFor({ timeout: WAIT_MS });
}

/** Selects `target`'s text on its page and clicks the context-menu item on it; waits for the panel's agents. */
export async function findSelectionIn(ext: LoadedExtension, panel: Page, w: Words, target: Locator): Promise<void> {
  const page = target.page();
  await target.selectText();
  const selectionText = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  await ext.serviceWorker.evaluate(
    async ({ menuItemId, selectionText, pageUrl }) => {
      const { chrome } = self as unknown as {
        chrome: {
          contextMenus: { update(id: string, props: object): Promise<void>; onClicked: { dispatch(info: object, tab: unknown): void } };
          tabs: { query(q: object): Promise<unknown[]> };
        };
      };
      await chrome.contextMenus.update(menuItemId, {});
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      chrome.contextMenus.onClicked.dispatch({ menuItemId, selectionText, pageUrl, editable: false, frameId: 0 }, tab);
    },
    { menuItemId: FIND_MENU_ID, selectionText, pageUrl: page.url() },
  );
  await findRegion(panel, w, 'find.fromSelectionMenu', selectionText.trim()).waitFor({ timeout: WAIT_MS });
}

export async function previewIn(panel: Page, w: Words, kind: 'apply' | 'question', text: string): Promise<void> {
  await panel.getByRole('button', { name: w('agentCard.previewLabel', { agent: AGENT }) }).first().click();
  if (kind === 'question') {
    await panel.getByRole('radio', { name: w('preview.kindQuestion') }).check();
    await panel.getByLabel(w('preview.question'), { exact: true }).fill(text);
  } else {
    await panel.getByLabel(w('preview.details'), { exact: true }).fill(text);
  }
  await panel.getByRole('region', { name: new RegExp(`^${escapeRegExp(w.opening('preview.beforeItRuns'))}`) }).waitFor({ timeout: WAIT_MS });
}

export async function startAndWaitIn(panel: Page, w: Words): Promise<void> {
  await panel.getByRole('button', { name: w('preview.start') }).click({ timeout: WAIT_MS });
  await panel
    .getByRole('article', { name: w('result.label') })
    .getByRole('status')
    .filter({ hasText: w('words.callStatus.passed') })
    .waitFor({ timeout: WAIT_MS });
}

/**
 * The first call's answer may carry the privacy line again (G8: the panel shows it until the member has read
 * it): the member reads it, as they would before looking at the result.
 */
export async function readPrivacyLineIn(panel: Page, w: Words): Promise<void> {
  const read = panel.getByRole('button', { name: w('status.readThis') });
  if (await read.isVisible()) await read.click();
}

/** From a preview of an apply call: starts a plan session and waits for its questions. */
export async function planSessionIn(panel: Page, w: Words): Promise<void> {
  await panel.getByRole('button', { name: w('startSession.plan'), exact: true }).click();
  await panel.getByRole('heading', { name: w('questions.heading') }).waitFor({ timeout: WAIT_MS });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
