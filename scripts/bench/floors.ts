/**
 * The floor of each timing: the same kind of work with none of ours in it, measured in the same run and
 * interleaved with the timing, so a busy machine slows both and their ratio says what our code costs. Each
 * floor is timed where its timing is (the panel's page, its IndexedDB, a worker), by the same clock.
 */
import { copyFile, cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import * as z from 'zod/mini';

/** The bare page of the panel: sidepanel.html's own HTML and stylesheet, no script. Written into the build. */
export const FLOOR_PAGE = 'bench-floor.html';

/** sidepanel.html's HTML and stylesheet without its scripts. */
async function barePanelHtml(buildDir: string): Promise<string> {
  const html = await readFile(path.join(buildDir, 'sidepanel.html'), 'utf8');
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/g, '')
    .replace(/<body([^>]*)>/, '<body$1><main><p>Agent Connection</p></main>');
}

/** Writes the floor page beside sidepanel.html in a built extension (the bench's build, never a store one). */
export async function writeFloorPage(buildDir: string): Promise<void> {
  await writeFile(path.join(buildDir, FLOOR_PAGE), await barePanelHtml(buildDir));
}

/** Opens the bare page in a new tab: ms from its navigation's start to its first contentful paint. */
export async function openFloorTimed(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => (performance.getEntriesByName('first-contentful-paint')[0] as PerformanceEntry).startTime);
}

/** One animation frame in the page: the median gap between 11 successive frames. */
export function frameMs(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const stamps: number[] = [];
        const tick = (t: number) => {
          stamps.push(t);
          if (stamps.length < 12) {
            requestAnimationFrame(tick);
            return;
          }
          const gaps = stamps
            .slice(1)
            .map((s, i) => s - (stamps[i] as number))
            .sort((a, b) => a - b);
          resolve(gaps[Math.floor(gaps.length / 2)] as number);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/**
 * The floor of a cached list: the same rows read raw from the extension's IndexedDB by the same index, and
 * their text put in the page as plain text nodes (one list item each), timed until they are in the document.
 */
export function rawListMs(
  page: Page,
  read: { index: string; key: string | null; limit: number; fields: string[]; store?: 'calls' | 'sessions' },
): Promise<number> {
  return page.evaluate(
    (r) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        const open = indexedDB.open('agent-connection');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const name = r.store ?? 'calls';
          const store = db.transaction(name).objectStore(name);
          const index = store.index(r.index);
          const show = (rows: unknown[]) => {
            db.close();
            const list = document.createElement('ul');
            for (const row of rows) {
              const item = document.createElement('li');
              for (const field of r.fields) {
                const value = field
                  .split('.')
                  .reduce<unknown>(
                    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
                    row,
                  );
                item.append(document.createTextNode(typeof value === 'string' ? value : JSON.stringify(value ?? '')));
              }
              list.append(item);
            }
            document.body.append(list);
            const ms = performance.now() - start;
            list.remove();
            resolve(ms);
          };
          // The fastest raw read of the rows: one request where the browser has IndexedDB 3's getAll with
          // a direction (as Dexie and the panel read a page), a cursor walked row by row where it does not.
          const range = r.key === null ? null : IDBKeyRange.only(r.key);
          if ('getAllRecords' in store) {
            const all = (index.getAll as unknown as (o: object) => IDBRequest<unknown[]>).call(index, {
              query: range,
              count: r.limit,
              direction: 'prev',
            });
            all.onerror = () => reject(all.error);
            all.onsuccess = () => show(all.result);
            return;
          }
          const cursor = index.openCursor(range, 'prev');
          const rows: unknown[] = [];
          cursor.onerror = () => reject(cursor.error);
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (c && rows.length < r.limit) {
              rows.push(c.value);
              c.continue();
              return;
            }
            show(rows);
          };
        };
      }),
    read,
  );
}

/**
 * The session view's floor: the same reads the view makes (the session's row by its key, and the calls cached
 * in it by the sessionId index), then the text the view shows of the results it lists at open (the newest
 * `listed`) put in the page as plain text nodes: each one's header, call name and status, and the note of the
 * newest `shownWhole` (the ones the view shows whole; earlier ones are folded to those three lines). The
 * session's results live in its row, not in call rows.
 */
export function rawSessionMs(page: Page, sessionId: string, shown: { listed: number; whole: number }): Promise<number> {
  return page.evaluate(
    ({ id, listed, whole }) =>
      new Promise<number>((resolve, reject) => {
        const start = performance.now();
        const open = indexedDB.open('agent-connection');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['sessions', 'calls']);
          const row = tx.objectStore('sessions').get(id);
          // Read as the view reads them; the bench's session has none cached.
          tx.objectStore('calls').index('sessionId').getAll(IDBKeyRange.only(id));
          tx.onerror = () => reject(tx.error);
          tx.oncomplete = () => {
            db.close();
            type Text = { untrustedText?: string } | null | undefined;
            type Result = { header?: string; untrustedCallName?: Text; status?: string; note?: Text };
            const results = (row.result as { session?: { results?: Result[] } } | undefined)?.session?.results ?? [];
            const list = document.createElement('ul');
            results.slice(Math.max(0, results.length - listed)).forEach((result, index, shownResults) => {
              const item = document.createElement('li');
              item.append(document.createTextNode(result.header ?? ''));
              item.append(document.createTextNode(result.untrustedCallName?.untrustedText ?? ''));
              item.append(document.createTextNode(result.status ?? ''));
              if (index >= shownResults.length - whole)
                item.append(document.createTextNode(result.note?.untrustedText ?? ''));
              list.append(item);
            });
            document.body.append(list);
            const ms = performance.now() - start;
            list.remove();
            resolve(ms);
          };
        };
      }),
    { id: sessionId, ...shown },
  );
}

