/**
 * The bench's measurements, each on the live extension in headless Chromium against the emulator. Times
 * from the browser are epoch milliseconds from `performance.timeOrigin + performance.now()`, read in the
 * page or the worker where the event happens, so no round trip to this process is counted.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { CDPSession, Page } from 'playwright-core';
import { type LoadedExtension, playwrightPage } from '@/testing/browser/chromium';
import { STEP_WAIT_MS as WAIT_MS } from '@/testing/browser/driver';
import type { TestEmulator } from '@/testing/emulator';
import { findTyped, POSTGRES, previewQuestion, startAndWaitForResult } from '@/testing/steps';
import type { Words } from '@/testing/words';
import { PACE_KEY } from '@/lib/notify/pace';

/** The mark entrypoints/background/index.ts sets once every listener is registered. */
const LISTENERS_MARK = 'background:listeners-registered';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `read` until it gives a value; the bench's own waits, bounded so a stuck run fails with a message. */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined | null>,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await sleep(20);
  }
}

/**
 * tsx compiles this file with esbuild's keepNames, which wraps named functions in a `__name` helper; the
 * functions handed to evaluate() run in the browser, where no such helper exists. A no-op one, given as a
 * string so it is not compiled, goes into every page and into the worker.
 */
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((fn) => fn);';

export async function installNameShim(ext: LoadedExtension): Promise<void> {
  await ext.context.addInitScript({ content: NAME_SHIM });
  await ext.serviceWorker.evaluate(NAME_SHIM);
}

/** Gzip at level 9, in KB of 1024 bytes (G7). */
async function gzipKB(file: string): Promise<number> {
  return gzipSync(await readFile(file), { level: 9 }).length / 1024;
}

export async function sumGzipKB(dir: string, files: readonly string[]): Promise<number> {
  let total = 0;
  for (const file of files) total += await gzipKB(path.join(dir, file));
  return total;
}

/** The worker's script and every chunk it imports statically (WXT makes one file today). */
export async function backgroundFiles(buildDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(buildDir, 'manifest.json'), 'utf8')) as {
    background?: { service_worker?: string };
  };
  const entry = manifest.background?.service_worker;
  if (!entry) throw new Error('The manifest names no background service worker.');
  const files = [entry];
  for (let i = 0; i < files.length; i++) {
    const source = await readFile(path.join(buildDir, files[i] as string), 'utf8');
    for (const match of source.matchAll(/(?:import|from)\s*["'](\.{0,2}\/[^"']+\.js)["']/g)) {
      const file = path.posix
        .normalize(path.posix.join(path.posix.dirname(files[i] as string), match[1] as string))
        .replace(/^\//, '');
      if (!files.includes(file)) files.push(file);
    }
  }
  return files;
}

/** The panel page's scripts at open: its module script, its modulepreloads and their static imports. */
export async function panelFiles(dir: string): Promise<string[]> {
  const html = await readFile(path.join(dir, 'sidepanel.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1] as string);
  for (let i = 0; i < files.length; i++) {
    const source = await readFile(path.join(dir, files[i] as string), 'utf8');
    for (const m of source.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${},\s*]+from\s*)?["'](\.{0,2}\/[^"']+\.js)["']/g)) {
      const file = path.posix
        .normalize(path.posix.join(path.posix.dirname(files[i] as string), m[1] as string))
        .replace(/^\//, '');
      if (!files.includes(file)) files.push(file);
    }
  }
  return files;
}

// ------------------------------------------------------------------------------------------------------
// The panel
// ------------------------------------------------------------------------------------------------------

interface BenchWindow {
  __benchCards?: number;
  __benchShown?: Promise<number>;
}

