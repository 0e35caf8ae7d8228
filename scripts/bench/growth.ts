/**
 * `npm run bench -- --growth`: what the member's cache costs as it grows (issue 29), at 1,000, 10,000 and
 * 100,000 cached calls (ended calls to 15 agents, the rows the background stores): the history's first page
 * and an agent's page, each beside the raw read of the same rows (a ratio that must not grow with the size),
 * the history's search (words found in one call of 7.5, and words found nowhere, which reads every call it may),
 * the export of everything (its time, its longest task, the panel's peak heap, whether it shows progress) and
 * the database's size per 1,000 calls; then the Sessions tab with 100 and 1,000 cached sessions of 20 results.
 */
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '@/testing/browser/chromium';
import { STEP_WAIT_MS as WAIT_MS } from '@/testing/browser/driver';
import { CALL_PREFIX, callTemplate, seed, seedSessions, sessionRow, unseed, unseedSessions } from './cache-rows';
import { median } from './figures';
import { rawListMs } from './floors';
import { SEARCH_DEBOUNCE_MS, SEARCH_WINDOW } from '@/lib/history/search-pace';
import { tab, timeClick } from './panel-steps';

const GROWTH_SIZES = [1_000, 10_000, 100_000] as const;
/** Cached sessions, each with SESSION_RESULTS_EACH results: the 1,000, beside a tenth of it. */
const SESSION_SIZES = [100, 1_000] as const;
const SESSION_RESULTS_EACH = 20;
const SESSION_TEXT_FIELDS = [
  'session.untrustedAgentName.untrustedText',
  'session.status',
  'session.way',
  'session.lastCallAt',
];
/** Opens per size (and floors beside them), whose median is the size's figure. */
const REPEATS = 5;
/** The agent the filtered page shows: one of the 15 the rows are spread over. */
const AGENT = { id: 'agt_bench_3', name: 'Bench agent 3' };
const TEXT_FIELDS = ['agentName.untrustedText', 'request.callId', 'state', 'createdAt'];
/**
 * The history's searches: words in two agents' names of the 15 ("Bench agent 3" and "… 13"), so a page of 50
 * is found among the newest ~375 calls; and a word in no call, the worst case: the search reads every call it
 * may (SEARCH_WINDOW, or all of a smaller cache) and says that nothing matches.
 */
const SEARCH_FOUND = 'agent 3';
const SEARCH_NONE = 'zebra';
/** A ratio at the largest size may be this much above the smallest size's before it is said to grow. */
const FLAT_WITHIN = 1.5;
/** The longest task the panel may run while it exports (issue 29). */
const EXPORT_TASK_MS = 200;
/** The longest the worker may hold an event back while it prunes (issue 29). */
const PRUNE_DELAY_MS = 100;

interface SessionsRow {
  sessions: number;
  first: { ms: number; ratio: number };
}

interface GrowthRow {
  calls: number;
  first: { ms: number; ratio: number };
  filtered: { ms: number; ratio: number };
  /** From the search's start (the pause after typing) to its page of matches / its "nothing matches". */
  searchFound: { ms: number; ratio: number };
  searchNone: { ms: number; ratio: number };
  export: { ms: number; longestTaskMs: number; peakHeapMB: number; progress: boolean };
  prune: { ms: number; removed: number; longestDelayMs: number };
  bytesPer1000: number;
}

function storageUsage(page: Page): Promise<number> {
  return page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
}

