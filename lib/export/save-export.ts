/**
 * Saving the history export the member asked for: read every cached call and session, write the file and
 * hand it to the browser's downloads (nothing is opened). A row the projection cannot read is left out and
 * counted, so the member is told, never silently short.
 *
 * The rows are read, projected and written a page at a time, the panel drawing between two pages with the
 * progress: 100,000 cached calls at once held the panel for seconds in one task (issue 29). Each page's text
 * goes into its own Blob, so the file's bytes do not pile up in the page's heap.
 */
import type { AppDb } from '@/lib/db/db';
import type { CallRow } from '@/lib/db/tables/calls';
import type { SessionRow } from '@/lib/db/tables/sessions';
import { csvHeader, csvLine } from './csv';
import {
  CALL_COLUMNS,
  callCsvRow,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportCall,
  exportFileName,
  exportSession,
  SESSION_COLUMNS,
  sessionCsvRow,
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

/** How far a save has come: rows written of the rows there are. */
export interface ExportProgress {
  done: number;
  total: number;
}

/** Rows read and written between two turns of the panel. */
const EXPORT_PAGE = 500;

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

/**
 * The file's text, written in order as the rows come, a page or all at once: the same text either way. As
 * JSON it is `JSON.stringify(file, null, 2)` and a line end; as CSV one table with its header (RFC 4180).
 */
class ExportWriter {
  readonly saved: ExportSaved;
  readonly type: string;
  readonly #choice: ExportChoice;
  readonly #write: (text: string) => void;
  /** Items written in the JSON array that is open. */
  #items = 0;

  constructor(choice: ExportChoice, site: string | null, now: Date, write: (text: string) => void) {
    if (Number.isNaN(now.getTime())) throw new TypeError('The export needs a valid date.');
    this.#choice = choice;
    this.#write = write;
    this.saved = { fileName: exportFileName(choice.what, choice.kind, now), calls: 0, sessions: 0, unreadable: 0 };
    this.type = choice.kind === 'json' ? 'application/json' : 'text/csv';
    if (choice.kind === 'json') {
      const head = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: now.toISOString(), site };
      // The object's text without its closing "\n}": the calls and sessions follow.
      write(JSON.stringify(head, null, 2).slice(0, -2));
    }
  }

  get wantsCalls(): boolean {
    return this.#choice.what !== 'sessions';
  }

  get wantsSessions(): boolean {
    return this.#choice.what !== 'calls';
  }

  /** Opens the calls' or the sessions' part: a key of the JSON object, or the CSV table's header. */
  open(what: 'calls' | 'sessions'): void {
    this.#items = 0;
    if (this.#choice.kind === 'json') this.#write(`,\n  "${what}": `);
    else this.#write(csvHeader(what === 'calls' ? CALL_COLUMNS : SESSION_COLUMNS));
  }

  calls(rows: readonly CallRow[]): void {
    const { out, unreadable } = projectAll(rows, exportCall);
    this.saved.calls += out.length;
    this.saved.unreadable += unreadable;
    this.#rows(out, (c) => csvLine(CALL_COLUMNS, callCsvRow(c)));
  }

  sessions(rows: readonly SessionRow[]): void {
    const { out, unreadable } = projectAll(rows, exportSession);
    this.saved.sessions += out.length;
    this.saved.unreadable += unreadable;
    this.#rows(out, (s) => csvLine(SESSION_COLUMNS, sessionCsvRow(s)));
  }

  /** Closes the part opened last. */
  close(): void {
    if (this.#choice.kind === 'json') this.#write(this.#items > 0 ? '\n  ]' : '[]');
  }

  end(): void {
    if (this.#choice.kind === 'json') this.#write('\n}\n');
  }

  #rows<T extends object>(items: readonly T[], line: (item: T) => string): void {
    if (items.length === 0) return;
    if (this.#choice.kind === 'csv') {
      this.#write(items.map(line).join(''));
      return;
    }
    // Each item as JSON.stringify indents it two levels down, inside the array.
    const text = items.map((i) => `    ${JSON.stringify(i, null, 2).replaceAll('\n', '\n    ')}`).join(',\n');
    this.#write(`${this.#items === 0 ? '[\n' : ',\n'}${text}`);
    this.#items += items.length;
  }
}

/** The file's text and what it holds, from the rows as read, all at once. Pure: the tests call it with known rows. */
export function buildExport(
  choice: ExportChoice,
  rows: { calls: readonly CallRow[]; sessions: readonly SessionRow[]; site: string | null },
  now: Date,
): { text: string; type: string; saved: ExportSaved } {
  const parts: string[] = [];
  const writer = new ExportWriter(choice, rows.site, now, (text) => parts.push(text));
  if (writer.wantsCalls) {
    writer.open('calls');
    writer.calls(rows.calls);
    writer.close();
  }
  if (writer.wantsSessions) {
    writer.open('sessions');
    writer.sessions(rows.sessions);
    writer.close();
  }
  writer.end();
  return { text: parts.join(''), type: writer.type, saved: writer.saved };
}

/** A turn for the panel to draw and answer between two pages. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Reads the cache, newest first, a page at a time, and saves the file to the member's downloads. `onProgress`
 * hears after each page how many rows are written of how many there are.
 */
export async function saveExport(
  db: AppDb,
  choice: ExportChoice,
  downloads: DownloadsLike,
  now = new Date(),
  onProgress: (progress: ExportProgress) => void = () => undefined,
): Promise<ExportSaved> {
  // The BOM makes spreadsheets read the CSV as UTF-8 (names in any script survive).
  const parts: BlobPart[] = choice.kind === 'csv' ? ['\uFEFF'] : [];
  const connection = await db.connection.get('current');
  const writer = new ExportWriter(choice, connection?.origin ?? null, now, (text) => parts.push(new Blob([text])));
  // The calls' keys in order first (one read of the index); then their rows a page at a time.
  const callKeys = writer.wantsCalls ? ((await db.calls.orderBy('createdAt').reverse().primaryKeys()) as string[]) : [];
  const sessions = writer.wantsSessions ? await db.sessions.toArray() : [];
  sessions.sort((a, b) => (b.session.lastCallAt ?? b.readAt).localeCompare(a.session.lastCallAt ?? a.readAt));
  const total = callKeys.length + sessions.length;
  let done = 0;
  onProgress({ done, total });
  const step = async (count: number) => {
    done += count;
    onProgress({ done, total });
    await nextTurn();
  };
  if (writer.wantsCalls) {
    writer.open('calls');
    for (let i = 0; i < callKeys.length; i += EXPORT_PAGE) {
      const keys = callKeys.slice(i, i + EXPORT_PAGE);
      // A call removed since its key was read (the daily prune) is simply not in the file.
      writer.calls((await db.calls.bulkGet(keys)).filter((row): row is CallRow => row !== undefined));
      await step(keys.length);
    }
    writer.close();
  }
  if (writer.wantsSessions) {
    writer.open('sessions');
    for (let i = 0; i < sessions.length; i += EXPORT_PAGE) {
      writer.sessions(sessions.slice(i, i + EXPORT_PAGE));
      await step(Math.min(EXPORT_PAGE, sessions.length - i));
    }
    writer.close();
  }
  writer.end();
  const blob = new Blob(parts, { type: `${writer.type};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  try {
    await downloads.download({ url, filename: writer.saved.fileName, saveAs: false, conflictAction: 'uniquify' });
  } finally {
    // The browser has read the blob's address by now; its bytes are freed once the download has them.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
  return writer.saved;
}