/** Runs in the panel before its own scripts: notes when the first agent card is in the document. */
function watchForCards(): void {
  const w = window as unknown as BenchWindow;
  const seen = () => document.querySelector('ul[aria-label="Agents found"] > li') !== null;
  new MutationObserver((_records, observer) => {
    if (w.__benchCards === undefined && seen()) {
      w.__benchCards = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true });
}

export interface PanelOpen {
  /** From the start of the panel page's navigation to the stored find's cards in the document. */
  ms: number;
  /** The extension's JS files the page requested before its cached content was in the document. */
  jsFiles: string[];
  /** The JS files it requested after that (what the first screen does not need, loaded later). */
  laterFiles: string[];
}

/** Opens the panel's page in a new tab and times it to the cached content (the latest find's cards). */
export async function openPanelTimed(ext: LoadedExtension): Promise<PanelOpen> {
  const page = await ext.context.newPage();
  // Chrome keeps no resource timing for chrome-extension: URLs: each request's instant is noted here instead.
  const requested: { file: string; at: number }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'chrome-extension:' && url.pathname.endsWith('.js'))
      requested.push({ file: url.pathname.replace(/^\//, ''), at: Date.now() });
  });
  await page.addInitScript(watchForCards);
  await page.goto(`chrome-extension://${ext.extensionId}/sidepanel.html`);
  const ms = await until('the cached cards', () =>
    page.evaluate(() => (window as unknown as BenchWindow).__benchCards),
  );
  const shownAt = (await page.evaluate(() => performance.timeOrigin)) + ms;
  await page.waitForLoadState('load');
  // A short settle so that a chunk requested after the cards is seen too (reported, not counted).
  await page.waitForTimeout(300);
  await page.close();
  return {
    ms,
    jsFiles: requested.filter((r) => r.at <= shownAt).map((r) => r.file),
    laterFiles: requested.filter((r) => r.at > shownAt).map((r) => r.file),
  };
}

// ------------------------------------------------------------------------------------------------------
// The worker: a record of API answers and notifications, installed once per worker instance
// ------------------------------------------------------------------------------------------------------

interface BenchRecord {
  answers: { url: string; method: string; at: number }[];
  notified: Record<string, number>;
}

type Callback = (...args: unknown[]) => void;

interface BenchWorker {
  __bench?: BenchRecord;
  fetch: typeof fetch;
  chrome: {
    notifications: { create: (...args: unknown[]) => unknown };
    alarms: { getAll(): Promise<{ name: string; scheduledTime: number }[]> };
  };
}

/**
 * Wraps the worker's fetch (the client calls globalThis.fetch at each request) to note when each answer
 * arrived, and chrome.notifications.create to note when each notification was created.
 */
export async function instrumentWorker(ext: LoadedExtension): Promise<void> {
  await ext.serviceWorker.evaluate(() => {
    const g = self as unknown as BenchWorker;
    if (g.__bench) return;
    const record: BenchRecord = { answers: [], notified: {} };
    g.__bench = record;
    const now = () => performance.timeOrigin + performance.now();
    const realFetch = g.fetch.bind(g);
    g.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      record.answers.push({ url, method: init?.method ?? 'GET', at: now() });
      return response;
    };
    const notifications = g.chrome.notifications;
    const create = notifications.create;
    notifications.create = (...args: unknown[]) => {
      const id = typeof args[0] === 'string' ? args[0] : '';
      const last = args.at(-1);
      // The polyfill passes a callback; without one the API returns a promise.
      if (typeof last === 'function') {
        args[args.length - 1] = (...result: unknown[]) => {
          record.notified[id] = now();
          (last as Callback)(...result);
        };
        return create.apply(notifications, args);
      }
      return Promise.resolve(create.apply(notifications, args)).then((value) => {
        record.notified[id] = now();
        return value;
      });
    };
  });
}

function workerRecord(ext: LoadedExtension): Promise<BenchRecord> {
  return ext.serviceWorker.evaluate(() => {
    const record = (self as unknown as BenchWorker).__bench;
    if (!record) throw new Error('The worker is not instrumented.');
    return record;
  });
}

// ------------------------------------------------------------------------------------------------------
// Find: the answer reaching the worker → the cards in the panel
// ------------------------------------------------------------------------------------------------------