/** The agent filter set to AGENT: ms from the change to a page of that agent's calls in the document. */
function timeAgentFilter(page: Page, agent: { id: string; name: string }): Promise<number> {
  return page.evaluate(
    ({ agent, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const select = [...document.querySelectorAll('select')].find((s) =>
          [...s.options].some((o) => o.value === agent.id),
        );
        if (!select) {
          reject(new Error(`No filter offers ${agent.id}`));
          return;
        }
        const ready = () => {
          const items = document.querySelectorAll('ul.history-calls > li');
          return items.length >= 50 && [...items].every((li) => li.textContent?.includes(agent.name));
        };
        const start = performance.now();
        const timer = setTimeout(() => reject(new Error('The filtered page did not come')), timeoutMs);
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - start);
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        select.value = agent.id;
        select.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    { agent, timeoutMs: WAIT_MS },
  );
}

/**
 * The words typed into the calls' search field at once (one input event): ms from the search's start, a
 * pause of SEARCH_DEBOUNCE_MS after the words, until its answer is in the document and "Searching…" is gone:
 * a page of 50 marked rows, or the words that say nothing matches.
 */
function timeSearch(page: Page, words: string, found: boolean): Promise<number> {
  return page.evaluate(
    ({ words, found, debounceMs, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('.call-search input[type="search"]');
        if (!input) {
          reject(new Error('No search field'));
          return;
        }
        const ready = () => {
          // Busy while it waits or reads; once answered, its status may say how far it read.
          if (document.querySelector('.history-search-results')?.getAttribute('aria-busy') !== 'false') return false;
          if (!found) return document.querySelector('.history-search-results .empty') !== null;
          const items = document.querySelectorAll('.history-search-results ul.history-calls > li');
          return items.length >= 50 && [...items].every((li) => li.querySelector('mark') !== null);
        };
        const start = performance.now();
        const timer = setTimeout(() => reject(new Error(`The search for "${words}" did not answer`)), timeoutMs);
        const observer = new MutationObserver(() => {
          if (!ready()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - start - debounceMs);
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
        input.value = words;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
    { words, found, debounceMs: SEARCH_DEBOUNCE_MS, timeoutMs: WAIT_MS },
  );
}

/** The search field emptied: the calls' first page back in the document. */
async function clearSearch(page: Page): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search your calls' }).fill('');
  await page.locator('ul.history-calls[aria-label="Calls, newest first"] > li').nth(49).waitFor({ timeout: WAIT_MS });
}

/** The filter back to every agent, and its first page in the document. */
async function clearAgentFilter(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Agent' }).selectOption('');
  await page.locator('ul.history-calls > li').nth(49).waitFor({ timeout: WAIT_MS });
}

/**
 * "Calls and sessions as JSON" clicked: ms until the saved line is in the document, the longest task the
 * page ran meanwhile (PerformanceObserver "longtask"), the JS heap's peak (performance.memory, sampled each
 * animation frame the page could draw) and whether a progress was shown (a progressbar, or "n of m").
 */
function timeExport(page: Page): Promise<GrowthRow['export']> {
  return page.evaluate(
    ({ timeoutMs }) =>
      new Promise<GrowthRow['export']>((resolve, reject) => {
        const button = [...document.querySelectorAll('button')].find(
          (b) => b.textContent?.trim() === 'Calls and sessions as JSON',
        );
        if (!button) {
          reject(new Error('No export button'));
          return;
        }
        const heap = () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize;
        let peak = heap() ?? 0;
        let longest = 0;
        let progress = false;
        const tasks = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
        });
        tasks.observe({ type: 'longtask' });
        let sampling = true;
        const sample = () => {
          peak = Math.max(peak, heap() ?? 0);
          if (document.querySelector('[role="progressbar"], progress') || /\d+ of \d+/.test(document.body.innerText))
            progress = true;
          if (sampling) requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
        const start = performance.now();
        const timer = setTimeout(() => reject(new Error('The export did not end')), timeoutMs * 10);
        const observer = new MutationObserver(() => {
          const status = document.querySelector('.export [role="status"], .export [role="alert"]');
          if (!status) return;
          const ms = performance.now() - start;
          observer.disconnect();
          clearTimeout(timer);
          sampling = false;
          // Long tasks are reported after they end: one more turn lets the last one in.
          setTimeout(() => {
            tasks.disconnect();
            resolve({ ms, longestTaskMs: longest, peakHeapMB: peak / 1048576, progress });
          }, 50);
        });
        observer.observe(document, { subtree: true, childList: true });
        button.click();
      }),
    { timeoutMs: WAIT_MS },
  );
}

/**
 * Writes the member's retention straight into the settings table: no age limit, and at most `maxCount` calls
 * (null: every call kept). The daily prune's alarm first rings a minute after the install, and the default
 * retention (10,000 calls) would leave the largest size a tenth of itself: the cache is measured kept whole.
 */
function setRetention(page: Page, maxCount: number | null): Promise<void> {
  return page.evaluate(
    (max) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('agent-connection');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('settings', 'readwrite');
          const settings = tx.objectStore('settings');
          settings.put({ key: 'retention', value: { maxAgeDays: null, maxCount: max } });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    maxCount,
  );
}

/**
 * The prune the daily alarm runs, with the retention set so that it drops the oldest 1 % (a busy day's
 * calls), started by "Free space now" (the freeSpace command, the same prune): ms from the command to its
 * reply, and the longest a 10 ms timer in the worker was late meanwhile (an event waits as long).
 */
async function timePrune(ext: LoadedExtension, page: Page, calls: number): Promise<GrowthRow['prune']> {
  await setRetention(page, calls - calls / 100);
  type Watch = { __benchLate: number; __benchWatch: boolean };
  await ext.serviceWorker.evaluate(() => {
    const g = globalThis as unknown as Watch;
    g.__benchLate = 0;
    g.__benchWatch = true;
    let expected = performance.now() + 10;
    const tick = () => {
      const now = performance.now();
      g.__benchLate = Math.max(g.__benchLate, now - expected);
      expected = now + 10;
      if (g.__benchWatch) setTimeout(tick, 10);
    };
    setTimeout(tick, 10);
  });
  const { ms, removed } = await page.evaluate(async () => {
    const { chrome } = globalThis as unknown as {
      chrome: { runtime: { sendMessage(m: unknown): Promise<{ ok: boolean; value?: { removed: number } }> } };
    };
    const start = performance.now();
    const reply = await chrome.runtime.sendMessage({
      type: 'agent-connection/command@1',
      name: 'freeSpace',
      payload: {},
    });
    return { ms: performance.now() - start, removed: reply.ok ? (reply.value?.removed ?? -1) : -1 };
  });
  const longestDelayMs = await ext.serviceWorker.evaluate(() => {
    const g = globalThis as unknown as Watch;
    g.__benchWatch = false;
    return g.__benchLate;
  });
  await setRetention(page, null);
  return { ms, removed, longestDelayMs };
}

async function measureSize(
  ext: LoadedExtension,
  page: Page,
  calls: number,
  connectionId: string,
  emptyUsage: number,
): Promise<GrowthRow> {
  const now = new Date().toISOString();
  await setRetention(page, null);
  await seed(page, {
    session: sessionRow(now),
    call: callTemplate(now),
    count: calls,
    prefix: CALL_PREFIX,
    connectionId,
  });
  const bytesPer1000 = ((await storageUsage(page)) - emptyUsage) / (calls / 1000);
  // The rows went in past Dexie, whose live queries keep what they read until Dexie itself writes: the panel
  // afresh reads them, as a member's panel opened on a grown cache does.
  await page.reload();
  await page.getByRole('navigation', { name: 'Panel sections' }).waitFor({ timeout: WAIT_MS });
  // The calls are opened from another view (Find), and the click on their tab is timed.
  const findView = async () => {
    await tab(page, 'Find');
    await page.getByRole('textbox', { name: 'What do you need?' }).waitFor({ timeout: WAIT_MS });
  };
  const openHistory = async () => {
    await findView();
    return timeClick(page, { label: 'Calls', done: 'ul.history-calls > li', count: 50, timeoutMs: WAIT_MS });
  };
  // A warm-up open loads the calls' chunk and the agents' names.
  await openHistory();
  const first: number[] = [];
  const firstFloor: number[] = [];
  const filtered: number[] = [];
  const filteredFloor: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    await findView();
    // Both floors read while the panel is quiet on the Find tab, as the views' reads start from a click.
    firstFloor.push(await rawListMs(page, { index: 'createdAt', key: null, limit: 50, fields: TEXT_FIELDS }));
    filteredFloor.push(
      await rawListMs(page, { index: 'request.agentId', key: AGENT.id, limit: 50, fields: TEXT_FIELDS }),
    );
    // openHistory goes to Find first: the floors above were read there, the panel quiet.
    first.push(await openHistory());
    await page.locator(`option[value="${AGENT.id}"]`).waitFor({ state: 'attached', timeout: WAIT_MS });
    filtered.push(await timeAgentFilter(page, AGENT));
    await clearAgentFilter(page);
  }
  // The searches from the calls as they are left, each beside the raw read of the first page's 50 rows, read
  // while the panel is quiet.
  const searchFound: number[] = [];
  const searchFoundFloor: number[] = [];
  const searchNone: number[] = [];
  const searchNoneFloor: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    searchFoundFloor.push(await rawListMs(page, { index: 'createdAt', key: null, limit: 50, fields: TEXT_FIELDS }));
    searchFound.push(await timeSearch(page, SEARCH_FOUND, true));
    await clearSearch(page);
    searchNoneFloor.push(await rawListMs(page, { index: 'createdAt', key: null, limit: 50, fields: TEXT_FIELDS }));
    searchNone.push(await timeSearch(page, SEARCH_NONE, false));
    await clearSearch(page);
  }
  const exported = await timeExport(page);
  const prune = await timePrune(ext, page, calls);
  if (prune.removed !== calls / 100) throw new Error(`The prune removed ${prune.removed} calls, not ${calls / 100}.`);
  await unseed(page);
  const ratio = (runs: number[], floors: number[]) => median(runs.map((r, i) => r / (floors[i] as number)));
  return {
    calls,
    first: { ms: median(first), ratio: ratio(first, firstFloor) },
    filtered: { ms: median(filtered), ratio: ratio(filtered, filteredFloor) },
    searchFound: { ms: median(searchFound), ratio: ratio(searchFound, searchFoundFloor) },
    searchNone: { ms: median(searchNone), ratio: ratio(searchNone, searchNoneFloor) },
    export: exported,
    prune,
    bytesPer1000,
  };
}

/** The Sessions tab with `sessions` cached sessions: ms from the click to its first 50 in the document. */
async function measureSessions(page: Page, sessions: number): Promise<SessionsRow> {
  await seedSessions(page, sessions, SESSION_RESULTS_EACH);
  const open = () =>
    timeClick(page, { label: 'Sessions', done: 'ul.session-list > li', count: 50, timeoutMs: WAIT_MS });
  await tab(page, 'Calls');
  await open();
  const runs: number[] = [];
  const floors: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    // Away from the Sessions tab (no calls are cached now, so the Calls tab shows no list), quiet, then back.
    await tab(page, 'Calls');
    await page.locator('ul.session-list').waitFor({ state: 'detached', timeout: WAIT_MS });
    floors.push(
      await rawListMs(page, {
        store: 'sessions',
        index: 'listedAt',
        key: null,
        limit: 50,
        fields: SESSION_TEXT_FIELDS,
      }),
    );
    runs.push(await open());
  }
  await tab(page, 'Calls');
  await unseedSessions(page);
  return {
    sessions,
    first: { ms: median(runs), ratio: median(runs.map((r, i) => r / (floors[i] as number))) },
  };
}

