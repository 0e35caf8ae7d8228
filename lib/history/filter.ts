// The history's filters: calls and sessions from the cache by agent and status. A call's status for the
// member is where it ended (or that it has not), whatever step of sending it went through.
import type { CallRow, CallState } from '@/lib/db/tables/calls';
import type { SessionRow } from '@/lib/db/tables/sessions';
import { t } from '@/lib/i18n';

export type CallHistoryStatus = 'running' | 'passed' | 'failed' | 'not_started';
export type SessionHistoryStatus = 'open' | 'closed' | 'other';

/** The filter's words for each of its call statuses, in the order the filter lists them. */
export function callFilterWords(): Record<CallHistoryStatus, string> {
  return {
    running: t('history.callStatus.running'),
    passed: t('words.callStatus.passed'),
    failed: t('history.callStatus.failed'),
    not_started: t('history.callStatus.notStarted'),
  };
}

export function sessionFilterWords(): Record<SessionHistoryStatus, string> {
  return {
    open: t('session.status.open'),
    closed: t('history.sessionStatus.closed'),
    other: t('history.sessionStatus.other'),
  };
}

const NOT_STARTED: ReadonlySet<CallState> = new Set(['refused', 'declined', 'expired', 'unsent']);

export function callHistoryStatus(call: Pick<CallRow, 'state' | 'result'>): CallHistoryStatus {
  if (NOT_STARTED.has(call.state)) return 'not_started';
  const status = call.result?.status;
  if (status === 'passed') return 'passed';
  if (status === 'failed' || status === 'returned') return 'failed';
  // finished without a readable result (e.g. the site no longer shows it): it did not pass.
  if (call.state === 'finished') return 'failed';
  return 'running';
}

export function sessionHistoryStatus(row: Pick<SessionRow, 'session'>): SessionHistoryStatus {
  const status = row.session.status;
  if (status === 'open' || status === 'closed') return status;
  return 'other';
}

export interface HistoryFilter<S extends string> {
  /** null: every agent. */
  agentId: string | null;
  /** null: every status. */
  status: S | null;
}

export function callMatches(call: CallRow, filter: HistoryFilter<CallHistoryStatus>): boolean {
  if (filter.agentId !== null && call.request.agentId !== filter.agentId) return false;
  return filter.status === null || callHistoryStatus(call) === filter.status;
}

export function sessionMatches(row: SessionRow, filter: HistoryFilter<SessionHistoryStatus>): boolean {
  if (filter.agentId !== null && row.session.agentId !== filter.agentId) return false;
  return filter.status === null || sessionHistoryStatus(row) === filter.status;
}
