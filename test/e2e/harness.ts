/**
 * What the browser tests, the demo and the bench share: an emulator started in this process with a typed
 * client for its control API (the background's emulator unit tests use these two as well), and the member's steps in the panel (connect, find from a selection, preview,
 * start). Free of vitest, so scripts/ can use it too; every step waits for the state it leads to.
 */
import type { Locator, Page } from 'playwright-core';
import { type EmulatorOptions, type Profile, type RunningEmulator, startEmulator } from '../../emulator/index';
import type { RequestLogRec } from '../../emulator/store';
import { type LoadedExtension, launchExtension } from './browser';
import { playwrightPage } from './chromium-driver';
import { connect, fillConnectForm as fillConnectFormStep } from './journey';

/** The context-menu item's id (entrypoints/background/menus.ts). */
export const FIND_MENU_ID = 'find-selection';

export { GUILD_HEADER } from './journey';

/** Long enough for a call of the seed (a few seconds) and its polls; short enough to fail with a message. */
export const WAIT_MS = 30_000;

/** A request as the emulator's log keeps it (GET /_emulator/requests). */
export type LoggedRequest = RequestLogRec;

export interface MadeCode {
  code: string;
  connectionId: string;
  memberId: string;
  expiresAt: string;
}

export interface EmulatorSession {
  sessionId: string;
  memberId: string;
  agentId: string;
  way: string | null;
  status: string;
  calls: number;
}

export interface FaultSpec {
  method?: string;
  path: string;
  status?: number;
  code?: string;
  retryAfter?: number;
  delayMs?: number;
  drop?: boolean;
  count?: number;
}

/** The emulator's control API (emulator/README.md), as the member on the site and as the site itself. */
export class EmulatorControl {
  constructor(readonly url: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}/_emulator${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  reset(): Promise<unknown> {
    return this.call('POST', '/reset');
  }

  connectCode(options: Record<string, unknown> = {}): Promise<MadeCode> {
    return this.call<MadeCode>('POST', '/connect-codes', options);
  }

  patchConnection(connectionId: string, body: Record<string, unknown>): Promise<unknown> {
    return this.call('PATCH', `/connections/${connectionId}`, body);
  }

  revoke(connectionId: string): Promise<unknown> {
    return this.call('POST', `/connections/${connectionId}/revoke`);
  }

  /** Moves the site's clock on (the emulator started with realTime off moves only so). */
  advanceClock(seconds: number): Promise<unknown> {
    return this.call('POST', '/clock', { advanceSeconds: seconds });
  }

  fault(spec: FaultSpec): Promise<unknown> {
    return this.call('POST', '/faults', spec);
  }

  async requests(prefix = '/api/'): Promise<LoggedRequest[]> {
    return (await this.call<{ requests: LoggedRequest[] }>('GET', `/requests?path=${encodeURIComponent(prefix)}`)).requests;
  }

  clearRequests(): Promise<unknown> {
    return this.call('DELETE', '/requests');
  }

  async sessions(memberId?: string): Promise<EmulatorSession[]> {
    const query = memberId ? `?memberId=${encodeURIComponent(memberId)}` : '';
    return (await this.call<{ sessions: EmulatorSession[] }>('GET', `/sessions${query}`)).sessions;
  }

  /** GETs of signed file links: on the site (/api/v1/files/, default profile) or the strict file host (/dl/). */
  async fileGets(): Promise<LoggedRequest[]> {
    const all = [...(await this.requests('/api/v1/files/')), ...(await this.requests('/dl/'))];
    return all.filter((r) => r.method === 'GET').sort((a, b) => a.at.localeCompare(b.at));
  }

  /** The POST /calls requests (starts, not stop or report). */
  async callStarts(): Promise<LoggedRequest[]> {
    return (await this.requests('/api/v1/calls')).filter((r) => r.method === 'POST' && r.path === '/api/v1/calls');
  }
}

export interface TestEmulator {
  url: string;
  control: EmulatorControl;
  /** The emulator's state, for in-process tools (the bench reads a call's timeline); tests use HTTP. */
  raw: RunningEmulator;
  close(): Promise<void>;
}

/** Both emulator profiles: the e2e suites that cover the member's journey run against each. */
export const PROFILES: readonly Profile[] = ['default', 'strict'];

export async function startTestEmulator(options: Pick<EmulatorOptions, 'port' | 'clock' | 'profile' | 'seed'> = {}): Promise<TestEmulator> {
  const raw = await startEmulator({ port: options.port ?? 0, clock: options.clock, profile: options.profile, seed: options.seed });
  return { url: raw.url, control: new EmulatorControl(raw.url), raw, close: () => raw.close() };
}

/** What a browser test file starts from: the emulator, Chromium with the e2e build loaded, and the panel's page. */
export interface PanelWithEmulator {
  emu: TestEmulator;
  ext: LoadedExtension;
  panel: Page;
}

/** Starts the emulator, then Chromium, then opens the panel; a step that fails closes what was started before it. */
export async function openPanelWithEmulator(profile: Profile = 'default'): Promise<PanelWithEmulator> {
  const emu = await startTestEmulator({ profile });
  let ext: LoadedExtension | undefined;
  try {
    ext = await launchExtension();
    return { emu, ext, panel: await ext.openPanel() };
  } catch (error) {
    await closePanelWithEmulator({ emu, ext });
    throw error;
  }
}

/** Closes the browser, then the emulator; either may be missing (a start that failed half-way). */
export async function closePanelWithEmulator({ emu, ext }: { emu?: TestEmulator; ext?: LoadedExtension }): Promise<void> {
  await ext?.close();
  await emu?.close();
}

/** Fills the connect form by its labels, without connecting (the demo leaves the click to the member). */
export function fillConnectForm(panel: Page, siteUrl: string, code: string): Promise<void> {
  return fillConnectFormStep(playwrightPage(panel), siteUrl, code);
}

/** Fills the connect form and connects; resolves once the panel shows the connected view (journey.ts's step). */
export async function connectPanel(panel: Page, siteUrl: string, code: string): Promise<void> {
  await connect(playwrightPage(panel), siteUrl, code);
  await panel.getByRole('navigation', { name: 'Panel sections' }).waitFor({ timeout: WAIT_MS });
}

/** A web page (not the site) with an article to select from; served by Playwright, no network. */
export async function openArticle(ext: LoadedExtension, paragraphs: string[]): Promise<Page> {
  const url = 'https://articles.example/today';
  await ext.context.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      // Text content set through the DOM below, so markup in a paragraph stays text on this page too.
      body: '<!doctype html><html lang="en"><head><title>An article</title></head><body><main></main></body></html>',
    }),
  );
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.evaluate((texts) => {
    const main = document.querySelector('main');
    texts.forEach((text, i) => {
      const p = document.createElement('p');
      p.id = `p${i}`;
      p.textContent = text;
      main?.append(p);
    });
  }, paragraphs);
  return page;
}