/** One find typed in the panel; ms from POST /find's answer in the worker to its cards in the panel. */
export async function findToCards(ext: LoadedExtension, panel: Page, w: Words, text: string): Promise<number> {
  await panel.evaluate((expected) => {
    const w = window as unknown as BenchWindow;
    w.__benchShown = new Promise<number>((resolve) => {
      const shown = () =>
        [...document.querySelectorAll('section.find-result')].some(
          (region) =>
            // Quoted, or (typed here) the field's own text, which the result does not quote twice.
            (region.querySelector('.untrusted.quote')?.textContent ??
              document.querySelector<HTMLTextAreaElement>('#find-text')?.value.trim()) === expected &&
            region.querySelector('ul[aria-label="Agents found"] > li') !== null,
        );
      const observer = new MutationObserver(() => {
        if (!shown()) return;
        observer.disconnect();
        resolve(performance.timeOrigin + performance.now());
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
  }, text);
  const before = (await workerRecord(ext)).answers.length;
  await findTyped(playwrightPage(panel), w, text);
  const shownAt = await panel.evaluate(() => (window as unknown as BenchWindow).__benchShown as Promise<number>);
  const answer = (await workerRecord(ext)).answers
    .slice(before)
    .find((a) => a.method === 'POST' && new URL(a.url).pathname === '/api/v1/find');
  if (!answer) throw new Error('No answer to POST /find was seen in the worker.');
  return shownAt - answer.at;
}

// ------------------------------------------------------------------------------------------------------
// Calls: requests per finished call, and the call passing → its notification
// ------------------------------------------------------------------------------------------------------

interface ChromeLocalStorage {
  chrome: { storage: { local: { remove(key: string): Promise<void> } } };
}

export interface CallRun {
  runId: string;
  /** POST /calls plus the reads of this call (GET /calls/{runId}, GET /sessions/{id}). */
  requests: number;
  reads: number;
  /** From the instant the emulator's timeline passes the call to the worker creating its notification. */
  passToNotificationMs: number;
}

/** Starts `count` question calls from the panel, one after the other, each read to its end. */
export async function runCalls(
  ext: LoadedExtension,
  emu: TestEmulator,
  panel: Page,
  w: Words,
  connectionId: string,
  count: number,
): Promise<CallRun[]> {
  const world = emu.raw.world;
  const seen = new Set<string>();
  const runs: CallRun[] = [];
  for (let i = 0; i < count; i++) {
    // Each call is timed as the first of its minute: a second call's end within the same minute is told in
    // that minute's summary (notifications never flood), which is not what this figure measures.
    await ext.serviceWorker.evaluate(
      (key) => (globalThis as unknown as ChromeLocalStorage).chrome.storage.local.remove(key),
      PACE_KEY,
    );
    const member = playwrightPage(panel);
    await findTyped(member, w, `slow postgres queries, call ${i + 1}`, POSTGRES);
    await previewQuestion(member, w, POSTGRES, `Which index helps query ${i + 1}?`);
    await startAndWaitForResult(member, w);
    const call = [...world.store.calls.values()].find((c) => c.connectionId === connectionId && !seen.has(c.runId));
    if (!call) throw new Error('The emulator has no new call.');
    seen.add(call.runId);
    const notifiedAt = await until(
      'the call’s notification',
      async () => (await workerRecord(ext)).notified[`call:${call.runId}:finished`],
    );
    // The emulator's clock runs with real time from its own start instant: map its instants to epoch ms.
    const offset = world.now() - Date.now();
    const b = call.behaviour;
    const passedAt = call.startedAt + (b.durationSeconds + b.checkingSeconds) * 1000 - offset;
    runs.push({ runId: call.runId, requests: 0, reads: 0, passToNotificationMs: notifiedAt - passedAt });
  }
  const log = await emu.control.requests('/api/v1/');
  const posts = log.filter((r) => r.method === 'POST' && r.path === '/api/v1/calls');
  if (posts.length !== count) throw new Error(`Expected ${count} POST /calls, saw ${posts.length}.`);
  for (const run of runs) {
    const call = world.store.calls.get(run.runId);
    run.reads = log.filter(
      (r) =>
        r.method === 'GET' &&
        (r.path === `/api/v1/calls/${run.runId}` || r.path === `/api/v1/sessions/${call?.sessionId ?? '-'}`),
    ).length;
    run.requests = 1 + run.reads;
  }
  return runs;
}

// ------------------------------------------------------------------------------------------------------
// Idle
// ------------------------------------------------------------------------------------------------------

export interface IdleWindow {
  requests: number;
  seconds: number;
  alarms: string[];
}

/** With no call open: API requests during `seconds` of real time, and the worker's alarms at the start. */
export async function idleRequests(ext: LoadedExtension, emu: TestEmulator, seconds: number): Promise<IdleWindow> {
  const alarms = await ext.serviceWorker.evaluate(async () =>
    (await (self as unknown as BenchWorker).chrome.alarms.getAll()).map(
      (a) => `${a.name} in ${Math.round((a.scheduledTime - Date.now()) / 1000)} s`,
    ),
  );
  await emu.control.clearRequests();
  await sleep(seconds * 1000);
  return { requests: (await emu.control.requests('/api/')).length, seconds, alarms };
}

// ------------------------------------------------------------------------------------------------------
// The worker's start
// ------------------------------------------------------------------------------------------------------

interface WorkerStart {
  origin: number;
  listenersMs: number | null;
}

function readStart(ext: LoadedExtension): Promise<WorkerStart> {
  return ext.serviceWorker.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return { origin: performance.timeOrigin, listenersMs: entry ? entry.startTime : null };
  }, LISTENERS_MARK);
}

/** The first start of the worker (the one at install), read as the bench begins. */
export async function firstStart(ext: LoadedExtension): Promise<number> {
  const start = await readStart(ext);
  if (start.listenersMs === null) throw new Error(`The worker has no "${LISTENERS_MARK}" mark: is the build current?`);
  return start.listenersMs;
}

/** A worker to stop and wake: its script, how to wake it from the panel, and how to read its start. */
interface Restartable {
  script: string;
  wake: (panel: Page) => Promise<void>;
  read: () => Promise<WorkerStart>;
}

/**
 * Stops the worker through DevTools (ServiceWorker.stopWorker), wakes it with a message from the panel as a
 * real event would, and reads the new instance's mark: ms from its start to every listener registered.
 */
export async function restartTimings(ext: LoadedExtension, panel: Page, count: number): Promise<number[]> {
  return restartWorker(ext, panel, count, {
    script: ext.serviceWorker.url(),
    wake: (page) =>
      page.evaluate(() => {
        const { chrome } = globalThis as unknown as {
          chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } };
        };
        void chrome.runtime.sendMessage({ bench: 'wake' }).catch(() => undefined);
      }),
    read: () => readStart(ext),
  });
}

