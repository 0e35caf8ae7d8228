/**
 * A background context for tests: its own database (fake-indexeddb), a clock the test moves, ids it can
 * predict, and a fake API whose methods fail unless a test gives them an answer.
 */
import 'fake-indexeddb/auto';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiError } from '@/lib/api/errors';
import type { CallResult, CallResultInput, StartCallAnswer } from '@/lib/contract/calls';
import type { Connection } from '@/lib/contract/connection';
import { AppDb, type CallRow } from '@/lib/db';
import type { Api } from '@/entrypoints/background/core/api';
import type { Ctx } from '@/entrypoints/background/core/context';
import { saveKey } from '@/entrypoints/background/core/key-store';
import { type Job, nextDueAt } from '@/entrypoints/background/core/jobs';
import { callsJob } from '@/entrypoints/background/calls/job';
import { sharingJob } from '@/entrypoints/background/sharing/job';
import { summariesJob } from '@/entrypoints/background/notify/job';
import { callResult, connection, ut } from '@/test/fixtures/api';

const T0 = Date.UTC(2026, 4, 1, 10, 0, 0);
export const ORIGIN = 'http://127.0.0.1:8787';
export const KEY = `gpc_${'A'.repeat(20)}secretTAIL${'b'.repeat(13)}`;

type FakeApi = { [K in keyof Api]: ReturnType<typeof vi.fn<Api[K]>> };

function fakeApi(): FakeApi {
  const unexpected = (name: string) =>
    vi.fn(async () => {
      throw new Error(`unexpected API call: ${name}`);
    });
  return {
    claim: unexpected('claim'),
    me: unexpected('me'),
    find: unexpected('find'),
    preview: unexpected('preview'),
    quoteCall: unexpected('quoteCall'),
    startCall: unexpected('startCall'),
    getCall: unexpected('getCall'),
    stopCall: unexpected('stopCall'),
    reportCall: unexpected('reportCall'),
    getSession: unexpected('getSession'),
    createSession: unexpected('createSession'),
    putAnswers: unexpected('putAnswers'),
    putDetails: unexpected('putDetails'),
    getPlan: unexpected('getPlan'),
    listFindings: unexpected('listFindings'),
    getApproval: unexpected('getApproval'),
    uploadFile: unexpected('uploadFile'),
    downloadFile: unexpected('downloadFile'),
    coverage: unexpected('coverage'),
    createShare: unexpected('createShare'),
    putShareFiles: unexpected('putShareFiles'),
    packageShare: unexpected('packageShare'),
    getShare: unexpected('getShare'),
    listSharedProjects: unexpected('listSharedProjects'),
  } as unknown as FakeApi;
}

export interface TestCtx extends Ctx {
  api: FakeApi;
  clock: { now: number };
  /** Keys handed out by newId, in order. */
  ids: string[];
}

export function makeCtx(db: AppDb = new AppDb(`test-${crypto.randomUUID()}`)): TestCtx {
  const api = fakeApi();
  const clock = { now: T0 };
  const ids: string[] = [];
  return {
    db,
    api,
    clock,
    ids,
    apiFor: vi.fn(() => api as unknown as Api),
    now: () => clock.now,
    random: () => 0.5,
    newId: () => {
      const id = crypto.randomUUID();
      ids.push(id);
      return id;
    },
    workerId: crypto.randomUUID(),
    reschedule: vi.fn(async () => undefined),
  };
}

/** The jobs that ask the site (one wake of them was wake/jobs.ts before the job registry). */
export const WAKE_JOBS: readonly Job[] = [callsJob, sharingJob, summariesJob];

/** When the jobs that ask the site must wake next, or null when none has anything to do. */
export function nextWakeAt(ctx: Ctx): Promise<number | null> {
  return nextDueAt(ctx, WAKE_JOBS);
}

/** One wake of the jobs that ask the site, each run whether due or not (each does only what is due). */
export async function runDueJobs(ctx: Ctx): Promise<void> {
  for (const job of WAKE_JOBS) await job.run(ctx);
}

