// The history's reads from the cache, newest first, a page at a time: the first page of 10,000 cached
// calls reads only that page (the createdAt index), and an agent's page only its rows (the agent-and-time index).
import type { AppDb } from '@/lib/db/db';
import type { PanelQuery } from '@/lib/db/first-read';
import type { CallRow } from '@/lib/db/tables/calls';
import type { SessionRow } from '@/lib/db/tables/sessions';
import type { UntrustedText } from '@/lib/contract/conventions';
import {
  type CallHistoryStatus,
  callMatches,
  type HistoryFilter,
  type SessionHistoryStatus,
  sessionMatches,
} from './filter';
import { DAY_MS } from '@/lib/time';

export interface HistoryAgent {
  agentId: string;
  name: UntrustedText | null;
}

/**
 * Agents that have calls or sessions in the cache, with a name when one is stored. The agents come by seeking
 * each table's agent index from one agent to the next (one read per agent), not by walking every entry:
 * a walk over 10,000 entries costs more than the history's whole first page.
 */
export async function historyAgents(d: AppDb): Promise<HistoryAgent[]> {
  const names = new Map<string, UntrustedText | null>();
  // 1,000 cached sessions of 20 results each are not read whole for a few names.
  let row = await d.sessions.orderBy('session.agentId').first();
  while (row) {
    const agentId = row.session.agentId;
    names.set(agentId, row.session.untrustedAgentName);
    row = await d.sessions.where('session.agentId').above(agentId).first();
  }
  let call = await d.calls.orderBy('request.agentId').first();
  while (call) {
    const agentId = call.request.agentId;
    if (!names.get(agentId)) names.set(agentId, call.agentName);
    call = await d.calls.where('request.agentId').above(agentId).first();
  }
  const agents = [...names].map(([agentId, name]) => ({ agentId, name }));
  return agents.sort((a, b) => (a.name?.untrustedText ?? a.agentId).localeCompare(b.name?.untrustedText ?? b.agentId));
}

export interface Page<T> {
  rows: T[];
  /** More match beyond this page. */
  more: boolean;
}

export async function historyCalls(
  d: AppDb,
  filter: HistoryFilter<CallHistoryStatus>,
  limit: number,
): Promise<Page<CallRow>> {
  // An agent's calls come newest first by the agent-and-time index (db v5): the page is read, not every call
  // of the agent.
  const newest =
    filter.agentId === null
      ? d.calls.orderBy('createdAt').reverse()
      : d.calls
          .where('[request.agentId+createdAt]')
          .between([filter.agentId, ''], [filter.agentId, '\uffff'])
          .reverse();
  // Unfiltered, the page is one read of the index (getAll with a direction, where the browser has it);
  // a filter in JS makes Dexie walk a cursor, one round trip to the database per row.
  const rows = await (filter.status === null ? newest : newest.filter((c) => callMatches(c, filter)))
    .limit(limit + 1)
    .toArray();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Calls on a page of the history (its first page, and each "show more"): the list stays quick with 10,000 cached calls. */
export const HISTORY_PAGE = 50;

/**
 * The history's calls, a page at a time; an unfiltered page is also read raw (one read of the createdAt
 * index), the first one ahead of the view on the click that opens the history.
 */
export const historyCallsQuery: PanelQuery<
  [agentId: string | null, status: CallHistoryStatus | null, limit: number],
  Page<CallRow>
> = {
  live: (db, agentId, status, limit) => historyCalls(db, { agentId, status }, limit),
  raw: (agentId, status, limit) => {
    if (agentId !== null || status !== null) return null;
    return async (r) => {
      const rows = await r.newest<CallRow>('calls', 'createdAt', limit + 1);
      return { rows: rows.slice(0, limit), more: rows.length > limit };
    };
  },
  aheadKey: (agentId, status, limit) =>
    agentId === null && status === null && limit === HISTORY_PAGE ? 'history:calls' : null,
};

export async function historySessions(
  d: AppDb,
  filter: HistoryFilter<SessionHistoryStatus>,
  limit: number,
): Promise<Page<SessionRow>> {
  // Newest first by the listing index (db v6), an agent's by the agent-and-listing index: the page is read,
  // not every session.
  const newest =
    filter.agentId === null
      ? d.sessions.orderBy('listedAt').reverse()
      : d.sessions
          .where('[session.agentId+listedAt]')
          .between([filter.agentId, ''], [filter.agentId, '\uffff'])
          .reverse();
  const rows = await (filter.status === null ? newest : newest.filter((r) => sessionMatches(r, filter)))
    .limit(limit + 1)
    .toArray();
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** Calls that may hold a charge since `since`: created from two days before it (a call ends after it starts). */
export function callsForSpending(d: AppDb, since: Date): Promise<CallRow[]> {
  return d.calls
    .where('createdAt')
    .aboveOrEqual(new Date(since.getTime() - 2 * DAY_MS).toISOString())
    .toArray();
}

/** How many calls the cache holds, said under the history's heading. */
export function cachedCallCount(d: AppDb): Promise<number> {
  return d.calls.count();
}
