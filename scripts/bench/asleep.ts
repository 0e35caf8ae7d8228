/**
 * Asleep: with no call open, nothing to send and no page of the extension open, the worker stops within the
 * browser's idle time and the extension holds no process (issue 44). Measured without a debugger, which keeps
 * a worker alive: the call is connected and started with automation, then the browser is started again on the
 * same profile with no debugging port or pipe, the site ends the call through the emulator's control API, and
 * the browser's processes are read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath, EXTENSION_DIR, launchExtension, playwrightPage } from '@/testing/browser/chromium';
import { startTestEmulator, type TestEmulator } from '@/testing/emulator';
import { clickStart, connectAndRead, findTyped, POSTGRES, previewQuestion } from '@/testing/steps';
import { wordsFor } from '@/testing/words';
import type { Figure } from './figures';
import { until } from './measure';

/** How long the extension is left alone once the call's end was read. */
const ASLEEP_MS = 60_000;
/** Guards against a hang, not budgets: the e2e build's alarm wakes a stopped worker within seconds. */
const WAKE_WAIT_MS = 180_000;
/** The same, for the extension's requests to stop once no call is open (it reads an ended call's findings once). */
const QUIET_WAIT_MS = 600_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The renderer processes under the browser `browserPid`, but for the one of its own interface
 * (`--top-chrome-webui`). This Chromium marks no renderer as an extension's, so the extension's are those beyond
 * a browser started alike without it (the floor).
 */
async function renderers(browserPid: number): Promise<number[]> {
  const all: { pid: number; ppid: number; cmdline: string }[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const cmdline = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      all.push({ pid: Number(entry), ppid, cmdline });
    } catch {
      // The process ended while the list was read.
    }
  }
  const family = new Set([browserPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (family.has(p.ppid) && !family.has(p.pid)) {
        family.add(p.pid);
        grew = true;
      }
  }
  return all
    .filter(
      (p) => family.has(p.pid) && p.cmdline.includes('--type=renderer') && !p.cmdline.includes('--top-chrome-webui'),
    )
    .map((p) => p.pid);
}

/**
 * Waits until the site has heard no request from the extension for `ms`; resolves with how long after the call's
 * end the last one came. A guard fails a worker that never stops asking.
 */
async function quietFor(emu: TestEmulator, ms: number): Promise<number> {
  const start = Date.now();
  let seen = (await emu.control.requests('/api/')).length;
  let quietSince = start;
  while (Date.now() - quietSince < ms) {
    if (Date.now() - start > QUIET_WAIT_MS)
      throw new Error(`The extension kept asking the site for ${QUIET_WAIT_MS / 1000} s.`);
    await sleep(1000);
    const now = (await emu.control.requests('/api/')).length;
    if (now !== seen) {
      seen = now;
      quietSince = Date.now();
    }
  }
  return quietSince - start;
}

/** Whether the process runs a service worker: a thread Chromium names "ServiceWorker thread". */
async function runsWorker(pid: number): Promise<boolean> {
  const threads = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const tid of threads) {
    const name = await readFile(`/proc/${pid}/task/${tid}/comm`, 'utf8').catch(() => '');
    if (name.startsWith('ServiceWorker')) return true;
  }
  return false;
}