export function resetBrowser(): void {
  fakeBrowser.reset();
  // The fake browser has no sidePanel: give it one (never set a namespace to undefined).
  Object.assign(fakeBrowser, {
    sidePanel: { open: vi.fn(async () => undefined), setPanelBehavior: vi.fn(async () => undefined) },
  });
}

export function me(overrides: Partial<Connection> = {}): Connection {
  // The answer as sent; what the client reads of it is the same here but for fields read leniently (G34).
  const base = connection() as Connection;
  return {
    ...base,
    connection: { id: 'con_1', name: 'My laptop' },
    keepsFindings: true,
    limits: { ...base.limits, openCallsMax: 3 },
    balance: { purchasedCents: 2000, earnedCents: 0, promoCents: 0, heldCents: 0, spendableCents: 2000 },
    privacyLine: 'The agent’s builders receive your call’s details.',
    ...overrides,
  };
}

/** Connected as con_1 at ORIGIN, key in storage.local. */
export async function connected(ctx: TestCtx): Promise<void> {
  await saveKey({ key: KEY, origin: ORIGIN, connectionId: 'con_1' });
  const at = new Date(ctx.clock.now).toISOString();
  await ctx.db.connection.put({
    id: 'current',
    siteUrl: ORIGIN,
    origin: ORIGIN,
    connectionId: 'con_1',
    name: 'My laptop',
    sessionId: null,
    switches: me().switches,
    env: [],
    me: me(),
    meAt: at,
    privacyLine: me().privacyLine,
    privacyLineShown: true,
    status: 'connected',
    connectedAt: at,
    statusAt: at,
    error: null,
  });
}

export function started(runId: string, sessionId: string, privacyLine: string | null = null): StartCallAnswer {
  return {
    status: 'started',
    runId,
    sessionId,
    holdCents: 500,
    spendableAfterCents: 1500,
    privacyLine,
    today: { sessionsUsed: 1, sessionsAllowed: 3, callsUsed: 1, callsAllowed: 10 },
  };
}

export function result(
  runId: string,
  sessionId: string,
  status: CallResultInput['status'],
  extra: Partial<CallResult> = {},
): CallResult {
  return {
    ...callResult(),
    runId,
    sessionId,
    callId: 'question',
    untrustedCallName: ut('Ask a question'),
    status,
    note: status === 'passed' ? ut('Use version 16.') : null,
    files: [],
    checks: [],
    charge: null,
    disclosure: 'An Agent built from others’ shared projects produced this result.',
    ...extra,
  };
}

/** A call row already started (as the outbox leaves it after a 202). */
export async function startedCall(ctx: TestCtx, localId: string, runId: string, sessionId: string): Promise<CallRow> {
  const at = new Date(ctx.clock.now).toISOString();
  const row: CallRow = {
    localId,
    connectionId: 'con_1',
    request: { agentId: 'ag_1', callId: 'question', question: 'Which version?' },
    idempotencyKey: crypto.randomUUID(),
    approvalId: null,
    agentName: null,
    callName: null,
    state: 'started',
    attempts: 1,
    nextSendAt: null,
    runId,
    sessionId,
    holdCents: 500,
    spendableAfterCents: 1500,
    privacyLine: null,
    today: null,
    result: null,
    resultReadAt: null,
    error: null,
    stop: null,
    report: null,
    createdAt: at,
    updatedAt: at,
    sentAt: at,
    startedAt: at,
    finishedAt: null,
    nextPollAt: ctx.clock.now + 1000,
    polls: 0,
  };
  await ctx.db.calls.put(row);
  return row;
}

export const apiError = (status: number, code: string, extras: ConstructorParameters<typeof ApiError>[2] = {}) =>
  new ApiError(status, code, extras);

/** Everything stored in IndexedDB, as text (to check what must never be there). */
export async function dumpDb(db: AppDb): Promise<string> {
  const out: Record<string, unknown[]> = {};
  for (const table of db.tables) out[table.name] = await table.toArray();
  return JSON.stringify(out);
}
