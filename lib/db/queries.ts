/**
 * Small typed queries. The panel wraps the readers in liveQuery; the background uses both. Every function
 * takes the database so tests can pass their own.
 */
import type { AppDb } from './db';
import type { ApprovalRow } from './tables/approvals';
import type { BackgroundStatusRow } from './tables/ui';
import type { CallRow, CallState } from './tables/calls';
import type { ConnectionRow } from './tables/connection';
import type { DownloadRow } from './tables/downloads';
import type { FindRow } from './tables/finds';
import type { FindingRow } from './tables/findings';
import type { PlanRow } from './tables/plans';
import type { SessionRow } from './tables/sessions';
import type { SettingsRow } from './tables/settings';

/** States in which a call still needs the background (sending, waiting for approval, or running). */
export const ACTIVE_CALL_STATES: readonly CallState[] = ['outbox', 'sending', 'needs_approval', 'started'];

export function getConnection(d: AppDb): Promise<ConnectionRow | undefined> {
  return d.connection.get('current');
}

export async function latestFind(d: AppDb): Promise<FindRow | undefined> {
  return d.finds.orderBy('id').last();
}

export function getCall(d: AppDb, localId: string): Promise<CallRow | undefined> {
  return d.calls.get(localId);
}

export function callByRunId(d: AppDb, runId: string): Promise<CallRow | undefined> {
  return d.calls.where('runId').equals(runId).first();
}

/** Newest first. */
export async function recentCalls(d: AppDb, limit = 50): Promise<CallRow[]> {
  return d.calls.orderBy('createdAt').reverse().limit(limit).toArray();
}