/** The same for the floor's empty worker (floors.ts), woken by a message from our panel to that extension. */
export async function floorRestartTimings(
  ext: LoadedExtension,
  panel: Page,
  count: number,
  floorScript: string,
  mark: string,
): Promise<number[]> {
  const floorId = new URL(floorScript).host;
  const worker = () => ext.context.serviceWorkers().find((w) => w.url() === floorScript);
  return restartWorker(ext, panel, count, {
    script: floorScript,
    wake: (page) =>
      page.evaluate((id) => {
        const { chrome } = globalThis as unknown as {
          chrome: { runtime: { sendMessage(id: string, m: unknown): Promise<unknown> } };
        };
        void chrome.runtime.sendMessage(id, { bench: 'wake' }).catch(() => undefined);
      }, floorId),
    read: async () => {
      const w = worker();
      if (!w) return { origin: Number.NaN, listenersMs: null };
      return w.evaluate((m) => {
        const entry = performance.getEntriesByName(m)[0];
        return { origin: performance.timeOrigin, listenersMs: entry ? entry.startTime : null };
      }, mark);
    },
  });
}

/**
 * Stops service workers through DevTools (ServiceWorker.stopWorker) on `cdp`: the returned function stops the
 * running instance of a script and resolves once DevTools reports it stopped.
 */
export async function workerStopper(cdp: CDPSession): Promise<(script: string) => Promise<void>> {
  const versions = new Map<string, { scriptURL: string; runningStatus: string }>();
  cdp.on('ServiceWorker.workerVersionUpdated', (event) => {
    for (const v of event.versions)
      versions.set(v.versionId, { scriptURL: v.scriptURL, runningStatus: v.runningStatus });
  });
  await cdp.send('ServiceWorker.enable');
  return async (script) => {
    const versionId = await until(
      'the running worker',
      async () => [...versions].find(([, v]) => v.scriptURL === script && v.runningStatus === 'running')?.[0],
    );
    await cdp.send('ServiceWorker.stopWorker', { versionId });
    await until('the worker to stop', async () =>
      versions.get(versionId)?.runningStatus === 'stopped' ? true : undefined,
    );
  };
}

async function restartWorker(ext: LoadedExtension, panel: Page, count: number, target: Restartable): Promise<number[]> {
  const cdp = await ext.context.newCDPSession(panel);
  const stop = await workerStopper(cdp);
  const script = target.script;
  const timings: number[] = [];
  let previous = (await target.read()).origin;
  for (let i = 0; i < count; i++) {
    await stop(script);
    await target.wake(panel);
    const start = await until('a new worker instance', async () => {
      const s = await target.read().catch(() => ({ origin: Number.NaN, listenersMs: null }));
      return !Number.isNaN(s.origin) && s.origin !== previous && s.listenersMs !== null ? s : undefined;
    });
    previous = start.origin;
    timings.push(start.listenersMs as number);
  }
  await cdp.detach();
  return timings;
}
