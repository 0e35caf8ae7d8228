/**
 * The member's history as a file they take with them: calls and sessions from the cache, as JSON (everything
 * below) or CSV (one table each). Only the fields listed here leave, so nothing the rows may gain later (and
 * never the key, which no row holds) slips into a file; any text shaped like a connection key (gpc_ and 43
 * characters) is blanked all the same. Untrusted text is copied as the site sent it: it stays data.
 */
import { readAmount } from '@/lib/contract/tolerant';
import type { CallRow } from '@/lib/db/tables/calls';
import type { SessionRow } from '@/lib/db/tables/sessions';
import type { CsvValue } from './csv';

export const EXPORT_FORMAT = 'agent-connection-history';
export const EXPORT_VERSION = 1;

const KEY_SHAPE = /gpc_[A-Za-z0-9_-]{43}/g;
export const KEY_REMOVED = 'gpc_[removed]';

/** Text as stored, with anything shaped like a connection key blanked. */
function text(value: string | null | undefined): string | null {
  return typeof value === 'string' ? value.replace(KEY_SHAPE, KEY_REMOVED) : null;
}

/** A tolerant enum value as the site sent it: a known word, or the unknown one it carried. */
function word(value: string | { unknown: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.unknown;
}

export interface ExportedCall {
  localId: string;
  runId: string | null;
  sessionId: string | null;
  agentId: string;
  agentName: string | null;
  callId: string;
  callName: string | null;
  /** Where the call stands in this browser (queued, running, passed, refused…). */
  state: string;
  /** The site's status of the result, when one was read. */
  status: string | null;
  /** The result's fixed header line, as the site sent it. */
  header: string | null;
  details: string | null;
  question: string | null;
  maxCents: number | null;
  holdCents: number | null;
  chargedCents: number | null;
  runningCostMicros: number | null;
  upchargeMicros: number | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  failReason: string | null;
  errorCode: string | null;
  note: string | null;
  files: { path: string; sizeBytes: number | null; active: boolean }[];
  report: string | null;
}

export interface ExportedSession {
  sessionId: string;
  agentId: string;
  agentName: string;
  status: string | null;
  calls: number | null;
  chargedCents: number | null;
  lastCallAt: string | null;
  startedByThisConnection: boolean;
  results: { runId: string; header: string; status: string | null }[];
  readAt: string;
}

export function exportCall(row: CallRow): ExportedCall {
  const result = row.result;
  const charge = result?.charge ?? null;
  return {
    localId: row.localId,
    runId: row.runId,
    sessionId: row.sessionId,
    agentId: row.request.agentId,
    agentName: text(row.agentName?.untrustedText),
    callId: row.request.callId,
    callName: text(result?.untrustedCallName.untrustedText ?? row.callName?.untrustedText),
    state: row.state,
    status: word(result?.status),
    header: text(result?.header),
    details: text(row.request.details),
    question: text(row.request.question),
    maxCents: row.request.maxCents ?? null,
    holdCents: readAmount(row.holdCents) ?? null,
    chargedCents: readAmount(charge?.chargedCents) ?? null,
    runningCostMicros: readAmount(charge?.runningCostMicros) ?? null,
    upchargeMicros: readAmount(charge?.upchargeMicros) ?? null,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    failReason: text(result?.failReason),
    errorCode: row.error?.code ?? null,
    note: text(result?.note?.untrustedText),
    files: (result?.files ?? []).map((f) => ({
      path: text(f.untrustedPath.untrustedText) ?? '',
      sizeBytes: readAmount(f.sizeBytes) ?? null,
      active: f.active,
    })),
    report: row.report?.verdict ?? null,
  };
}

export function exportSession(row: SessionRow): ExportedSession {
  const s = row.session;
  return {
    sessionId: row.sessionId,
    agentId: s.agentId,
    agentName: text(s.untrustedAgentName.untrustedText) ?? '',
    status: word(s.status),
    calls: readAmount(s.calls) ?? null,
    chargedCents: readAmount(s.chargedCents) ?? null,
    lastCallAt: s.lastCallAt,
    startedByThisConnection: s.startedByThisConnection,
    results: s.results.map((r) => ({ runId: r.runId, header: text(r.header) ?? '', status: word(r.status) })),
    readAt: row.readAt,
  };
}

export const CALL_COLUMNS = [
  'localId',
  'runId',
  'sessionId',
  'agentId',
  'agentName',
  'callId',
  'callName',
  'state',
  'status',
  'header',
  'details',
  'question',
  'maxCents',
  'holdCents',
  'chargedCents',
  'runningCostMicros',
  'upchargeMicros',
  'createdAt',
  'startedAt',
  'finishedAt',
  'failReason',
  'errorCode',
  'note',
  'files',
  'report',
] as const satisfies readonly (keyof ExportedCall)[];

export const SESSION_COLUMNS = [
  'sessionId',
  'agentId',
  'agentName',
  'status',
  'calls',
  'chargedCents',
  'lastCallAt',
  'startedByThisConnection',
  'results',
  'readAt',
] as const satisfies readonly (keyof ExportedSession)[];

/** A call as a CSV row; its files are one cell of their paths, one per line. */
export function callCsvRow(c: ExportedCall): Record<(typeof CALL_COLUMNS)[number], CsvValue> {
  return { ...c, files: c.files.map((f) => f.path).join('\n') };
}

/** A session as a CSV row; its results are one cell of their run ids. */
export function sessionCsvRow(s: ExportedSession): Record<(typeof SESSION_COLUMNS)[number], CsvValue> {
  return { ...s, results: s.results.map((r) => r.runId).join('\n') };
}

/** The file's name: what it holds and the day, e.g. agent-history-calls-2026-11-24.csv. */
export function exportFileName(what: 'all' | 'calls' | 'sessions', kind: 'json' | 'csv', now: Date): string {
  return `agent-history-${what}-${now.toISOString().slice(0, 10)}.${kind}`;
}
