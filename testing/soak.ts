/**
 * The chaos soak: a seeded schedule of calls (quick, slow, failing, needing approval, in sessions, with
 * files) started through the panels' own protocol while a chaos driver stops the service worker (DevTools
 * ServiceWorker.stopWorker), closes and reopens panels, has a second window's panel start the same intent,
 * cuts the site off (the emulator drops requests, answers 503 and 429 with Retry-After) and moves the site's
 * clock. At the end it checks, from the emulator's request log and the extension's IndexedDB: no call lost,
 * no call run twice, every finished call and approval told exactly once (one notification, or its count in
 * a summary), no request before a Retry-After, the badge equal to the open calls, and the cache within the
 * retention after pruning. In Chromium the chaos stops the service worker from outside (DevTools); Firefox gives
 * no way to stop its event page from outside, so there its idle timeout is cut to one second and it suspends
 * on its own whenever it is idle, and the starts are counted (the e2e build's wake counter). Besides the chaos's
 * stops, which fall where the seed puts them, one stop is planned a quarter of the way in: Chromium's worker is
 * stopped just after a click (waited for until DevTools stops a running one); Firefox's event page is left idle
 * until it has suspended and started again (the wake counter moves). So every soak stops its background at
 * least once, whatever the machine's speed. With `update`, a
 * third of the way in the extension is updated to the e2e build N+1 (its database upgraded) with calls in
 * flight; with `quota`, two thirds of the way in the disk is full for ten seconds (the e2e build's fault): a
 * start refused then must say so and send nothing, and every call must still be told once. Chromium's worker is
 * also stopped once while a start of its waits in the site (issue 41 point 4), and that call must end exactly once.
 * With `oddAnswers`, the site answers oddly (202s without fields, the file host failing under downloads, a
 * Retry-After of 50,000 kept for the extension's hour, both clocks then moved on by it) and the key must be kept.
 */
import type { Profile } from '@/emulator/index';
import { RETRY_AFTER_MAX_SECONDS } from '@/lib/api/errors';
import { PACE_KEY } from '@/lib/notify/pace';
import type { ExtensionBrowser, PageDriver } from '@/testing/browser/driver';
import { type BrowserName, launchBrowser, nextBuildDir } from '@/testing/browser/launch';
import { type LoggedRequest, startTestEmulator, type TestEmulator } from './emulator';
import {
  connect,
  cutQuota,
  moveBackgroundClock,
  readStore,
  sendCommand as sendFromPanel,
  toldNotifications,
} from './steps';
import { wordsFor } from './words';

export interface SoakOptions {
  calls: number;
  seed: number;
  /** The emulator's profile (default 'default'; 'strict' has no endpoint named without a shape). */
  profile?: Profile;
  /** Default chromium. */
  browser?: BrowserName;
  /** Update the extension to the e2e build N+1 a third of the way in. */
  update?: boolean;
  /** Fill the disk for ten seconds two thirds of the way in. */
  quota?: boolean;
  /**
   * The site answers oddly (issue 41): 202s to POST /calls without `today` and `holdCents`, the signed file links'
   * host failing (401, 503; a 429 with Retry-After 50,000 at the end) while the soak downloads result files, and
   * a 429 with Retry-After 50,000 from the site itself at the end (kept for the extension's hour, not 14 hours).
   */
  oddAnswers?: boolean;
  log?: (line: string) => void;
}

interface SoakFigures {
  seed: number;
  intents: number;
  clicks: number;
  runs: number;
  refusedVisibly: number;
  /** Starts refused because the disk was full: said to the member, nothing sent. */
  refusedStorageFull: number;
  lost: number;
  duplicateRuns: number;
  finishedCalls: number;
  callNotificationsTold: number;
  callsToldTwice: number;
  callsNotTold: number;
  approvals: number;
  approvalsToldTwice: number;
  approvalsNotTold: number;
  summariesDropped: number;
  requestsBeforeRetryAfter: number;
  /** 429 answers the worker was stopped before reading (not counted above). */
  retryAftersUnread: number;
  badge: string;
  openCallsAtEnd: number;
  /** Chromium: stops the chaos made. Firefox: times the event page suspended on its own and started again. */
  workerStops: number;
  /**
   * Chromium: stops of the worker while a POST /calls of it waited in the site (a delay fault), its answer not
   * yet written (issue 41 point 4's race). Firefox: 0, its event page cannot be stopped from outside.
   */
  stopsWhileStarting: number;
  /** With odd answers: 202s to POST /calls read without `today` and `holdCents` (the extension's rows). */
  startsLackingFields: number;
  /** Of those, the ones that ended finished and whose run was read (GET /calls/{runId} in the site's log). */
  startsLackingFieldsPolled: number;
  /** With odd answers: result files the soak asked the extension to download, and how many were saved. */
  downloads: number;
  downloadsSaved: number;
  /** File GETs the file host answered with a fault (401, 429, 503). */
  fileHostFailures: number;
  /** 429s with a Retry-After longer than the extension's cap (RETRY_AFTER_MAX_SECONDS) the extension met. */
  longRetryAfters: number;
  /** The longest pause the extension took for a 429 (s): at most RETRY_AFTER_MAX_SECONDS. */
  longestPauseSeconds: number;
  /** The connection still `connected` with its connectionId, and the last request with the key answered 200. */
  keyKept: boolean;
  panelsReopened: number;
  twoPanelIntents: number;
  siteCuts: number;
  clockMoves: number;
  updates: number;
  quotaCuts: number;
  cachedCallsAfterPrune: number;
  retentionMaxCount: number;
  seconds: number;
}

export interface SoakReport {
  figures: SoakFigures;
  failures: string[];
}

/** mulberry32: small, seedable, the same sequence on every machine. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Intent {
  localId: string;
  question: string;
  request: Record<string, unknown>;
  kind: string;
}

const RETRY_AFTER_S = 2;
/** The site's long Retry-After (issue 41): 14 hours, which the extension keeps for at most an hour. */
const LONG_RETRY_AFTER_S = 50_000;
/**
 * How long the site holds one start while the worker is stopped under it. Not a wait of the soak's (it waits
 * until the request is seen in the site's log); long enough that the stop comes before the answer.
 */