/**
 * The feature floor: a second extension with our manifest's features (its permissions, host permissions,
 * action, command, side panel and locales) whose worker does what the browser's side of ours does and none of
 * our code: a listener on each event ours listens to, IndexedDB opened and a row read, both storage areas read,
 * an alarm, an i18n message, the badge set; its panel page (FLOOR_PANEL) is sidepanel.html's HTML and
 * stylesheet with no script. Its worker marks when its listeners are registered, as ours does, so it is also
 * the floor of our worker's start. Loaded beside ours; what ours holds beyond it is what our code costs.
 */
export const FLOOR_WORKER_MARK = 'floor:listeners-registered';
export const FLOOR_PANEL = 'panel.html';
const FLOOR_WORKER = 'worker.js';

/** The features the floor's worker uses, for the bench's method text. */
export const FLOOR_FEATURES =
  'our manifest’s permissions, action, command, side panel and locales; a listener on each of the nine events ours listens to; IndexedDB opened and a row read; storage.local and storage.session read; an alarm; an i18n message; the badge’s text, colour and title set';

/** The floor's worker, as plain script: nothing of ours runs in it. */
const FLOOR_WORKER_SOURCE = `const noop = () => undefined;
chrome.runtime.onMessage.addListener(noop);
chrome.runtime.onMessageExternal.addListener((message, sender, reply) => { reply(true); });
chrome.alarms.onAlarm.addListener(noop);
chrome.contextMenus.onClicked.addListener(noop);
chrome.commands.onCommand.addListener(noop);
chrome.notifications.onClicked.addListener(noop);
chrome.windows.onFocusChanged.addListener(noop);
chrome.tabs.onRemoved.addListener(noop);
chrome.action.onClicked.addListener(noop);
chrome.runtime.onInstalled.addListener(() => {
  chrome.contextMenus.create({ id: 'floor', title: chrome.i18n.getMessage('ext_name'), contexts: ['selection'] });
  chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(noop);
});
performance.mark(${JSON.stringify(FLOOR_WORKER_MARK)});
const open = indexedDB.open('floor', 1);
open.onupgradeneeded = () => open.result.createObjectStore('rows');
open.onsuccess = () => { open.result.transaction('rows').objectStore('rows').get('current'); };
chrome.storage.local.get(null).catch(noop);
chrome.storage.session.get(null).catch(noop);
chrome.alarms.create('floor', { delayInMinutes: 1440 }).catch(noop);
chrome.action.setBadgeText({ text: '' }).catch(noop);
chrome.action.setBadgeBackgroundColor({ color: '#1d4ed8' }).catch(noop);
chrome.action.setTitle({ title: chrome.i18n.getMessage('ext_actionTitle') }).catch(noop);
`;

/** The floor extension's worker, once the browser has started it. */
export async function floorWorkerOf(context: BrowserContext): Promise<Worker> {
  const isFloor = (w: Worker) => w.url().endsWith(`/${FLOOR_WORKER}`);
  return (
    context.serviceWorkers().find(isFloor) ??
    (await context.waitForEvent('serviceworker', { predicate: isFloor, timeout: 30_000 }))
  );
}

const ManifestSchema = z.looseObject({
  commands: z.optional(z.record(z.string(), z.looseObject({ description: z.optional(z.string()) }))),
});

/** Writes the floor extension beside `buildDir`'s manifest features: its folder. */
export async function writeFloorExtension(buildDir: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-floor-ext-'));
  const ours = ManifestSchema.parse(JSON.parse(await readFile(path.join(buildDir, 'manifest.json'), 'utf8')));
  // Our manifest with the floor's worker and panel; the command keeps no key (two extensions cannot share one).
  const { options_ui: _options, ...features } = ours;
  const commands = Object.fromEntries(
    Object.entries(ours.commands ?? {}).map(([name, c]) => [name, { description: c.description }]),
  );
  await writeFile(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      ...features,
      commands,
      background: { service_worker: FLOOR_WORKER },
      side_panel: { default_path: FLOOR_PANEL },
    }),
  );
  await writeFile(path.join(dir, FLOOR_WORKER), FLOOR_WORKER_SOURCE);
  const html = await barePanelHtml(buildDir);
  await writeFile(path.join(dir, FLOOR_PANEL), html);
  for (const sheet of [...[...html.matchAll(/href="\/([^"]+\.css)"/g)].map((m) => m[1] as string)]) {
    await mkdir(path.dirname(path.join(dir, sheet)), { recursive: true });
    await copyFile(path.join(buildDir, sheet), path.join(dir, sheet));
  }
  for (const folder of ['_locales', 'icon'])
    await cp(path.join(buildDir, folder), path.join(dir, folder), { recursive: true });
  return dir;
}
