/**
 * What the extension holds in the member's memory, beside the feature floor (floors.ts) measured the same way in
 * the same run: the private memory (USS, /proc/PID/smaps_rollup) of the renderer processes that host each
 * extension's origin, and the panel's JS heap. Linux only, as the bench's Chromium is.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { EXTENSION_DIR, type LoadedExtension } from '@/testing/browser/chromium';
import { wordsFor } from '@/testing/words';
import { type Figure, median } from './figures';
import { FLOOR_FEATURES, FLOOR_PANEL, floorWorkerOf } from './floors';
import { until, workerStopper } from './measure';

interface Process {
  pid: number;
  ppid: number;
  cmdline: string;
}

async function processes(): Promise<Process[]> {
  const found: Process[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      // The fields after the command's name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.push({ pid: Number(entry), ppid: Number(fields[1]), cmdline });
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

/** The renderer processes of the browser that loaded `extensionDir`. */
async function renderers(extensionDir: string): Promise<number[]> {
  const all = await processes();
  const browser = all.find(
    (p) => p.cmdline.includes(`--load-extension=${extensionDir}`) && !p.cmdline.includes('--type='),
  );
  if (!browser) throw new Error(`No browser process loaded ${extensionDir}.`);
  const family = new Set([browser.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (family.has(p.ppid) && !family.has(p.pid)) {
        family.add(p.pid);
        grew = true;
      }
    }
  }
  return all.filter((p) => family.has(p.pid) && p.cmdline.includes('--type=renderer')).map((p) => p.pid);
}

/** CPU time (user + system) in clock ticks. */
async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
}

/** Something that runs a script in one context: a worker or a page. */
type Context = Pick<Worker, 'evaluate'> | Pick<Page, 'evaluate'>;

/**
 * The renderer that runs `context`: the one whose CPU time rises while the context spins for 400 ms (no
 * browser API names the process of a worker or page).
 */
async function processOf(context: Context, extensionDir: string): Promise<number> {
  const pids = await renderers(extensionDir);
  const before = await Promise.all(pids.map(cpuTicks));
  await (context as Pick<Page, 'evaluate'>).evaluate(() => {
    const end = performance.now() + 400;
    while (performance.now() < end) {
      // Spin: the process that runs this is the one whose CPU time rises.
    }
  });
  const after = await Promise.all(pids.map(cpuTicks));
  const rises = pids.map((pid, i) => ({ pid, rise: (after[i] ?? 0) - (before[i] ?? 0) }));
  rises.sort((a, b) => b.rise - a.rise);
  const [top, next] = rises;
  // 400 ms is 40 ticks at Linux's usual 100 Hz, fewer on a busy machine; the spinning process rises clearly
  // above every other renderer of the browser.
  if (!top || top.rise < 5 || top.rise < 2 * (next?.rise ?? 0)) throw new Error('No renderer process ran the spin.');
  return top.pid;
}

/**
 * The processes' private memory in MB of 1,048,576 bytes (USS: Private_Clean + Private_Dirty of
 * /proc/PID/smaps_rollup), what the browser's task manager shows as their memory footprint. Shared pages (the
 * browser's own code, resident in all its processes) are left out: their share moves with how many processes
 * run at that moment.
 */
async function privateMB(pids: Iterable<number>): Promise<number> {
  let kBs = 0;
  for (const pid of new Set(pids)) {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kB = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup);
      if (!match) throw new Error(`No ${field} line for process ${pid}.`);
      return Number(match[1]);
    };
    kBs += kB('Private_Clean') + kB('Private_Dirty');
  }
  return kBs / 1024;
}

/** The page's JS heap in use after a full garbage collection, in MB (DevTools' HeapProfiler and Runtime). */
export async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 1048576;
  } finally {
    await cdp.detach();
  }
}

/**
 * Stops each worker through DevTools and starts it again with no page of its extension open, as the browser
 * does to an idle worker (stopped after 30 s) that an alarm or a message wakes later: its process had ended
 * with the last thing it hosted, so the worker starts in a new one, without what pages left in the old.
 */
async function restartAfresh(context: BrowserContext, workers: readonly Worker[]): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    const stop = await workerStopper(cdp);
    for (const w of workers) await stop(w.url());
    for (const w of workers) await cdp.send('ServiceWorker.startWorker', { scopeURL: new URL('/', w.url()).href });
    // Playwright keeps the Worker of a restarted script; it answers again once the new instance runs.
    for (const w of workers) await until(`${w.url()} to run again`, () => w.evaluate(() => true).catch(() => null));
  } finally {
    await cdp.detach().catch(() => undefined);
    await page.close();
  }
}

/** The memory's runs, each in both extensions at the same moment. */
const MEMORY_RUNS = 3;
/**
 * How long both workers idle before their memory is read (issue 29), unless the bench is told otherwise
 * (`--memory-after`): 8 s is before V8's own collection of the pages just closed, about 30 s after each
 * close in this Chromium (issue 44).
 */