const START_DELAY_MS = 3000;
const IN_FLIGHT_MS = 100;
/** A worker stopped this soon after a 429 may not have read it. */
const UNREAD_MS = 1000;
const SETTLE_MS = 240_000;
/**
 * A guard, not a wait: how long after the last call the held summaries may take to be shown (their window, 5 s in
 * the e2e build, plus a late alarm); the soak waits until every ended call was told, checking twice a second.
 */
const SUMMARY_WAIT_MS = 180_000;

/** The agents of the emulator's seed, by how their calls go. */
const KINDS: { kind: string; weight: number; agentId: string; long?: boolean }[] = [
  { kind: 'quick', weight: 30, agentId: 'agt_rust' },
  { kind: 'quick', weight: 15, agentId: 'agt_mobile' },
  { kind: 'quick', weight: 10, agentId: 'agt_postgres' },
  { kind: 'slow', weight: 8, agentId: 'agt_react' },
  { kind: 'slow', weight: 3, agentId: 'agt_docs', long: true },
  { kind: 'failing', weight: 10, agentId: 'agt_k8s' },
  { kind: 'files', weight: 8, agentId: 'agt_shell' },
  { kind: 'files', weight: 6, agentId: 'agt_api' },
];

function pick<T extends { weight: number }>(items: readonly T[], r: number): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let x = r * total;
  for (const item of items) {
    x -= item.weight;
    if (x < 0) return item;
  }
  return items[items.length - 1] as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The emulator's fault, as its control API takes it. */
type FaultSpec = Parameters<TestEmulator['control']['fault']>[0];

/** What the soak reads in the extension's pages: storage and the badge. */
interface StorageGlobal {
  storage: Record<'local' | 'session', { get(k: string | null): Promise<Record<string, unknown>> }>;
  action: { getBadgeText(details: object): Promise<string> };
}

/** What the e2e build counts its background's starts under (entrypoints/background/e2e/hooks.ts). */
const WAKES_KEY = 'e2e:backgroundStarts';

/** How many times the background has started since the browser did (the e2e build's wake counter). */
function backgroundStarts(page: PageDriver): Promise<number> {
  return page.evaluate(async (key) => {
    const g = globalThis as unknown as { browser?: StorageGlobal; chrome?: StorageGlobal };
    return Number((await (g.browser ?? g.chrome)?.storage.session.get(key))?.[key] ?? 1);
  }, WAKES_KEY);
}

/** A guard against a hang, not a time budget: a planned stop is waited for until it happened. */
const PLANNED_STOP_MS = 60_000;

