// The history's reads from the cache, newest first, a page at a time: the first page of 10,000 cached
// calls reads only that page (the createdAt index), and an agent's calls come by the agent index.
import type { AppDb } from '../db/db';
import type { CallRow, SessionRow } from '../db/types';
import type { UntrustedText } from '../api/schemas';
import {
  type CallHistoryStatus,
  callMatches,
  type HistoryFilter,
  type SessionHistoryStatus,
  sessionMatches,
  sessionTime,
} from './filter';

export interface HistoryAgent {
  agentId: string;
  name: UntrustedText | null;
}

/** Agents that have calls or sessions in the cache, with a name when one is stored. */
export async function historyAgents(d: AppDb): Promise<HistoryAgent[]> {
  const ids = new Set((await d.calls.orderBy('request.agentId').uniqueKeys()).map(String));
  for (const id of await d.sessions.orderBy('session.agentId').uniqueKeys()) ids.add(String(id));
  const agents: HistoryAgent[] = [];
  for (const agentId of ids) {
    const session = await d.sessions.where('session.agentId').equals(agentId).first();
    const call = session ? undefined : await d.calls.where('request.agentId').equals(agentId).first();
    agents.push({ agentId, name: session?.session.untrustedAgentName ?? call?.agentName ?? null });
  }
  return agents.sort((a, b) => (a.name?.untrustedText ?? a.agentId).localeCompare(b.name?.untrustedText ?? b.agentId));
}

export interface Page<T> {
  rows: T[];
  /** More match beyond this page. */
  more: boolean;
}

export async function historyCalls(d: AppDb, filter: HistoryFilter<CallHistoryStatus>, limit: number): Promise<Page<CallRow>> {
  if (filter.agentId !== null) {
    const rows = (await d.calls.where('request.agentId').equals(filter.agentId).toArray())
      .filter((c) => callMatches(c, filter))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return { rows: rows.slice(0, limit), more: rows.length > limit };
  }
  const rows = await d.calls
    .orderBy('createdAt')
    .reverse()
    .filter((c) => callMatches(c, filter))
    .limit(limit + 1)
    .toArray();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

export async function historySessions(d: AppDb, filter: HistoryFilter<SessionHistoryStatus>, limit: number): Promise<Page<SessionRow>> {
  const all = filter.agentId !== null ? await d.sessions.where('session.agentId').equals(filter.agentId).toArray() : await d.sessions.toArray();
  const rows = all.filter((r) => sessionMatches(r, filter)).sort((a, b) => sessionTime(b).localeCompare(sessionTime(a)));
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}