interface MenuChrome {
  chrome: {
    tabs: { query(q: { active: boolean; lastFocusedWindow: boolean }): Promise<{ id?: number; windowId: number }[]> };
    contextMenus: {
      update(id: string, props: Record<string, never>): Promise<void>;
      // Chrome's event objects carry dispatch(); Playwright cannot click a context menu, so the test sends
      // the click through the same event the background listens to.
      onClicked: { dispatch(info: Record<string, unknown>, tab?: unknown): void };
    };
  };
}

/**
 * Selects `target`'s text in its page and clicks "Find AI Agents for …" on it: the menu item must exist
 * (update() rejects an unknown id), and the click goes through chrome.contextMenus.onClicked, the listener
 * the background registered. Resolves with the selected text.
 */
export async function findFromSelection(ext: LoadedExtension, target: Locator): Promise<string> {
  const page = target.page();
  await page.bringToFront();
  await target.selectText();
  const selectionText = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  await ext.serviceWorker.evaluate(
    async ({ menuItemId, selectionText, pageUrl }) => {
      const { chrome } = self as unknown as MenuChrome;
      await chrome.contextMenus.update(menuItemId, {});
      const [tab] = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
      chrome.contextMenus.onClicked.dispatch({ menuItemId, selectionText, pageUrl, editable: false, frameId: 0 }, tab);
    },
    { menuItemId: FIND_MENU_ID, selectionText, pageUrl: page.url() },
  );
  return selectionText;
}

/** The notifications the extension has on screen, by id (chrome.notifications.getAll, in the worker). */
export function notificationIds(ext: LoadedExtension): Promise<string[]> {
  return ext.serviceWorker.evaluate(async () => {
    const { chrome } = self as unknown as { chrome: { notifications: { getAll(): Promise<Record<string, boolean>> } } };
    return Object.keys(await chrome.notifications.getAll());
  });
}

/**
 * The panel's latest find once it shows agents for exactly `text`, so an earlier find's cards never pass for
 * it. `source` is the find's heading: "From your selection (menu)" or "You searched for".
 */
export async function waitForFind(panel: Page, source: string, text: string): Promise<Locator> {
  const region = panel
    .getByRole('region', { name: source })
    .filter({ has: panel.locator('.untrusted.quote').getByText(text, { exact: true }) })
    .filter({ has: panel.getByRole('list', { name: 'Agents found' }) });
  await region.waitFor({ timeout: WAIT_MS });
  return region;
}

/** Types a find into the panel's own field and waits for its agents. */
export async function findInPanel(panel: Page, text: string): Promise<Locator> {
  await panel.getByLabel('What do you need?').fill(text);
  await panel.getByRole('button', { name: 'Find agents' }).click();
  return waitForFind(panel, 'You searched for', text);
}

/** The agents listed by the latest find in the panel. */
export function agentCards(within: Page | Locator): Locator {
  return within.getByRole('list', { name: 'Agents found' }).getByRole('listitem');
}

export interface CallChoice {
  /** The agent's name as its card's button says it: "Preview a call to {name}". */
  agentName: string;
  kind: 'apply' | 'question';
  /** The question (question calls) or the details (apply calls). */
  text: string;
}

/** Opens the preview for an agent from the latest find, chooses the kind, types, and waits for the preview. */
export async function openPreview(panel: Page, choice: CallChoice): Promise<Locator> {
  await panel.getByRole('button', { name: `Preview a call to ${choice.agentName}` }).click();
  if (choice.kind === 'question') {
    await panel.getByRole('radio', { name: /^Question/ }).check();
    await panel.getByLabel('Your question').fill(choice.text);
  } else {
    await panel.getByLabel(/^Details/).fill(choice.text);
  }
  const preview = panel.getByRole('region', { name: /^Before it runs/ });
  await preview.waitFor({ timeout: WAIT_MS });
  return preview;
}

/** Starts the call from the preview; resolves once the panel shows the call. */
export async function startCall(panel: Page): Promise<Locator> {
  // click() waits until the button is enabled (nothing blocks the start).
  await panel.getByRole('button', { name: 'Start the call' }).click({ timeout: WAIT_MS });
  const call = panel.locator('section.call');
  await call.waitFor({ timeout: WAIT_MS });
  return call;
}

/** The result article of the call on screen, once its status reads `statusWords`. */
export async function waitForResult(panel: Page, statusWords: string | RegExp): Promise<Locator> {
  const result = panel.getByRole('article', { name: 'Call result' });
  await result.getByRole('status').filter({ hasText: statusWords }).waitFor({ timeout: WAIT_MS });
  return result;
}