/** Waits until `done` answers true, asking every `everyMs`; `what` names the state in the failure. */
async function until(
  what: string,
  done: () => Promise<boolean>,
  everyMs = 100,
  guardMs = PLANNED_STOP_MS,
): Promise<void> {
  const deadline = Date.now() + guardMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Not seen within ${guardMs / 1000} s: ${what}.`);
    await sleep(everyMs);
  }
}

/** Like `until`, but says whether the state came within `guardMs` instead of throwing. */
async function seenWithin(done: () => Promise<boolean>, everyMs: number, guardMs: number): Promise<boolean> {
  const deadline = Date.now() + guardMs;
  while (!(await done())) {
    if (Date.now() > deadline) return false;
    await sleep(everyMs);
  }
  return true;
}

/** The background's own row (ui 'background'): the pause a 429 asked for, and when it was written. */
async function pauseRow(page: PageDriver): Promise<{ pausedUntil: number | null; updatedAt: string } | null> {
  const rows = await readStore<{ key: string; pausedUntil: number | null; updatedAt: string }>(page, 'ui');
  return rows.find((r) => r.key === 'background') ?? null;
}

/** Events held back for a summary not yet shown (lib/notify/pace). */
async function heldEvents(page: PageDriver): Promise<number> {
  return (await toldNotifications(page, PACE_KEY)).held.length;
}

interface CallRowLite {
  localId: string;
  state: string;
  runId: string | null;
  sessionId: string | null;
  error: { code: string; message: string } | null;
  result: { status: string | { unknown: string }; files?: { fileId: string }[] } | null;
  today?: unknown;
  holdCents?: number | null;
}

/** A call row read without `today` and `holdCents`: its 202 lacked them (the odd answers' omit fault). */
const lackedFields = (row: CallRowLite) => row.runId !== null && row.today === null && row.holdCents === null;

interface ApprovalRowLite {
  approvalId: string;
  localId: string;
  status: string;
}

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const log = options.log ?? (() => undefined);
  const random = seededRandom(options.seed);
  const began = Date.now();
  const emu: TestEmulator = await startTestEmulator({ profile: options.profile });
  const browserName = options.browser ?? 'chromium';
  let ext: ExtensionBrowser | null = null;
  const figures: SoakFigures = {
    seed: options.seed,
    intents: 0,
    clicks: 0,
    runs: 0,
    refusedVisibly: 0,
    refusedStorageFull: 0,
    lost: 0,
    duplicateRuns: 0,
    finishedCalls: 0,
    callNotificationsTold: 0,
    callsToldTwice: 0,
    callsNotTold: 0,
    approvals: 0,
    approvalsToldTwice: 0,
    approvalsNotTold: 0,
    summariesDropped: 0,
    requestsBeforeRetryAfter: 0,
    retryAftersUnread: 0,
    badge: '',
    openCallsAtEnd: 0,
    workerStops: 0,
    stopsWhileStarting: 0,
    startsLackingFields: 0,
    startsLackingFieldsPolled: 0,
    downloads: 0,
    downloadsSaved: 0,
    fileHostFailures: 0,
    longRetryAfters: 0,
    longestPauseSeconds: 0,
    keyKept: false,
    panelsReopened: 0,
    twoPanelIntents: 0,
    siteCuts: 0,
    clockMoves: 0,
    updates: 0,
    quotaCuts: 0,
    cachedCallsAfterPrune: 0,
    retentionMaxCount: 0,
    seconds: 0,
  };
  const failures: string[] = [];
  // Small enough that pruning has work to do at the end.
  const RETENTION_MAX_COUNT = Math.max(5, Math.floor(options.calls / 2));
  figures.retentionMaxCount = RETENTION_MAX_COUNT;
  try {
    const made = await emu.control.connectCode({
      name: 'Soak',
      switches: { askBeforeNewAgent: false },
      // No over_limit (a 429 without Retry-After): every 429 in the log is the chaos's rate_limited.
      limits: { sessionsPerDay: 100_000, callsPerDay: 100_000, openCallsMax: 10_000 },
    });
    await emu.control.call('POST', `/members/${made.memberId}/credits`, { purchasedCents: 100_000_000 });
    // Firefox's event page suspends on its own after a second idle (it cannot be stopped from outside).
    ext = await launchBrowser(browserName, { idleSuspendMs: 1000, updatable: options.update === true });
    const loaded = ext;
    // The observer: an extension page that stays open for reading IndexedDB and storage (opened again after an update).
    let observer = await loaded.openPanel();
    await connect(observer, await wordsFor('en'), emu.url, made.code);
    let panels: PageDriver[] = [observer, await loaded.openPanel()];

    const intents: Intent[] = [];
    const replies = new Map<string, unknown[]>();
    const click = (page: PageDriver, payload: { localId: string }) =>
      sendFromPanel(page, 'startCall', payload).then(
        (reply) => {
          replies.set(payload.localId, [...(replies.get(payload.localId) ?? []), reply]);
          return reply;
        },
        async (error: unknown) => {
          // The panel closed under the click (the chaos closed it): the draft and its intent are still there,
          // so the member opens a panel and clicks again; the same intent cannot make a second call.
          replies.set(payload.localId, [
            ...(replies.get(payload.localId) ?? []),
            { pageGone: String(error).slice(0, 80) },
          ]);
          figures.clicks++;
          const reply = await sendFromPanel(observer, 'startCall', payload).catch(() => undefined);
          replies.set(payload.localId, [...(replies.get(payload.localId) ?? []), reply]);
          return reply;
        },
      );
    const pending = new Set<Promise<unknown>>();
    const track = (p: Promise<unknown>) => {
      pending.add(p);
      void p.finally(() => pending.delete(p));
    };
    const someSessions: string[] = [];
    const stoppedAt: number[] = [];
    let running = true;
    let approving = true;
    // Held while the extension is updated: the chaos waits, as the member's clicks do.
    let updating = false;
    const updateAt = options.update ? Math.floor(options.calls / 3) : -1;
    // The planned stop, so no soak can pass without one (the chaos's stops fall where the seed puts them).
    const plannedStopAt = Math.floor(options.calls / 4);
    let plannedStops = 0;
    const quotaAt = options.quota ? Math.floor((2 * options.calls) / 3) : -1;

    // --- The odd answers (issue 41) and the stop under a start ---
    const odd = options.oddAnswers === true;
    // Streams of their own, so the seed's schedule of calls and chaos is the same with or without them.
    const omitRandom = seededRandom(options.seed ^ 0x4101);
    const fileRandom = seededRandom(options.seed ^ 0x4102);
    // The signed file links: on the site's own origin (default profile) or on a storage host of its own (strict).
    const fileLinks = options.profile === 'strict' ? '/dl/*' : '/api/v1/files/*';
    const faultIds = async () =>
      new Set((await emu.control.call<{ faults: { id: string }[] }>('GET', '/faults')).faults.map((f) => f.id));
    const placeFault = async (spec: FaultSpec) => ((await emu.control.fault(spec)) as { faultId: string }).faultId;
    const siteNow = async () => (await emu.control.call<{ now: string }>('GET', '/clock')).now;
    // One files call planned by the seed, so there is something to download (and the file host fails under it).
    const filesAt = odd ? Math.max(1, Math.floor(options.calls / 5)) : -1;
    // A 202 without `today` and `holdCents`: armed before a click until one was read so (a fault taken by a start
    // answered otherwise, say needs_approval, leaves none), and again now and then where the seed says.
    let omitArmed: string | null = null;
    const armOmit = async () => {
      const again = omitRandom() < 0.15;
      if (omitArmed !== null && (await faultIds()).has(omitArmed)) return;
      const lacking = (await readStore<CallRowLite>(observer, 'calls')).filter(lackedFields).length;
      if (lacking > 0 && !again) return;
      omitArmed = await placeFault({ method: 'POST', path: '/api/v1/calls', omit: ['today', 'holdCents'], count: 1 });
    };
    // The file host failing under the member's downloads: the first meets a 401, the second a 503, later ones
    // one or the other where the seed says. Its 429 with a long Retry-After comes at the end (on the default
    // profile the links are the site's own, so it pauses the extension for its hour).
    const fileFault = (status: 401 | 503): FaultSpec =>
      status === 401
        ? { method: 'GET', path: fileLinks, status, code: 'unauthenticated', count: 1 }
        : { method: 'GET', path: fileLinks, status, count: 1 };
    const fileFaults: FaultSpec[] = [fileFault(401), fileFault(503)];
    const download = async (localId: string, fileId: string, fault: FaultSpec | null) => {
      if (fault) await placeFault(fault);
      figures.downloads++;
      const reply = (await sendFromPanel(observer, 'downloadFile', { localId, fileId, confirmedActive: true }).catch(
        () => undefined,
      )) as { ok?: boolean } | undefined;
      if (reply?.ok === true) figures.downloadsSaved++;
      return reply;
    };
    let downloading = odd;
    const downloader = (async () => {
      const tried = new Set<string>();
      while (downloading) {
        await sleep(700);
        if (updating) continue;
        const rows = await readStore<CallRowLite>(observer, 'calls').catch(() => []);
        for (const row of rows.filter((r) => r.state === 'finished')) {
          for (const file of row.result?.files ?? []) {
            const key = `${row.localId} ${file.fileId}`;
            if (tried.has(key) || !downloading || updating) continue;
            tried.add(key);
            const r = fileRandom();
            const fault = fileFaults.shift() ?? (r < 0.5 ? fileFault(r < 0.25 ? 401 : 503) : null);
            const reply = await download(row.localId, file.fileId, fault);
            // The member clicks again after a failure: the file host's failure was the file's, nothing else's.
            if (fault && reply?.ok !== true) await download(row.localId, file.fileId, null);
          }
        }
      }
    })();

    // Chromium: one stop of the worker while a start of its waits in the site (a delay fault), its answer not yet
    // written: issue 41 point 4's race. Planned a tenth of the way in, armed again at the next click until it happened
    // (waited for in the site's log, never for a time), but not into the full disk's window: a send whose outcome
    // could not be written stays `sending` until the worker starts again, which the soak's checks keep from
    // happening (see the closing note). Firefox's event page cannot be stopped from outside.
    const inFlightAt = loaded.stopBackground ? Math.max(1, Math.floor(options.calls / 10)) : -1;
    let inFlight: { faultId: string; since: string } | null = null;
    const inFlightQuestions: string[] = [];
    const stopWhileStarting = async () => {
      const stop = loaded.stopBackground;
      const armed = inFlight;
      if (!stop || !armed) return;
      const found: { request?: LoggedRequest } = {};
      await seenWithin(
        async () => {
          if ((await faultIds()).has(armed.faultId)) return false;
          found.request = (await emu.control.callStarts()).find((r) => r.at >= armed.since && r.status === null);
          return found.request !== undefined;
        },
        50,
        30_000,
      );
      if (!(await faultIds()).has(armed.faultId)) inFlight = null;
      const waiting = found.request;
      if (!waiting) return;
      await until('the worker stopped from outside', () => stop().catch(() => false), 50);
      figures.workerStops++;
      const at = await emu.control.call<{ now: string }>('GET', '/clock').catch(() => null);
      if (at) stoppedAt.push(Date.parse(at.now));
      const still = (await emu.control.callStarts()).find(
        (r) => r.at === waiting.at && r.idempotencyKey === waiting.idempotencyKey,
      );
      if (still?.status !== null) return;
      figures.stopsWhileStarting++;
      const question = (waiting.body as { question?: string } | null)?.question;
      if (question) inFlightQuestions.push(question);
      log(`the worker stopped while its start waited in the site (${question ?? 'a start'})`);
    };

    // The member on the site: approves what waits, a little later, and comes back to say so ("I approved it"):
    // a site without GET /approvals (the strict profile) gives the extension no other sign, and it never
    // resends blind. Said again while the approval still waits, as a member whose click was lost would.
    const approver = (async () => {
      while (approving) {
        await sleep(700);
        const waiting = await readStore<ApprovalRowLite>(observer, 'approvals').catch(() => []);
        for (const a of waiting.filter((w) => w.status === 'pending')) {
          await emu.control.call('POST', `/approvals/${a.approvalId}/approve`).catch(() => undefined);
          await sendFromPanel(observer, 'approvalCameBack', { approvalId: a.approvalId }).catch(() => undefined);
        }
      }
    })();

    // Chaos, until the last intent was clicked.
    let acting: Promise<void> | null = null;
    const chaos = (async () => {
      while (running) {
        await sleep(500 + random() * 1500);
        if (!running) break;
        if (updating) continue;
        // One act at a time, which the update waits for: a panel reopened while the extension was being
        // replaced never showed (its page went with the old extension).
        acting = act(random());
        await acting;
        acting = null;
      }
    })();

    async function act(r: number): Promise<void> {
      if (r < 0.3) {
        // Firefox: nothing to do from outside, its event page suspends whenever it is idle a second.
        if (await (loaded.stopBackground?.() ?? Promise.resolve(false)).catch(() => false)) {
          figures.workerStops++;
          // On the site's clock (the request log's), to tell a 429 the stopped worker never read.
          const at = await emu.control.call<{ now: string }>('GET', '/clock').catch(() => null);
          if (at) stoppedAt.push(Date.parse(at.now));
        }
      } else if (r < 0.5) {
        const index = 1 + Math.floor(random() * (panels.length - 1));
        const old = panels[index];
        if (old) {
          await old.close().catch(() => undefined);
          panels = [...panels.slice(0, index), await loaded.openPanel(), ...panels.slice(index + 1)];
          figures.panelsReopened++;
        }
      } else if (r < 0.75) {
        const what = random();
        const fault =
          what < 0.4
            ? { path: '/api/v1/calls', drop: true, count: 1 + Math.floor(random() * 3) }
            : what < 0.7
              ? { path: '/api/v1/*', status: 503, code: 'server_error', count: 1 + Math.floor(random() * 3) }
              : { path: '/api/v1/*', status: 429, code: 'rate_limited', retryAfter: RETRY_AFTER_S, count: 1 };
        await emu.control.fault(fault).catch(() => undefined);
        figures.siteCuts++;
      } else {
        await emu.control.advanceClock(30 + Math.floor(random() * 300)).catch(() => undefined);
        figures.clockMoves++;
      }
    }

    // The member's clicks.
    for (let i = 0; i < options.calls; i++) {
      await sleep(200 + random() * 900);
      if (i === updateAt) {
        // The browser updates the extension between two clicks: every page and the worker go, N+1 starts.
        updating = true;
        await acting;
        await Promise.all([...pending]);
        await loaded.updateExtension(nextBuildDir(browserName));
        observer = await loaded.openPanel();
        panels = [observer, await loaded.openPanel()];
        figures.updates++;
        updating = false;
        log(`updated to N+1 after ${i} clicks`);
      }
      if (i === quotaAt) {
        await cutQuota(observer, true);
        figures.quotaCuts++;
        log(`disk full after ${i} clicks, for ten seconds`);
        track(
          (async () => {
            await sleep(10_000);
            await cutQuota(observer, false);
          })(),
        );
      }
      const kinds = options.calls >= 100 ? KINDS : KINDS.filter((k) => !k.long);
      // The planned files call (odd answers) is drawn like any other, then made a files call, alone and paid.
      const planned = i === filesAt;
      const drawn = pick(kinds, random());
      const choice = planned ? (KINDS.find((k) => k.agentId === 'agt_shell') ?? drawn) : drawn;
      const inSession = someSessions.length > 0 && random() < 0.12 && !planned;
      const spendingOff = random() < 0.1 && !planned;
      const question = `Soak ${options.seed} call ${i}: ${choice.kind} question`;
      const request: Record<string, unknown> = { agentId: choice.agentId, callId: 'question', question };
      if (inSession) {
        const sessionId = someSessions[Math.floor(random() * someSessions.length)] as string;
        const rows = await readStore<CallRowLite>(observer, 'calls').catch(() => []);
        const sessionAgent = rows.find((row) => row.sessionId === sessionId);
        if (sessionAgent) {
          request.sessionId = sessionId;
          const agentOf = intents.find((x) => x.localId === sessionAgent.localId)?.request.agentId;
          if (agentOf) request.agentId = agentOf;
        }
      }
      const intent: Intent = {
        localId: crypto.randomUUID(),
        question,
        request,
        kind: spendingOff ? `${choice.kind}+approval` : choice.kind,
      };
      intents.push(intent);
      if (spendingOff)
        await emu.control.patchConnection(made.connectionId, { switches: { spending: false } }).catch(() => undefined);
      const payload = { localId: intent.localId, request, agentName: null, callName: null };
      if (odd && i >= 1) await armOmit();
      const nearFullDisk = quotaAt >= 0 && i >= quotaAt - 3;
      if (inFlightAt >= 0 && i >= inFlightAt && !nearFullDisk && figures.stopsWhileStarting === 0 && !inFlight) {
        const since = await siteNow();
        inFlight = {
          since,
          faultId: await placeFault({ method: 'POST', path: '/api/v1/calls', delayMs: START_DELAY_MS, count: 1 }),
        };
      }
      const from = panels[Math.floor(random() * panels.length)] as PageDriver;
      const how = random();
      if (how < 0.15 && panels.length > 1) {
        // Two windows, one intent: both panels click "Start the call" on the same preview.
        figures.twoPanelIntents++;
        figures.clicks += 2;
        track(Promise.all(panels.slice(0, 2).map((p) => click(p, payload))));
      } else if (how < 0.25 && from !== observer) {
        // The panel closes mid-click; the member clicks again from another window (the same draft, the same intent).
        figures.clicks += 2;
        const index = panels.indexOf(from);
        track(
          (async () => {
            const first = click(from, payload);
            await sleep(random() * 30);
            await from.close().catch(() => undefined);
            await first;
            await click(observer, payload);
          })(),
        );
        panels = [...panels.slice(0, index), await loaded.openPanel(), ...panels.slice(index + 1)];
        figures.panelsReopened++;
      } else {
        figures.clicks++;
        track(click(from, payload));
      }
      if (inFlight !== null) await stopWhileStarting();
      if (i === plannedStopAt) {
        if (loaded.stopBackground) {
          // Chromium: just after the click, DevTools stops the worker once it reports it running.
          const stop = loaded.stopBackground;
          await until('the worker stopped from outside', () => stop().catch(() => false));
          figures.workerStops++;
          const at = await emu.control.call<{ now: string }>('GET', '/clock').catch(() => null);
          if (at) stoppedAt.push(Date.parse(at.now));
        } else {
          // Firefox: the event page suspends after a second idle; a read of its own every 1.5 s starts it again.
          const before = await backgroundStarts(observer);
          await until(
            'the event page suspended and started again',
            async () => {
              if ((await backgroundStarts(observer)) > before) return true;
              await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
              return false;
            },
            1500,
          );
          // Counted here: an update later in the soak starts the counter again (storage.session is cleared).
          figures.workerStops++;
        }
        plannedStops++;
        log(`the background stopped as planned after click ${i}`);
      }
      if (spendingOff) {
        await sleep(300);
        await emu.control.patchConnection(made.connectionId, { switches: { spending: true } }).catch(() => undefined);
      }
      if (i % 5 === 0) {
        const rows = await readStore<CallRowLite>(observer, 'calls').catch(() => []);
        for (const row of rows)
          if (row.sessionId && !someSessions.includes(row.sessionId)) someSessions.push(row.sessionId);
      }
    }
    figures.intents = intents.length;
    running = false;
    await chaos;
    await emu.control.call('DELETE', '/faults');
    await Promise.all([...pending]);
    log(`${intents.length} intents clicked; waiting for every call to settle…`);

    // Settle: no call left sending, waiting or running. The worker is woken now and then, as a member would.
    const terminal = new Set(['finished', 'refused', 'declined', 'expired', 'unsent']);
    const deadline = Date.now() + SETTLE_MS;
    let rows: CallRowLite[] = [];
    let settleRounds = 0;
    for (;;) {
      rows = await readStore<CallRowLite>(observer, 'calls');
      const open = intents.filter((x) => {
        const row = rows.find((r) => r.localId === x.localId);
        return row && !terminal.has(row.state);
      });
      if (open.length === 0 || Date.now() > deadline) break;
      if (++settleRounds % 10 === 0) {
        const starts = await emu.control.callStarts();
        log(
          `still open: ${open
            .map((x) => {
              const row = rows.find((r) => r.localId === x.localId);
              const sent = starts
                .filter((s) => (s.body as { question?: string } | null)?.question === x.question)
                .map((s) => `${s.status}@${s.at.slice(11, 23)}`);
              return `${x.kind} "${x.question}" ${JSON.stringify(row).slice(0, 400)} sent: ${sent.join(' ')}`;
            })
            .join('; ')}`,
        );
      }
      await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
      await sleep(2000);
    }
    approving = false;
    await approver.catch(() => undefined);
    downloading = false;
    await downloader.catch(() => undefined);
    // A file fault the last downloads did not meet is not for what follows.
    await emu.control.call('DELETE', '/faults');

    // Every call's end told, and no summary still held, before the clocks move on by the hour below (odd
    // answers): a summary held across that hour is too late, dropped by design (lib/notify/pace), and an end a
    // stopped worker left untold is past the look-back (UNTOLD_LOOKBACK_MS). A slow run (229 s) ended with 6
    // of 14 calls told neither alone nor in a summary. Without the hour it is the same wait as the last one
    // below. A member's check wakes the worker now and then. Not seen: said among the failures below.
    const everyCallTold = async () => {
      const told = await toldNotifications(observer, PACE_KEY);
      const ended = (await readStore<CallRowLite>(observer, 'calls')).filter(
        (r) => r.state === 'finished' && r.runId && r.result,
      );
      const alone = ended.filter((r) => (told.shown.get(`call:${r.runId}:finished`) ?? 0) > 0).length;
      const summed = told.summarised.get('summary:call_finished') ?? 0;
      return told.held.length === 0 && alone + summed >= ended.length;
    };
    /** Whether every end is told within SUMMARY_WAIT_MS; with `wake`, a member's check every 2 s meanwhile. */
    const everyCallToldWithin = (wake: () => boolean) => {
      let checks = 0;
      return seenWithin(
        async () => {
          if (await everyCallTold()) return true;
          if (wake() && ++checks % 4 === 0) await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
          return false;
        },
        500,
        SUMMARY_WAIT_MS,
      );
    };
    const toldBeforeTheHour = await everyCallToldWithin(() => true);
    if (!toldBeforeTheHour)
      failures.push(
        `calls' ends not all told ${SUMMARY_WAIT_MS / 1000} s after every call settled, before the clocks moved on`,
      );

    // The long Retry-Afters, at the end: the extension keeps one for its hour (RETRY_AFTER_MAX_SECONDS), not 14
    // hours. The soak does not wait that hour: the pause is read from the extension's row, a member's "check"
    // during it must be held, then the site's clock and the extension's (the e2e build's) are moved on by the
    // hour together, and the request log's check below holds every request to min(Retry-After, the hour).
    let clockMovedOn = false;
    const anHourLater = async () => {
      await emu.control.advanceClock(RETRY_AFTER_MAX_SECONDS);
      await moveBackgroundClock(observer, RETRY_AFTER_MAX_SECONDS * 1000);
      clockMovedOn = true;
      // An hour on, a browser has stopped its worker: the next start reads what is due on the moved clock (a
      // live worker's timer was set on the old one). Firefox's event page suspends on its own when idle.
      const stop = loaded.stopBackground;
      if (stop) {
        await until('the worker stopped from outside', () => stop().catch(() => false), 50);
        figures.workerStops++;
      }
      log(`the site's clock and the extension's moved on by ${RETRY_AFTER_MAX_SECONDS} s`);
    };
    /** Waits until the extension wrote a pause other than `before`, and checks it is the hour, no more, no less. */
    const keptForTheHour = async (what: string, before: number | null) => {
      const seen: { row?: { pausedUntil: number | null; updatedAt: string } | null } = {};
      await until(`the extension's pause after ${what}`, async () => {
        seen.row = await pauseRow(observer);
        return seen.row?.pausedUntil != null && seen.row.pausedUntil !== before;
      });
      const pauseMs = (seen.row?.pausedUntil ?? 0) - Date.parse(seen.row?.updatedAt ?? '');
      figures.longestPauseSeconds = Math.max(figures.longestPauseSeconds, Math.round(pauseMs / 1000));
      if (!(pauseMs <= RETRY_AFTER_MAX_SECONDS * 1000 && pauseMs >= (RETRY_AFTER_MAX_SECONDS - 60) * 1000))
        failures.push(`${what} (Retry-After ${LONG_RETRY_AFTER_S}) paused the extension for ${pauseMs / 1000} s`);
    };
    if (odd) {
      const before = (await pauseRow(observer))?.pausedUntil ?? null;
      // The site's own 429, on the first read of a call started now (a files call: its file is downloaded next).
      await placeFault({
        method: 'GET',
        path: '/api/v1/calls/*',
        status: 429,
        code: 'rate_limited',
        retryAfter: LONG_RETRY_AFTER_S,
        count: 1,
      });
      const question = `Soak ${options.seed} call ${intents.length}: files question, read after a long Retry-After`;
      const request = { agentId: 'agt_shell', callId: 'question', question };
      const last: Intent = { localId: crypto.randomUUID(), question, request, kind: 'files+long Retry-After' };
      intents.push(last);
      figures.intents = intents.length;
      figures.clicks++;
      const lastPayload = { localId: last.localId, request, agentName: null, callName: null };
      await click(observer, lastPayload);
      await until('the site’s long Retry-After met by a read of the call', async () =>
        (await emu.control.requests('/api/v1/calls/')).some((r) => r.status === 429 && r.retryAfter !== null),
      );
      await keptForTheHour('the site’s 429', before);
      // The member checks during the pause: held in the extension, nothing sent (the log check below).
      const held = (await sendFromPanel(observer, 'refreshMe', {})) as { error?: { code?: string } } | undefined;
      if (held?.error?.code !== 'rate_limited')
        failures.push(`a check during the site's pause was not held: ${JSON.stringify(held)}`);
      await anHourLater();
      // After the hour the call is read again, to its end (the member's checks wake a worker that was stopped:
      // its alarm, set on the moved clock, would come an hour late).
      await until(
        'the call read to its end after the pause',
        async () => {
          await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
          const row = (await readStore<CallRowLite>(observer, 'calls')).find((r) => r.localId === last.localId);
          return row?.state === 'finished';
        },
        1000,
      );
      // The file host's 429 with the same Retry-After, on a download of that call's file.
      const row = (await readStore<CallRowLite>(observer, 'calls')).find((r) => r.localId === last.localId);
      const file = row?.result?.files?.[0];
      if (file) {
        const pausedBefore = (await pauseRow(observer))?.pausedUntil ?? null;
        await download(last.localId, file.fileId, {
          method: 'GET',
          path: fileLinks,
          status: 429,
          retryAfter: LONG_RETRY_AFTER_S,
          count: 1,
        });
        const pausedAfter = (await pauseRow(observer))?.pausedUntil ?? null;
        if (pausedAfter !== pausedBefore) {
          // The default profile's links are on the site's origin: its 429 is the site's, kept for the hour.
          if (options.profile === 'strict') failures.push('a storage host’s 429 paused the extension');
          await keptForTheHour('the file link’s 429', pausedBefore);
          await anHourLater();
        }
        // The member clicks again: the file comes.
        await download(last.localId, file.fileId, null);
      } else failures.push(`the last call has no file to download (${row?.state ?? 'not stored'})`);
    }

    // The key kept: the connection row as it was, and a request with the key answered 200 after everything.
    const since = await siteNow();
    const answered = await seenWithin(
      async () => {
        await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
        return (await emu.control.requests('/api/v1/me')).some(
          (r) => r.at >= since && r.authorization && r.status === 200,
        );
      },
      1000,
      30_000,
    );
    const conn = (await readStore<{ id: string; status: string; connectionId: string }>(observer, 'connection')).find(
      (r) => r.id === 'current',
    );
    figures.keyKept = answered && conn?.status === 'connected' && conn.connectionId === made.connectionId;
    if (!figures.keyKept)
      failures.push(
        `the key was not kept: connection ${conn?.status ?? 'gone'} ${conn?.connectionId ?? ''}, a request with it answered: ${answered}`,
      );

    // The last notifications' summaries: due a minute after the last shown of their kind, on an alarm that a
    // busy machine fires late. Waited for until none is held (each is then shown, or counted as dropped), not
    // for a fixed minute: the count below must not depend on how loaded the machine is.
    // After the clocks were moved on, the summary's alarm (set on the extension's clock) comes an hour late: the
    // member's check wakes a stopped worker, which shows what is due. What is still held is said just below.
    await everyCallToldWithin(() => clockMovedOn);
    const stillHeld = await heldEvents(observer);
    if (stillHeld > 0)
      failures.push(`${stillHeld} event(s) still held for a summary ${SUMMARY_WAIT_MS / 1000} s after the last call`);
    await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
    await sleep(2000);

    // --- Checks ---
    rows = await readStore<CallRowLite>(observer, 'calls');
    const starts = (await emu.control.callStarts()) as LoggedRequest[];
    for (const x of intents) {
      const row = rows.find((r) => r.localId === x.localId);
      // A resend with the same Idempotency-Key answers the same run: runs are counted by key.
      const keys = new Set(
        starts
          .filter((s) => s.status === 202 && (s.body as { question?: string } | null)?.question === x.question)
          .map((s) => s.idempotencyKey),
      );
      if (keys.size > 1) figures.duplicateRuns += keys.size - 1;
      const refusedFull = (replies.get(x.localId) ?? []).some(
        (r) => (r as { error?: { code?: string } } | null)?.error?.code === 'storage_full',
      );
      if (row?.state === 'finished' && row.runId) figures.runs++;
      else if (!row && refusedFull) {
        // Not stored, so not sent (what is sent is stored first): the member was told the disk is full.
        figures.refusedStorageFull++;
        if (keys.size > 0) failures.push(`sent although its start was refused for a full disk: ${x.localId}`);
      }
      // Declined and expired approvals are shown as such; a refusal or a give-up carries its words.
      else if (row && (row.state === 'declined' || row.state === 'expired' || (terminal.has(row.state) && row.error)))
        figures.refusedVisibly++;
      else {
        figures.lost++;
        failures.push(
          `lost: ${x.kind} call ${x.localId} is ${row ? row.state : 'not stored'} (clicks answered: ${JSON.stringify(replies.get(x.localId) ?? [])})`,
        );
      }
    }
    if (figures.duplicateRuns > 0) failures.push(`${figures.duplicateRuns} duplicate run(s)`);

    // The start the worker was stopped under ended exactly once: one run, its row at an end (finished, or refused
    // in words), never lost.
    for (const question of inFlightQuestions) {
      const x = intents.find((i) => i.question === question);
      const row = rows.find((r) => r.localId === x?.localId);
      const keys = new Set(
        starts
          .filter((s) => s.status === 202 && (s.body as { question?: string } | null)?.question === question)
          .map((s) => s.idempotencyKey),
      );
      const ended = row?.state === 'finished' ? keys.size === 1 : row && terminal.has(row.state) && row.error !== null;
      if (!ended || keys.size > 1)
        failures.push(`the start the worker was stopped under: ${row?.state ?? 'not stored'}, ${keys.size} run(s)`);
    }
    if (loaded.stopBackground && figures.stopsWhileStarting < 1)
      failures.push('the worker was never stopped while a start of its waited in the site');

    // Every 202 read without `today` and `holdCents` is a started call: read to its end (GET /calls/{runId}).
    const lacking = rows.filter(lackedFields);
    const reads = new Set(
      (await emu.control.requests('/api/v1/calls/'))
        .filter((r) => r.method === 'GET' && r.status === 200)
        .map((r) => r.path),
    );
    figures.startsLackingFields = lacking.length;
    figures.startsLackingFieldsPolled = lacking.filter(
      (r) => r.state === 'finished' && reads.has(`/api/v1/calls/${r.runId}`),
    ).length;
    if (figures.startsLackingFieldsPolled < lacking.length)
      failures.push(
        `202s without today and holdCents not read to their end: ${lacking
          .filter((r) => r.state !== 'finished' || !reads.has(`/api/v1/calls/${r.runId}`))
          .map((r) => `${r.localId} ${r.state}`)
          .join(', ')}`,
      );
    const unread = rows.filter((r) => r.error?.code === 'malformed_answer');
    if (unread.length > 0) failures.push(`${unread.length} start(s) whose answer "could not be read"`);
    if (options.oddAnswers) {
      if (lacking.length === 0) failures.push('no 202 without today and holdCents was met');
      const fileGets = await emu.control.fileGets();
      figures.fileHostFailures = fileGets.filter(
        (g) => g.status === 401 || g.status === 429 || g.status === 503,
      ).length;
      for (const status of [401, 503, 429])
        if (!fileGets.some((g) => g.status === status)) failures.push(`no download met the file host's ${status}`);
    }

    const notes = await toldNotifications(observer, PACE_KEY);
    const told = notes.shown;
    const summarised = notes.summarised;
    figures.summariesDropped = notes.dropped;
    const finished = rows.filter((r) => r.state === 'finished' && r.runId && r.result);
    figures.finishedCalls = finished.length;
    const individually = finished.filter((r) => (told.get(`call:${r.runId}:finished`) ?? 0) > 0).length;
    figures.callsToldTwice = finished.filter((r) => (told.get(`call:${r.runId}:finished`) ?? 0) > 1).length;
    const inSummaries = summarised.get('summary:call_finished') ?? 0;
    figures.callNotificationsTold = individually + inSummaries;
    figures.callsNotTold = Math.max(0, finished.length - figures.callNotificationsTold);
    if (figures.callsToldTwice > 0) failures.push(`${figures.callsToldTwice} call(s) notified twice`);
    if (figures.callNotificationsTold !== finished.length) {
      failures.push(
        `finished calls ${finished.length}, told ${figures.callNotificationsTold} (${individually} alone, ${inSummaries} in summaries)`,
      );
    }
    const approvals = await readStore<ApprovalRowLite>(observer, 'approvals');
    figures.approvals = approvals.length;
    const approvalsAlone = approvals.filter((a) => (told.get(`approval:${a.approvalId}:needed`) ?? 0) > 0).length;
    figures.approvalsToldTwice = approvals.filter((a) => (told.get(`approval:${a.approvalId}:needed`) ?? 0) > 1).length;
    const approvalsSummed = summarised.get('summary:approval_needed') ?? 0;
    figures.approvalsNotTold = Math.max(0, approvals.length - approvalsAlone - approvalsSummed);
    if (figures.approvalsToldTwice > 0) failures.push(`${figures.approvalsToldTwice} approval(s) notified twice`);
    if (approvalsAlone + approvalsSummed !== approvals.length) {
      failures.push(`approvals ${approvals.length}, told ${approvalsAlone + approvalsSummed}`);
    }
    if (figures.summariesDropped > 0) failures.push(`${figures.summariesDropped} event(s) in dropped summaries`);

    // No request before a Retry-After: after each 429, nothing from the extension until it has passed. A
    // request already on its way when the 429 left (arriving within IN_FLIGHT_MS of it) is not a new one.
    const apiLog = (await emu.control.requests('/api/')).sort((a, b) => a.at.localeCompare(b.at));
    const early: string[] = [];
    for (const [i, r] of apiLog.entries()) {
      // Only a 429 with Retry-After asks for a pause (rate_limited); failed_calls is about one agent.
      // Only the site's 429 pauses: one to a request with the key, or to a signed link on the site's own origin.
      if (r.status !== 429 || r.retryAfter === null) continue;
      if (!r.authorization && !r.path.startsWith('/api/v1/files/')) continue;
      if (Number(r.retryAfter) > RETRY_AFTER_MAX_SECONDS) figures.longRetryAfters++;
      // The worker was stopped as this answer came: it never read the Retry-After, so nothing was owed to it.
      if (stoppedAt.some((s) => s >= Date.parse(r.at) - IN_FLIGHT_MS && s <= Date.parse(r.at) + UNREAD_MS)) {
        figures.retryAftersUnread++;
        continue;
      }
      const from = Date.parse(r.at) + IN_FLIGHT_MS;
      // Kept for what it asked, up to the extension's cap (an hour; lib/api/errors RETRY_AFTER_MAX_SECONDS).
      const until = Date.parse(r.at) + Math.min(Number(r.retryAfter), RETRY_AFTER_MAX_SECONDS) * 1000;
      for (const n of apiLog.slice(i + 1)) {
        const at = Date.parse(n.at);
        if (n.authorization && at > from && at < until) {
          const before = apiLog
            .slice(Math.max(0, i - 3), i + 1)
            .map((b) => `${b.method} ${b.path} ${b.status} ${b.idempotencyKey?.slice(0, 6) ?? ''}@${b.at.slice(17)}`);
          early.push(
            `${n.method} ${n.path} ${n.idempotencyKey?.slice(0, 6) ?? ''}@${n.at.slice(17)} ${at - Date.parse(r.at)} ms after a 429 [${before.join(' | ')}]`,
          );
        }
      }
    }
    figures.requestsBeforeRetryAfter = early.length;
    if (early.length > 0)
      failures.push(`${early.length} request(s) before a Retry-After: ${early.slice(0, 5).join('; ')}`);

    figures.openCallsAtEnd = rows.filter((r) => r.state === 'started').length;
    figures.badge = await observer.evaluate(async () => {
      const g = globalThis as unknown as { browser?: StorageGlobal; chrome?: StorageGlobal };
      return (await (g.browser ?? g.chrome)?.action.getBadgeText({})) ?? '';
    }, null);
    // The event page's starts since the last update, beside the stops counted as they happened.
    if (browserName === 'firefox')
      figures.workerStops = Math.max(figures.workerStops, (await backgroundStarts(observer)) - 1);
    if (plannedStops < 1 || figures.workerStops < 1)
      failures.push(`the background never stopped (${plannedStops} planned)`);
    const expectedBadge = figures.openCallsAtEnd > 0 ? String(figures.openCallsAtEnd) : '';
    if (figures.badge !== expectedBadge && figures.badge !== '!' && figures.badge !== 'off') {
      failures.push(`badge "${figures.badge}", open calls ${figures.openCallsAtEnd}`);
    }

    // Pruning keeps the cache within the retention: set again, it prunes at once.
    await sendFromPanel(observer, 'setSettings', { retention: { maxAgeDays: null, maxCount: RETENTION_MAX_COUNT } });
    const after = await readStore<CallRowLite>(observer, 'calls');
    figures.cachedCallsAfterPrune = after.filter((r) => terminal.has(r.state)).length;
    if (figures.cachedCallsAfterPrune > RETENTION_MAX_COUNT)
      failures.push(`${figures.cachedCallsAfterPrune} ended calls cached, retention ${RETENTION_MAX_COUNT}`);
  } finally {
    figures.seconds = Math.round((Date.now() - began) / 1000);
    await ext?.close().catch(() => undefined);
    await emu.close().catch(() => undefined);
  }
  return { figures, failures };
}