/** Measures every size in turn, prints the table and resolves true when the costs stay flat. */
export async function growthTable(ext: LoadedExtension, connectionId: string): Promise<boolean> {
  const page = await ext.openPanel();
  await page.getByRole('navigation', { name: 'Panel sections' }).waitFor({ timeout: WAIT_MS });
  const rows: GrowthRow[] = [];
  const sessionRows: SessionsRow[] = [];
  try {
    const emptyUsage = await storageUsage(page);
    for (const calls of GROWTH_SIZES) {
      console.log(`Measuring with ${calls.toLocaleString('en-US')} cached calls…`);
      rows.push(await measureSize(ext, page, calls, connectionId, emptyUsage));
    }
    // The panel afresh for the sessions (a tab keeps what it read while it is shown).
    await page.reload();
    await page.getByRole('navigation', { name: 'Panel sections' }).waitFor({ timeout: WAIT_MS });
    for (const sessions of SESSION_SIZES) {
      console.log(`Measuring with ${sessions.toLocaleString('en-US')} cached sessions…`);
      sessionRows.push(await measureSessions(page, sessions));
    }
  } finally {
    await unseed(page).catch(() => undefined);
    await unseedSessions(page).catch(() => undefined);
    await page.close();
  }
  const smallest = rows[0] as GrowthRow;
  const largest = rows[rows.length - 1] as GrowthRow;
  const fewSessions = sessionRows[0] as SessionsRow;
  const manySessions = sessionRows[sessionRows.length - 1] as SessionsRow;
  const checks = [
    {
      what: "history's first page: its ratio to the raw read",
      ok: largest.first.ratio <= smallest.first.ratio * FLAT_WITHIN,
    },
    {
      what: "an agent's page: its ratio to the raw read",
      ok: largest.filtered.ratio <= smallest.filtered.ratio * FLAT_WITHIN,
    },
    {
      what: 'search, words found: its ratio to the raw read',
      ok: largest.searchFound.ratio <= smallest.searchFound.ratio * FLAT_WITHIN,
    },
    {
      what: `search, words found nowhere (the newest ${SEARCH_WINDOW.toLocaleString('en-US')} read): its ratio to the raw read`,
      ok: largest.searchNone.ratio <= smallest.searchNone.ratio * FLAT_WITHIN,
    },
    {
      what: `export: no task over ${EXPORT_TASK_MS} ms`,
      ok: rows.every((r) => r.export.longestTaskMs <= EXPORT_TASK_MS),
    },
    { what: 'export: a progress shown', ok: rows.every((r) => r.export.progress) },
    {
      what: 'sessions tab: its ratio to the raw read',
      ok: manySessions.first.ratio <= fewSessions.first.ratio * FLAT_WITHIN,
    },
    {
      what: `prune: no event in the worker delayed over ${PRUNE_DELAY_MS} ms`,
      ok: rows.every((r) => r.prune.longestDelayMs <= PRUNE_DELAY_MS),
    },
  ];
  const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
  console.log(
    "\n| Cached calls | History, first page | An agent's page | Search, words found | Search, found nowhere | Export of everything: time, longest task, peak heap, progress | Daily prune of 1 %: time, longest delay in the worker | Database per 1,000 calls |",
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.calls.toLocaleString('en-US')} | ${ms(r.first.ms)}, ${r.first.ratio.toFixed(2)}× | ${ms(r.filtered.ms)}, ${r.filtered.ratio.toFixed(2)}× | ${ms(r.searchFound.ms)}, ${r.searchFound.ratio.toFixed(2)}× | ${ms(r.searchNone.ms)}, ${r.searchNone.ratio.toFixed(2)}× | ${ms(r.export.ms)}, ${ms(r.export.longestTaskMs)}, ${r.export.peakHeapMB.toFixed(0)} MB, ${r.export.progress ? 'yes' : 'no'} | ${ms(r.prune.ms)}, ${ms(r.prune.longestDelayMs)} | ${(r.bytesPer1000 / 1048576).toFixed(2)} MB |`,
    );
  }
  console.log(
    `\nRatios: the view's time ÷ the raw read of the same 50 rows by the same index (median of ${REPEATS}); flat when the largest size's is within ${FLAT_WITHIN}× the smallest's. Search: from its start (${SEARCH_DEBOUNCE_MS} ms after the words typed, taken off) to its page of 50 marked rows ("${SEARCH_FOUND}") or its "nothing matches" ("${SEARCH_NONE}", every call it may read read: all of 1,000, the newest ${SEARCH_WINDOW.toLocaleString('en-US')} of more), ÷ the raw read of the first page's 50 rows. Prune: the retention set to keep 99 % of the calls, then the prune ("Free space now"); its delay is the most a 10 ms timer in the worker was late. Database: navigator.storage.estimate() with the rows, less without them.`,
  );
  console.log(`\n| Cached sessions (${SESSION_RESULTS_EACH} results each) | Sessions tab, first 50 shown |`);
  console.log('|---|---|');
  for (const r of sessionRows) {
    console.log(`| ${r.sessions.toLocaleString('en-US')} | ${ms(r.first.ms)}, ${r.first.ratio.toFixed(2)}× |`);
  }
  console.log(
    `\nSessions: the tab's time ÷ the raw read of 50 session rows by listedAt (median of ${REPEATS}); flat when the larger size's is within ${FLAT_WITHIN}× the smaller's.`,
  );
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'}  ${c.what}`);
  return checks.every((c) => c.ok);
}
