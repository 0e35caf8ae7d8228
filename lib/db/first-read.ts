/**
 * The panel's first screen read with the browser's own IndexedDB, before Dexie (about 30 KB gzip) is
 * loaded: the connection, the latest find and the background's status are shown from these, and Dexie's
 * liveQuery takes over after the first paint (components/common/useLiveQuery). Read-only: it never creates
 * or upgrades the database, and it closes as soon as the background asks for a new version.
 */
import type { AppDb } from './db';
import { DB_NAME } from './schema';

export interface FirstReader {
  /** The row stored under `key`, or undefined (no such store or row). */
  get<T>(store: string, key: IDBValidKey): Promise<T | undefined>;
  /** The row with the highest primary key, or undefined. */
  last<T>(store: string): Promise<T | undefined>;
  /** Up to `limit` rows by `index`, highest first (none when the store or index does not exist yet). */
  newest<T>(store: string, index: string, limit: number): Promise<T[]>;
}

/** An empty database: what the panel sees before the extension has stored anything. */
const NOTHING_STORED: FirstReader = {
  get: async () => undefined,
  last: async () => undefined,
  newest: async () => [],
};

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB read failed'));
  });
}

/** IndexedDB 3's getAll options (not yet in TypeScript's DOM types). */
interface GetAllOptions {
  query: IDBKeyRange | null;
  count: number;
  direction: IDBCursorDirection;
}

function readerOf(db: IDBDatabase): FirstReader {
  const store = (name: string): IDBObjectStore | null =>
    db.objectStoreNames.contains(name) ? db.transaction(name, 'readonly').objectStore(name) : null;
  return {
    async get<T>(name: string, key: IDBValidKey) {
      const s = store(name);
      return s ? ((await request(s.get(key))) as T | undefined) : undefined;
    },
    async last<T>(name: string) {
      const s = store(name);
      if (!s) return undefined;
      const cursor = await request(s.openCursor(null, 'prev'));
      return (cursor?.value as T | undefined) ?? undefined;
    },
    newest<T>(name: string, indexName: string, limit: number) {
      const s = store(name);
      if (!s?.indexNames.contains(indexName) || limit < 1) return Promise.resolve([]);
      // One request where the browser has IndexedDB 3's getAll with a direction (as Dexie reads the page),
      // a cursor walked row by row where it does not.
      if ('getAllRecords' in s) {
        const getAll = s.index(indexName).getAll as unknown as (options: GetAllOptions) => IDBRequest<T[]>;
        return request(getAll.call(s.index(indexName), { query: null, count: limit, direction: 'prev' }));
      }
      return new Promise<T[]>((resolve, reject) => {
        const rows: T[] = [];
        const req = s.index(indexName).openCursor(null, 'prev');
        req.onsuccess = () => {
          const cursor = req.result;
          if (cursor && rows.length < limit) {
            rows.push(cursor.value as T);
            cursor.continue();
          } else resolve(rows);
        };
        req.onerror = () => reject(req.error ?? new Error('IndexedDB read failed'));
      });
    },
  };
}

/**
 * Opens the extension's database at whatever version it has. When it does not exist yet the open is
 * aborted (so Dexie later creates it with its own versions) and the reader answers as an empty database.
 */
export function openFirstReader(factory: IDBFactory = indexedDB, name: string = DB_NAME): Promise<FirstReader> {
  return new Promise((resolve, reject) => {
    let created = false;
    const req = factory.open(name);
    req.onupgradeneeded = () => {
      created = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      const db = req.result;
      // The background's Dexie may upgrade the database while the panel is open: never block it.
      db.onversionchange = () => db.close();
      resolve(readerOf(db));
    };
    req.onerror = (event) => {
      if (created) {
        event.preventDefault();
        resolve(NOTHING_STORED);
      } else reject(req.error ?? new Error('IndexedDB could not be opened'));
    };
    req.onblocked = () => reject(new Error('IndexedDB is being upgraded'));
  });
}

let shared: Promise<FirstReader> | null = null;

/** The panel's one reader, opened by its first read and kept (it closes itself when the database upgrades). */
export function sharedFirstReader(): Promise<FirstReader> {
  shared ??= openFirstReader();
  return shared;
}

interface Ahead {
  key: string;
  rows: Promise<unknown>;
  at: number;
  /** The rows once read: a view put up after that starts with them, with no loading step between. */
  settled: { value: unknown } | null;
}

let ahead: Ahead | null = null;

/** A read ahead older than this is not taken: the view it was for never came, and its rows may have moved. */
export const READ_AHEAD_FRESH_MS = 2000;

/** A read ahead handed to its view: the read, and its rows if it has answered already. */
export interface TakenAhead<T> {
  rows: Promise<T>;
  settled: { value: T } | null;
}

/**
 * Starts a view's first read on the member's click, before the view is drawn. One at a time (a later one
 * replaces it); the view it is for takes it once with takeReadAhead, and reads again itself when it is gone.
 * Resolves when the read has settled, either way (never rejects), so the panel can put the view up with its
 * rows instead of a skeleton for a read of a few milliseconds.
 */
export function readAhead(
  key: string,
  read: (r: FirstReader) => Promise<unknown>,
  now: number = performance.now(),
): Promise<void> {
  const entry: Ahead = { key, rows: sharedFirstReader().then(read), at: now, settled: null };
  ahead = entry;
  // Taken or not, a read that failed only means the view reads again: never an unhandled rejection.
  return entry.rows.then(
    (value) => {
      entry.settled = { value };
    },
    () => undefined,
  );
}

/** The read started ahead under `key`, once and while fresh; null otherwise (the view then reads itself). */
export function takeReadAhead<T>(key: string, now: number = performance.now()): TakenAhead<T> | null {
  const taken = ahead;
  if (taken === null || taken.key !== key) return null;
  ahead = null;
  if (now - taken.at > READ_AHEAD_FRESH_MS) return null;
  return { rows: taken.rows as Promise<T>, settled: taken.settled as { value: T } | null };
}

/**
 * A query a panel view reads its rows with: its live query (Dexie, under liveQuery) and, for a view of the
 * first screen or one a click opens, the same rows read raw, side by side, so the two are written once and
 * tested equal in one place (test/unit/db/panel-queries.test.ts). components/common/usePanelQuery reads one.
 */
export interface PanelQuery<A extends readonly unknown[], T> {
  live(db: AppDb, ...args: A): Promise<T>;
  /** The same rows read without Dexie, for these arguments; null where it does not read them raw (a filtered page). */
  raw?(...args: A): ((reader: FirstReader) => Promise<T>) | null;
  /** Under what a click reads these rows ahead of the view (readAhead); null when it does not. */
  aheadKey?(...args: A): string | null;
}

/** Starts `query`'s raw read ahead of its view, on the member's click (see readAhead). */
export function readAheadOf<A extends readonly unknown[], T>(query: PanelQuery<A, T>, args: A): Promise<void> {
  const key = query.aheadKey?.(...args) ?? null;
  const raw = query.raw?.(...args) ?? null;
  if (key === null || raw === null) return Promise.resolve();
  return readAhead(key, raw);
}