export async function callsInSession(d: AppDb, sessionId: string): Promise<CallRow[]> {
  const rows = await d.calls.where('sessionId').equals(sessionId).toArray();
  return rows.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Calls read from the newest when learning how long an agent's calls run (bounded on a long history). */
const RUN_HISTORY_SCAN = 200;

/**
 * Start-to-ended times (ms) of the latest calls to this agent and call that ended on their own (passed or
 * failed, not stopped or cut), newest first: from the call's start to the read that found it ended.
 */
export async function recentRunDurations(d: AppDb, agentId: string, callId: string, max = 5): Promise<number[]> {
  const rows = await d.calls.orderBy('createdAt').reverse().limit(RUN_HISTORY_SCAN).toArray();
  const out: number[] = [];
  for (const r of rows) {
    if (out.length >= max) break;
    if (r.state !== 'finished' || r.request.agentId !== agentId || r.request.callId !== callId) continue;
    if (!r.startedAt || !r.finishedAt || r.stop !== null || !r.result || r.result.partial) continue;
    const status = r.result.status;
    if (status !== 'passed' && status !== 'failed') continue;
    const ms = Date.parse(r.finishedAt) - Date.parse(r.startedAt);
    if (Number.isFinite(ms) && ms > 0) out.push(ms);
  }
  return out;
}

export function getSession(d: AppDb, sessionId: string): Promise<SessionRow | undefined> {
  return d.sessions.get(sessionId);
}

export function getPlan(d: AppDb, sessionId: string): Promise<PlanRow | undefined> {
  return d.plans.get(sessionId);
}

export function approvalsForCall(d: AppDb, localId: string): Promise<ApprovalRow[]> {
  return d.approvals.where('localId').equals(localId).toArray();
}

/** The downloads this browser started after `since` (epoch ms), as the background recorded them. */
export function downloadsSince(d: AppDb, since: number): Promise<DownloadRow[]> {
  return d.downloads.where('at').above(since).toArray();
}

/** Newest first, by when the finding was made. */
export async function listFindings(d: AppDb): Promise<FindingRow[]> {
  const rows = await d.findings.toArray();
  return rows.sort((a, b) => b.finding.createdAt.localeCompare(a.finding.createdAt));
}

export function backgroundStatus(d: AppDb): Promise<BackgroundStatusRow | undefined> {
  return d.ui.get('background');
}

// Find before a search: the member's recent searches and the agents they called.

/** Rows read from the newest for Find's recent lists: bounded, so a long history costs the same. */
export const FIND_START_SCAN = 50;
/** How many recent searches, and how many agents called, Find offers. */
export const FIND_START_MAX = 5;

/** A search the member typed, to run again. */
export interface RecentSearch {
  text: string;
  at: FindRow['at'];
}

/** An agent the member called, by its latest call. */
export interface CalledAgent {
  agentId: string;
  /** As the panel had it when the call was made (untrusted); null when it had none. */
  agentName: CallRow['agentName'];
  at: CallRow['createdAt'];
}

export interface FindStart {
  /** The "Remember my recent searches" setting: off, nothing is offered. */
  remember: boolean;
  searches: RecentSearch[];
  agents: CalledAgent[];
}

/** The setting's row read alone; a row never written reads as on (lib/settings' default). */
export function rememberSearchesIn(row: SettingsRow | undefined): boolean {
  return row?.key === 'rememberSearches' ? row.value : true;
}

export async function remembersSearches(d: AppDb): Promise<boolean> {
  return rememberSearchesIn(await d.settings.get('rememberSearches'));
}

/**
 * Find's recent lists from the newest finds and calls (each newest first): only text the member typed (a
 * selection is a page's text), not one the site or the panel refused, each text once; each agent once.
 */
export function findStartOf(
  setting: SettingsRow | undefined,
  finds: readonly FindRow[],
  calls: readonly CallRow[],
): FindStart {
  if (!rememberSearchesIn(setting)) return { remember: false, searches: [], agents: [] };
  const searches: RecentSearch[] = [];
  const texts = new Set<string>();
  for (const find of finds) {
    if (searches.length >= FIND_START_MAX) break;
    if (find.source !== 'panel' || find.status === 'refused' || texts.has(find.text)) continue;
    texts.add(find.text);
    searches.push({ text: find.text, at: find.at });
  }
  const agents: CalledAgent[] = [];
  const ids = new Set<string>();
  for (const call of calls) {
    if (agents.length >= FIND_START_MAX) break;
    const agentId = call.request.agentId;
    if (ids.has(agentId)) continue;
    ids.add(agentId);
    agents.push({ agentId, agentName: call.agentName, at: call.createdAt });
  }
  return { remember: true, searches, agents };
}

export async function findStart(d: AppDb): Promise<FindStart> {
  const setting = await d.settings.get('rememberSearches');
  if (!rememberSearchesIn(setting)) return findStartOf(setting, [], []);
  const [finds, calls] = await Promise.all([
    d.finds.orderBy('at').reverse().limit(FIND_START_SCAN).toArray(),
    d.calls.orderBy('createdAt').reverse().limit(FIND_START_SCAN).toArray(),
  ]);
  return findStartOf(setting, finds, calls);
}

/** Calls to one agent read from the newest for the member's own charges (bounded on a long history). */
const CHARGE_HISTORY_SCAN = 50;
/** How many of the member's latest charges by an agent the preview recalls. */
export const CHARGE_HISTORY_MAX = 5;

/**
 * What this browser's latest passed calls to `agentId` were charged (cents, newest first, at most
 * CHARGE_HISTORY_MAX): the member's own receipts, read from this browser's cache, never a price. Only a passed
 * call with a charge counts; a failed call is free and a returned charge is not one.
 */
export async function recentCharges(d: AppDb, agentId: string): Promise<number[]> {
  const rows = await d.calls
    .where('[request.agentId+createdAt]')
    .between([agentId, ''], [agentId, '\uffff'])
    .reverse()
    .limit(CHARGE_HISTORY_SCAN)
    .toArray();
  const out: number[] = [];
  for (const r of rows) {
    if (out.length >= CHARGE_HISTORY_MAX) break;
    const cents = r.result?.charge?.chargedCents;
    if (r.result?.status !== 'passed' || typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0) continue;
    out.push(cents);
  }
  return out;
}
