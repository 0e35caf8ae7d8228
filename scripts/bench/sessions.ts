/**
 * Sessions and calls in the bench: the session view with 50 results and the calls with 10,000 cached
 * calls, each timed in the panel's page from the member's click to the content in the document (a
 * MutationObserver, performance.now() in the page). The rows are written into the extension's IndexedDB
 * first, as the background would have stored them, and removed afterwards.
 *
 * Called by scripts/bench.ts with a connected extension: `figures.push(...(await sessionFigures(ext, runs)))`.
 */
import type { Page } from 'playwright-core';
import type { LoadedExtension } from '@/testing/browser/chromium';
import { STEP_WAIT_MS as WAIT_MS } from '@/testing/browser/driver';
import { type Figure, median } from './figures';
import { rawListMs, rawSessionMs } from './floors';
import { heapMB } from './memory';
import {
  AGENT_NAME,
  CALL_PREFIX,
  callTemplate,
  SESSION_ID,
  SESSION_RESULTS,
  seed,
  sessionRow,
  unseed,
} from './cache-rows';
import { tab, timeClick } from './panel-steps';
import { NEWEST_LISTED, NEWEST_SHOWN_WHOLE } from '@/lib/sessions/results-shown';

const HISTORY_CALLS = 10_000;
/** The calls' pages shown before their heap is read (issue 29: "scrolling 10 pages"). */
const HEAP_PAGES = 10;
const MEMORY_RUNS = 2;
/** The results the session view lists at open (all ended): the newest NEWEST_LISTED. */
const LISTED = Math.min(SESSION_RESULTS, NEWEST_LISTED);
/** Opens per run (and floors beside them), whose median is the run. */
const REPEATS = 3;
/** What of each row the calls' floor puts in the page as text: what the view shows of it. */
const HISTORY_TEXT_FIELDS = ['request.question', 'agentName.untrustedText', 'state', 'createdAt'];

/** The session's "Open session" button carries the agent's name through aria-labelledby: find it by text. */
async function markOpenButton(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: `Open session ${AGENT_NAME}` })
    .evaluate((b) => b.setAttribute('data-bench', 'open-bench-session'));
}