export const MEMORY_IDLE_MS = 8_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The private memory of the renderer processes hosting each extension, ours and the feature floor's, read in the
 * same moment: both idle with their worker alive just after connecting, then with a panel open in each (ours on
 * the connected find view, the floor's its page with our stylesheet and no script), then both workers started
 * afresh in new processes.
 */
export async function memoryFigures(ext: LoadedExtension, idleMs: number): Promise<Figure[]> {
  const floorWorker = await floorWorkerOf(ext.context);
  const floorId = new URL(floorWorker.url()).host;
  const ours = { idle: [] as number[], open: [] as number[], fresh: [] as number[] };
  const floor = { idle: [] as number[], open: [] as number[], fresh: [] as number[] };
  const w = await wordsFor('en');
  const openFloorPanel = async () => {
    const page = await ext.context.newPage();
    await page.goto(`chrome-extension://${floorId}/${FLOOR_PANEL}`);
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    return page;
  };
  // The page the first run opens is closed, as a member closes it (its process keeps what it touched); the
  // floor's process has shown its panel page too, as ours showed the panel to connect.
  for (const page of ext.context.pages()) if (page.url().includes('/welcome.html')) await page.close();
  await (await openFloorPanel()).close();
  for (let i = 0; i < MEMORY_RUNS; i++) {
    // Both workers woken (a wake restarts a stopped one), then left alone.
    await ext.serviceWorker.evaluate(() => 0);
    await floorWorker.evaluate(() => 0);
    await sleep(idleMs);
    const ourWorkerPid = await processOf(ext.serviceWorker, EXTENSION_DIR);
    const floorWorkerPid = await processOf(floorWorker, EXTENSION_DIR);
    ours.idle.push(await privateMB([ourWorkerPid]));
    floor.idle.push(await privateMB([floorWorkerPid]));

    const panel = await ext.openPanel();
    await panel.getByRole('textbox', { name: w('find.fieldLabel') }).waitFor({ timeout: 30_000 });
    const floorPanel = await openFloorPanel();
    await sleep(idleMs);
    ours.open.push(await privateMB([ourWorkerPid, await processOf(panel, EXTENSION_DIR)]));
    floor.open.push(await privateMB([floorWorkerPid, await processOf(floorPanel, EXTENSION_DIR)]));
    await panel.close();
    await floorPanel.close();
  }
  // Then both workers stopped and started again with no page open: each in a new process, as a member's
  // worker is most of its life (an idle worker is stopped after 30 s; an alarm or a message starts it anew).
  for (let i = 0; i < MEMORY_RUNS; i++) {
    const before = await processOf(ext.serviceWorker, EXTENSION_DIR);
    await restartAfresh(ext.context, [ext.serviceWorker, floorWorker]);
    await sleep(idleMs);
    const ourPid = await processOf(ext.serviceWorker, EXTENSION_DIR);
    if (ourPid === before) throw new Error('The restarted worker ran in the process it had before.');
    ours.fresh.push(await privateMB([ourPid]));
    floor.fresh.push(await privateMB([await processOf(floorWorker, EXTENSION_DIR)]));
  }
  const floorName = (what: string) => `the feature floor (${FLOOR_FEATURES})${what}`;
  const method = (what: string) =>
    `the private memory (USS: Private_Clean + Private_Dirty in /proc/PID/smaps_rollup, what the browser's task manager shows as the memory footprint) of the renderer processes running our worker${what}, MB of 1,048,576 bytes; each process found by the CPU time it spent while its worker or page spun for 400 ms. ${MEMORY_RUNS} runs; both extensions read in the same moment of each.`;
  return [
    {
      name: `Memory, idle ${idleMs / 1000} s just after connecting (USS)`,
      value: median(ours.idle),
      unit: 'MB',
      budget: null,
      runs: ours.idle,
      floor: {
        name: floorName(', its worker woken at the same time, its process having shown its panel page, closed since'),
        runs: floor.idle,
        budget: 2,
        unit: '×',
      },
      method: method(
        `, ${idleMs / 1000} s after it was woken, with no page of the extension open; our process has shown the first-run page and the panel (to connect), both closed since`,
      ),
    },
    {
      name: `Memory, idle ${idleMs / 1000} s in a worker started afresh (USS)`,
      value: median(ours.fresh),
      unit: 'MB',
      budget: null,
      runs: ours.fresh,
      floor: {
        name: floorName(', its worker stopped and started the same way at the same time'),
        runs: floor.fresh,
        budget: 2,
        unit: '×',
      },
      method: method(
        `, ${idleMs / 1000} s after DevTools stopped both workers and started them again with no page of either extension open (ServiceWorker.stopWorker, startWorker), so each runs in a new process: the state of a member's worker most of the time, woken by an alarm or a message after the browser stopped it idle`,
      ),
    },
    {
      name: 'Memory, side panel open on the find view (USS)',
      value: median(ours.open),
      unit: 'MB',
      budget: null,
      runs: ours.open,
      floor: {
        name: floorName(', its worker and its panel page (our stylesheet, no script), opened at the same time'),
        runs: floor.open,
        budget: 2,
        unit: '×',
      },
      method: method(
        ` and the side panel's page (in a tab) on the connected find view, ${idleMs / 1000} s after it showed its search field`,
      ),
    },
  ];
}
