/**
 * Saving the history export the member asked for: read every cached call and session, write the file and
 * hand it to the browser's downloads (nothing is opened). A row the projection cannot read is left out and
 * counted, so the member is told, never silently short.
 */
import type { AppDb } from '@/lib/db/db';
import type { CallRow, SessionRow } from '@/lib/db/types';
import {
  callsCsv,
  type ExportedCall,
  type ExportedSession,
  exportCall,
  exportFileName,
  exportSession,
  type HistoryExport,
  historyJson,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  sessionsCsv,
} from './history-export';

export type ExportChoice = { what: 'all'; kind: 'json' } | { what: 'calls' | 'sessions'; kind: 'csv' };

export interface DownloadsLike {
  download(options: { url: string; filename: string; saveAs: boolean; conflictAction: 'uniquify' }): Promise<number>;
}

export interface ExportSaved {
  fileName: string;
  calls: number;
  sessions: number;
  /** Rows left out because they could not be read. */
  unreadable: number;
}

function projectAll<R, T>(rows: readonly R[], project: (row: R) => T): { out: T[]; unreadable: number } {
  const out: T[] = [];
  let unreadable = 0;
  for (const row of rows) {
    try {
      out.push(project(row));
    } catch {
      unreadable += 1;
    }
  }
  return { out, unreadable };
}

/** The file's text and what it holds, from the rows as read. Pure: the tests call it with known rows. */
export function buildExport(
  choice: ExportChoice,
  rows: { calls: readonly CallRow[]; sessions: readonly SessionRow[]; site: string | null },
  now: Date,
): { text: string; type: string; saved: ExportSaved } {
  if (Number.isNaN(now.getTime())) throw new TypeError('The export needs a valid date.');
  const wantCalls = choice.what !== 'sessions';
  const wantSessions = choice.what !== 'calls';
  const calls = wantCalls ? projectAll<CallRow, ExportedCall>(rows.calls, exportCall) : { out: [], unreadable: 0 };
  const sessions = wantSessions
    ? projectAll<SessionRow, ExportedSession>(rows.sessions, exportSession)
    : { out: [], unreadable: 0 };
  let text: string;
  if (choice.kind === 'json') {
    const history: HistoryExport = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: now.toISOString(),
      site: rows.site,
      calls: calls.out,
      sessions: sessions.out,
    };
    text = historyJson(history);
  } else {
    text = choice.what === 'calls' ? callsCsv(calls.out) : sessionsCsv(sessions.out);
  }
  return {
    text,
    type: choice.kind === 'json' ? 'application/json' : 'text/csv',
    saved: {
      fileName: exportFileName(choice.what, choice.kind, now),
      calls: calls.out.length,
      sessions: sessions.out.length,
      unreadable: calls.unreadable + sessions.unreadable,
    },
  };
}

/** Reads the cache, newest first, and saves the file to the member's downloads. */
export async function saveExport(
  db: AppDb,
  choice: ExportChoice,
  downloads: DownloadsLike,
  now = new Date(),
): Promise<ExportSaved> {
  const [calls, sessions, connection] = await Promise.all([
    choice.what === 'sessions' ? [] : db.calls.orderBy('createdAt').reverse().toArray(),
    choice.what === 'calls' ? [] : db.sessions.toArray(),
    db.connection.get('current'),
  ]);
  sessions.sort((a, b) => (b.session.lastCallAt ?? b.readAt).localeCompare(a.session.lastCallAt ?? a.readAt));
  const built = buildExport(choice, { calls, sessions, site: connection?.origin ?? null }, now);
  // The BOM makes spreadsheets read the CSV as UTF-8 (names in any script survive).
  const blob = new Blob(choice.kind === 'csv' ? ['\uFEFF', built.text] : [built.text], {
    type: `${built.type};charset=utf-8`,
  });
  const url = URL.createObjectURL(blob);
  try {
    await downloads.download({ url, filename: built.saved.fileName, saveAs: false, conflictAction: 'uniquify' });
  } finally {
    // The browser has read the blob's address by now; its bytes are freed once the download has them.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return built.saved;
}