export async function sessionFigures(ext: LoadedExtension, runs: number): Promise<Figure[]> {
  const page = await ext.openPanel();
  await page.evaluate('globalThis.__name = globalThis.__name || ((fn) => fn);');
  await page.getByRole('navigation', { name: 'Panel sections' }).waitFor({ timeout: WAIT_MS });
  const connectionId = await page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('agent-connection');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('connection').objectStore('connection').get('current');
          req.onsuccess = () => {
            open.result.close();
            resolve((req.result as { connectionId?: string } | undefined)?.connectionId ?? '');
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
  const now = new Date().toISOString();
  await seed(page, {
    session: sessionRow(now),
    call: callTemplate(now),
    count: HISTORY_CALLS,
    prefix: CALL_PREFIX,
    connectionId,
  });
  try {
    const sessionRuns: number[] = [];
    const historyRuns: number[] = [];
    const sessionFloor: number[] = [];
    const historyFloor: number[] = [];
    const openSession = () =>
      timeClick(page, { label: 'open-bench-session', done: 'article.result', count: LISTED, timeoutMs: WAIT_MS });
    // The calls are opened from another view (Find), and the click on their tab is timed.
    const openHistory = async () => {
      await tab(page, 'Find');
      await page.getByRole('textbox', { name: 'What do you need?' }).waitFor({ timeout: WAIT_MS });
      return timeClick(page, { label: 'Calls', done: 'ul.history-calls > li', count: 50, timeoutMs: WAIT_MS });
    };
    // A warm-up open of each view loads its chunk: a member pays that once per panel, not on each open.
    await tab(page, 'Sessions');
    await markOpenButton(page);
    const sessionFirst = await openSession();
    const historyFirst = await openHistory();
    // Each run is the median of REPEATS opens, and its floor the median of as many floors interleaved with
    // them: a few milliseconds of a neighbour's work no longer decide a ratio of two small numbers.
    for (let i = 0; i < runs; i++) {
      const session: number[] = [];
      const sessionRaw: number[] = [];
      const history: number[] = [];
      const historyRaw: number[] = [];
      for (let r = 0; r < REPEATS; r++) {
        await tab(page, 'Sessions');
        await markOpenButton(page);
        sessionRaw.push(await rawSessionMs(page, SESSION_ID, { listed: LISTED, whole: NEWEST_SHOWN_WHOLE }));
        session.push(await openSession());
        historyRaw.push(
          await rawListMs(page, { index: 'createdAt', key: null, limit: 50, fields: HISTORY_TEXT_FIELDS }),
        );
        history.push(await openHistory());
      }
      sessionRuns.push(median(session));
      sessionFloor.push(median(sessionRaw));
      historyRuns.push(median(history));
      historyFloor.push(median(historyRaw));
    }
    // The panel's heap on the find view, then again on the find view after the calls' first HEAP_PAGES
    // pages were shown: what the calls leave behind once the member has left them.
    const findHeap: number[] = [];
    const historyHeap: number[] = [];
    const afterHeap: number[] = [];
    const findView = async () => {
      await tab(page, 'Find');
      await page.getByRole('textbox', { name: 'What do you need?' }).waitFor({ timeout: WAIT_MS });
    };
    for (let i = 0; i < MEMORY_RUNS; i++) {
      await findView();
      findHeap.push(await heapMB(page));
      await tab(page, 'Calls');
      for (let shown = 50; shown < HEAP_PAGES * 50; shown += 50) {
        await page
          .locator('ul.history-calls > li')
          .nth(shown - 1)
          .waitFor({ timeout: WAIT_MS });
        await page.getByRole('button', { name: 'Show 50 more' }).click();
      }
      const last = page.locator('ul.history-calls > li').nth(HEAP_PAGES * 50 - 1);
      await last.waitFor({ timeout: WAIT_MS });
      await last.scrollIntoViewIfNeeded();
      historyHeap.push(await heapMB(page));
      await findView();
      afterHeap.push(await heapMB(page));
    }
    return [
      {
        name: `Session view with ${SESSION_RESULTS} results → shown`,
        value: median(sessionRuns),
        unit: 'ms',
        budget: null,
        runs: sessionRuns,
        floor: {
          name: `the session's row read raw from IndexedDB by its key and its cached calls by the sessionId index (the view's reads), the text the view shows of the ${LISTED} results it lists at open (each one's header, call name and status, and the note of the newest ${NEWEST_SHOWN_WHOLE}, which the view shows whole) put in the panel as plain text nodes`,
          runs: sessionFloor,
          budget: 2,
          unit: '×',
        },
        method: `a cached plan session with ${SESSION_RESULTS} results (each under its header line, a note of about 600 characters, two checks, a charge), its questions and gate; from the click on "Open session" in the Sessions tab to the ${LISTED} result articles the view lists at open in the panel's document: the newest ${NEWEST_SHOWN_WHOLE} whole, the others folded to their header line, call name and status, the ${SESSION_RESULTS - LISTED} earlier ones behind "Show the ${SESSION_RESULTS - LISTED} earlier results" (lib/sessions/results-shown). Each run is the median of ${REPEATS} opens; a warm-up open before the runs loaded the view's chunk (${sessionFirst.toFixed(0)} ms).`,
      },
      {
        name: `Calls with ${HISTORY_CALLS.toLocaleString('en-US')} cached → first page shown`,
        value: median(historyRuns),
        unit: 'ms',
        budget: null,
        runs: historyRuns,
        floor: {
          name: 'the 50 newest call rows read raw from IndexedDB by the createdAt index (one getAll with a direction, as Dexie and the panel read the page, where the browser has it), their question, agent name, state and time put in the panel as plain text nodes',
          runs: historyFloor,
          budget: 2.5,
          unit: '×',
        },
        method: `${HISTORY_CALLS.toLocaleString('en-US')} ended calls to 15 agents in the calls table; from the click on the Calls tab (from Find) to its first page (50 calls, newest first, by the createdAt index) in the document, with the agent filter's names and the count of cached calls read alongside. Each run is the median of ${REPEATS} opens; a warm-up open before the runs loaded the calls' chunk (${historyFirst.toFixed(0)} ms).`,
      },
      {
        name: `Panel's JS heap on the find view after ${HEAP_PAGES} pages of history`,
        value: median(afterHeap),
        unit: 'MB',
        budget: null,
        runs: afterHeap,
        floor: {
          name: 'the same panel on the find view just before the history was shown',
          runs: findHeap,
          budget: 1.2,
          unit: '×',
        },
        method: `the panel page's JS heap in use after a full garbage collection (DevTools: HeapProfiler.collectGarbage, Runtime.getHeapUsage), MB of 1,048,576 bytes, on the find view after the history of ${HISTORY_CALLS.toLocaleString('en-US')} cached calls was open on its first ${HEAP_PAGES} pages ("Show 50 more" ${HEAP_PAGES - 1} times, ${HEAP_PAGES * 50} calls listed, scrolled to the last; the heap there: ${historyHeap.map((v) => v.toFixed(1)).join(', ')} MB); ${MEMORY_RUNS} runs, each from the find view.`,
      },
    ];
  } finally {
    await unseed(page).catch(() => undefined);
    await page.close();
  }
}
