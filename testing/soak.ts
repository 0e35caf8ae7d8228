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
 * start refused then must say so and send nothing, and every call must still be told once.
 */
import type { Profile } from '@/emulator/index';
import { PACE_KEY } from '@/lib/notify/pace';
import type { ExtensionBrowser, PageDriver } from '@/testing/browser/driver';
import { type BrowserName, launchBrowser, nextBuildDir } from '@/testing/browser/launch';
import { type LoggedRequest, startTestEmulator, type TestEmulator } from './emulator';
import { connect, cutQuota, readStore, sendCommand as sendFromPanel, toldNotifications } from './steps';
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

/** What the soak reads in the extension's pages: storage and the badge. */
interface StorageGlobal {
  storage: Record<'local' | 'session', { get(k: string | null): Promise<Record<string, unknown>> }>;
  action: { getBadgeText(details: object): Promise<string> };
}

/** What the e2e build counts its background's starts under (entrypoints/background/e2e-hooks.ts). */
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
  result: { status: string | { unknown: string } } | null;
}

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
              ? { path: '/api/v1/', status: 503, code: 'server_error', count: 1 + Math.floor(random() * 3) }
              : { path: '/api/v1/', status: 429, code: 'rate_limited', retryAfter: RETRY_AFTER_S, count: 1 };
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
      const choice = pick(kinds, random());
      const inSession = someSessions.length > 0 && random() < 0.12;
      const spendingOff = random() < 0.1;
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
    for (;;) {
      rows = await readStore<CallRowLite>(observer, 'calls');
      const open = intents.filter((x) => {
        const row = rows.find((r) => r.localId === x.localId);
        return row && !terminal.has(row.state);
      });
      if (open.length === 0 || Date.now() > deadline) break;
      await sendFromPanel(observer, 'refreshMe', {}).catch(() => undefined);
      await sleep(2000);
    }
    approving = false;
    await approver.catch(() => undefined);
    // The last notifications' summaries: due a minute after the last shown of their kind, on an alarm that a
    // busy machine fires late. Waited for until none is held (each is then shown, or counted as dropped), not
    // for a fixed minute: the count below must not depend on how loaded the machine is.
    const summariesBy = Date.now() + SUMMARY_WAIT_MS;
    const everyCallTold = async () => {
      const told = await toldNotifications(observer, PACE_KEY);
      const ended = (await readStore<CallRowLite>(observer, 'calls')).filter(
        (r) => r.state === 'finished' && r.runId && r.result,
      );
      const alone = ended.filter((r) => (told.shown.get(`call:${r.runId}:finished`) ?? 0) > 0).length;
      const summed = told.summarised.get('summary:call_finished') ?? 0;
      return told.held.length === 0 && alone + summed >= ended.length;
    };
    while (!(await everyCallTold()) && Date.now() < summariesBy) await sleep(500);
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
      if (r.status !== 429 || !r.authorization || r.retryAfter === null) continue;
      // The worker was stopped as this answer came: it never read the Retry-After, so nothing was owed to it.
      if (stoppedAt.some((s) => s >= Date.parse(r.at) - IN_FLIGHT_MS && s <= Date.parse(r.at) + UNREAD_MS)) {
        figures.retryAftersUnread++;
        continue;
      }
      const from = Date.parse(r.at) + IN_FLIGHT_MS;
      const until = Date.parse(r.at) + Number(r.retryAfter) * 1000;
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