/** Connected, and a call started that the site holds running (its clock moves only when told); the browser closed. */
async function startHeldCall(emu: TestEmulator, profile: string): Promise<string> {
  const w = await wordsFor('en');
  const ext = await launchExtension({ profile });
  const made = await emu.control.connectCode({ name: 'Bench asleep' });
  try {
    const panel = playwrightPage(await ext.openPanel());
    await connectAndRead(panel, w, emu.url, made.code);
    await findTyped(panel, w, 'slow postgres queries', POSTGRES);
    await previewQuestion(panel, w, POSTGRES, 'Which index helps a LIKE prefix search?');
    await clickStart(panel, w);
    await panel.waitForText(w('words.callStatus.inProgress'));
    // Closed once the worker polls the running call (a second read: its alarm was set and has fired), the wake
    // it needs after the restart.
    await until('the worker to poll the running call', async () =>
      (await emu.control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET').length >= 2 ? true : null,
    );
  } finally {
    await ext.close();
  }
  const call = [...emu.raw.world.store.calls.values()].find((c) => c.connectionId === made.connectionId);
  if (!call) throw new Error('The emulator has no call of the connection.');
  return call.runId;
}

/**
 * Chromium on `profile`, headless, with nothing attached (no debugging port, no pipe), with the e2e build loaded
 * or none.
 */
function unattendedChromium(profile: string, withExtension: boolean): ChildProcess {
  return spawn(
    chromiumPath(),
    [
      '--headless',
      `--user-data-dir=${profile}`,
      ...(withExtension ? [`--disable-extensions-except=${EXTENSION_DIR}`, `--load-extension=${EXTENSION_DIR}`] : []),
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--lang=en-US',
    ],
    // Its messages are read and dropped: Chromium logs to stderr.
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
}

/** A started browser's pid and how to end it. */
async function started(browser: ChildProcess): Promise<{ pid: number; end(): Promise<void> }> {
  const exited = new Promise<void>((resolve) => browser.once('exit', () => resolve()));
  browser.stderr?.resume();
  const pid = browser.pid;
  if (pid === undefined) throw new Error('Chromium did not start.');
  return {
    pid,
    async end() {
      browser.kill();
      await exited;
    },
  };
}

export async function asleepFigure(): Promise<Figure> {
  const emu = await startTestEmulator({ clock: { realTime: false } });
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-asleep-'));
  const floorProfile = await mkdtemp(path.join(tmpdir(), 'bench-asleep-floor-'));
  try {
    const runId = await startHeldCall(emu, profile);
    const reads = async () => (await emu.control.requests(`/api/v1/calls/${runId}`)).length;
    const readBefore = await reads();
    const ours = await started(unattendedChromium(profile, true));
    let floor: Awaited<ReturnType<typeof started>> | null = null;
    try {
      // The worker, woken by its alarm in the restarted browser, reads the call it left running.
      await until(
        'the worker to read the running call',
        async () => ((await reads()) > readBefore ? true : null),
        WAKE_WAIT_MS,
      );
      const floorBrowser = await started(unattendedChromium(floorProfile, false));
      floor = floorBrowser;
      // Renderers beyond the floor's, read in the same moment, once the floor's first page has its renderer.
      await until('the floor browser’s page', async () =>
        (await renderers(floorBrowser.pid)).length > 0 ? true : null,
      );
      const extensionProcesses = async () =>
        (await renderers(ours.pid)).length - (await renderers(floorBrowser.pid)).length;
      const whileWorking = await extensionProcesses();
      if (whileWorking < 1) throw new Error('No extension process was seen while the worker read the call.');
      // The site ends the call; the worker's next read finds it ended, tells it, and has nothing left to do.
      await emu.control.advanceClock(600);
      const readRunning = await reads();
      await until(
        'the worker to read the call ended',
        async () => ((await reads()) > readRunning ? true : null),
        WAKE_WAIT_MS,
      );
      // Then left alone until ASLEEP_MS have passed since its last request: an ended call's findings are read
      // within the minute after it (findings/job.ts), work the worker still had.
      const lastRequestMs = await quietFor(emu, ASLEEP_MS);
      const left = await extensionProcesses();
      const workers = (await Promise.all((await renderers(ours.pid)).map(runsWorker))).filter(Boolean).length;
      return {
        name: `Asleep: extension processes after ${ASLEEP_MS / 1000} s idle`,
        value: left,
        unit: 'processes',
        budget: 0,
        runs: [left],
        method: `Chromium started on a profile where the extension was connected and a call started (with automation, then closed), again with no debugging port or pipe, so nothing keeps the worker alive; the worker, woken by its alarm, read the call, the emulator's control API ended the call, and ${ASLEEP_MS / 1000} s after the extension's last request (${Math.round(lastRequestMs / 1000)} s after the worker read the call's end: the ended call's findings read), with no page of the extension open, the browser's renderer processes were counted in /proc beyond those of a browser started alike without the extension at the same time (${whileWorking} while the worker read the call; after the wait, ${workers} of our browser's renderers ran a service worker). Firefox is not counted: it runs every extension's pages in one extension process that lives as long as the browser, so its event page's suspension (extensions.background.idle.timeout) shows in no process; test/e2e/background-asleep.e2e.ts has it suspend and wake.`,
      };
    } finally {
      await ours.end();
      await floor?.end();
    }
  } finally {
    await emu.close().catch(() => undefined);
    await rm(profile, { recursive: true, force: true });
    await rm(floorProfile, { recursive: true, force: true });
  }
}
