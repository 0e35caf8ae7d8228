/**
 * What the extension holds in the member's memory, beside an empty extension measured the same way in the same
 * run: the proportional set size (PSS, /proc/PID/smaps_rollup) of the renderer processes that host each
 * extension's origin, and the panel's JS heap. Linux only, as the bench's Chromium is.
 */
import { readdir, readFile } from 'node:fs/promises';
import type { BrowserContext, Page, Worker } from 'playwright-core';
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
export async function processOf(context: Context, extensionDir: string): Promise<number> {
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
 * The processes' memory in MB of 1,048,576 bytes: their PSS (shared pages divided among the processes that
 * map them) and their private pages alone (USS). Most of the difference is the browser's own code, shared
 * with its other processes: a process that uses more of the browser's features has more of it resident.
 */
export async function memoryMB(pids: Iterable<number>): Promise<{ pss: number; private: number }> {
  let pss = 0;
  let own = 0;
  for (const pid of new Set(pids)) {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kB = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup);
      if (!match) throw new Error(`No ${field} line for process ${pid}.`);
      return Number(match[1]);
    };
    pss += kB('Pss');
    own += kB('Private_Clean') + kB('Private_Dirty');
  }
  return { pss: pss / 1024, private: own / 1024 };
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
export async function restartAfresh(context: BrowserContext, workers: readonly Worker[]): Promise<void> {
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
