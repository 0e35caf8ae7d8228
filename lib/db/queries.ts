/**
 * Small typed queries. The panel wraps the readers in liveQuery; the background uses both. Every function
 * takes the database so tests can pass their own.
 */
import type { AppDb } from './db';
import type {
  ApprovalRow,
  BackgroundStatusRow,
  CallRow,
  CallState,
  ConnectionRow,
  DownloadRow,
  FindRow,
  FindingRow,
  PlanRow,
  SessionRow,
} from './types';

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
