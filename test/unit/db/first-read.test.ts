import 'fake-indexeddb/auto';
import { sessionRow } from '@/lib/db/session-row';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { AppDb } from '@/lib/db';
import {
  type FirstReader,
  openFirstReader,
  type PanelQuery,
  READ_AHEAD_FRESH_MS,
  readAhead,
  takeReadAhead,
} from '@/lib/db/first-read';
import { backgroundStatusQuery, connectionQuery, latestFindQuery, sessionQuery } from '@/lib/db/panel-queries';
import { HISTORY_PAGE, historyCallsQuery, historyCalls } from '@/lib/history/queries';
import { backgroundStatus, getConnection, getSession, latestFind } from '@/lib/db/queries';
import { makeCall, makeConnectionRow } from '@/test/unit/components/fixtures';

/** A panel query's raw read for these arguments (each of these queries reads them raw). */
function rawOf<A extends readonly unknown[], T>(query: PanelQuery<A, T>, ...args: A): (r: FirstReader) => Promise<T> {
  const raw = query.raw?.(...args);
  if (!raw) throw new Error('no raw read for these arguments');
  return raw;
}

const firstReads = {
  connection: (r: FirstReader) => rawOf(connectionQuery)(r),
  latestFind: (r: FirstReader) => rawOf(latestFindQuery)(r),
  backgroundStatus: (r: FirstReader) => rawOf(backgroundStatusQuery)(r),
  session: (r: FirstReader, sessionId: string) => rawOf(sessionQuery, sessionId)(r),
  newestCalls: (r: FirstReader, limit: number = HISTORY_PAGE) => rawOf(historyCallsQuery, null, null, limit)(r),
};
const sessionAheadKey = (sessionId: string) => sessionQuery.aheadKey?.(sessionId) ?? '';

function findRow(text: string) {
  return {
    requestId: crypto.randomUUID(),
    text,
    cut: false,
    source: 'panel' as const,
    status: 'done' as const,
    agents: [],
    error: null,
    at: '2026-05-01T10:01:00.000Z',
    doneAt: '2026-05-01T10:01:01.000Z',
  };
}

async function databaseExists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((d) => d.name === name);
}

describe('the panel’s first read, without Dexie', () => {
  it('reads the same rows as the live queries: connection, latest find, background status', async () => {
    const name = `first-read-${crypto.randomUUID()}`;
    const db = new AppDb(name);
    await db.connection.put(makeConnectionRow());
    await db.finds.add(findRow('older'));
    await db.finds.add(findRow('newest'));
    await db.ui.put({
      key: 'background',
      offline: true,
      offlineSince: '2026-05-01T10:02:00.000Z',
      error: null,
      pausedUntil: null,
      updatedAt: '2026-05-01T10:02:00.000Z',
    });
    const reader = await openFirstReader(indexedDB, name);
    expect(await firstReads.connection(reader)).toEqual(await getConnection(db));
    expect(await firstReads.latestFind(reader)).toEqual(await latestFind(db));
    expect((await firstReads.latestFind(reader))?.text).toBe('newest');
    expect(await firstReads.backgroundStatus(reader)).toEqual(await backgroundStatus(db));
    db.close();
  });

  it('reads a session and the history’s unfiltered first page as their live queries do', async () => {
    const name = `first-read-pages-${crypto.randomUUID()}`;
    const db = new AppDb(name);
    const at = (i: number) => new Date(Date.UTC(2026, 4, 1, 10, i)).toISOString();
    // Stored out of order: the page follows createdAt, not the order of writing.
    for (const i of [3, 0, 4, 1, 2])
      await db.calls.put(makeCall({ localId: `c${i}`, createdAt: at(i), updatedAt: at(i) }));
    await db.sessions.put(sessionRow({ sessionId: 's1' } as never, at(5)));
    const reader = await openFirstReader(indexedDB, name);
    const page = await firstReads.newestCalls(reader, 3);
    expect(page).toEqual(await historyCalls(db, { agentId: null, status: null }, 3));
    expect(page.rows.map((c) => c.localId)).toEqual(['c4', 'c3', 'c2']);
    expect(page.more).toBe(true);
    expect((await firstReads.newestCalls(reader, 5)).more).toBe(false);
    expect(await firstReads.session(reader, 's1')).toEqual(await getSession(db, 's1'));
    expect(await firstReads.session(reader, 'none')).toBeUndefined();
    db.close();
  });

  it('answers "nothing stored" when the database does not exist, and does not create it', async () => {
    const name = `first-read-missing-${crypto.randomUUID()}`;
    const reader = await openFirstReader(indexedDB, name);
    expect(await firstReads.connection(reader)).toBeUndefined();
    expect(await firstReads.latestFind(reader)).toBeUndefined();
    expect(await databaseExists(name)).toBe(false);
    // Dexie then creates it with its own versions.
    const db = new AppDb(name);
    await db.connection.put(makeConnectionRow());
    expect(await getConnection(db)).toBeTruthy();
    db.close();
  });

  it('answers undefined for a store an older database does not have yet', async () => {
    const name = `first-read-old-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ connection: 'id' });
    await old.open();
    old.close();
    const reader = await openFirstReader(indexedDB, name);
    expect(await firstReads.latestFind(reader)).toBeUndefined();
  });

  it('never blocks the background upgrading the database while the panel is open', async () => {
    const name = `first-read-upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(1).stores({ connection: 'id' });
    await old.open();
    old.close();
    await openFirstReader(indexedDB, name);
    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBeGreaterThan(1);
    db.close();
  });
});

describe('a first read started ahead, on the click', () => {
  it('is taken once by the view it was for, and by no other', async () => {
    readAhead(sessionAheadKey('s1'), async () => 'row of s1', 1000);
    expect(takeReadAhead(sessionAheadKey('s2'), 1001)).toBeNull();
    expect(await takeReadAhead<string>(sessionAheadKey('s1'), 1002)?.rows).toBe('row of s1');
    // Taken: the view reads again itself next time.
    expect(takeReadAhead(sessionAheadKey('s1'), 1003)).toBeNull();
  });

  it('a later read ahead replaces an earlier one', async () => {
    readAhead(sessionAheadKey('s1'), async () => 'first', 1000);
    readAhead(sessionAheadKey('s2'), async () => 'second', 1001);
    expect(takeReadAhead(sessionAheadKey('s1'), 1002)).toBeNull();
    expect(await takeReadAhead<string>(sessionAheadKey('s2'), 1002)?.rows).toBe('second');
  });

  it('is not taken once stale: the view it was for never came, and its rows may have changed since', () => {
    readAhead(sessionAheadKey('s1'), async () => 'old row', 1000);
    expect(takeReadAhead(sessionAheadKey('s1'), 1000 + READ_AHEAD_FRESH_MS + 1)).toBeNull();
  });

  it('a read ahead that failed is handed to the view as failed (it then waits for the live query), never thrown unhandled', async () => {
    const settled = readAhead(
      sessionAheadKey('s1'),
      async () => {
        throw new Error('database closed');
      },
      1000,
    );
    // The panel waits on it before putting the view up: it settles, it does not throw.
    await expect(settled).resolves.toBeUndefined();
    const taken = takeReadAhead(sessionAheadKey('s1'), 1001);
    expect(taken?.settled).toBeNull();
    await expect(taken?.rows).rejects.toThrow('database closed');
  });

  it('once it has answered, the view takes its rows with it, and before that only the read', async () => {
    let answer: (row: string) => void = () => undefined;
    const settled = readAhead(sessionAheadKey('s1'), () => new Promise<string>((resolve) => (answer = resolve)), 1000);
    readAhead(sessionAheadKey('s2'), async () => 'not yet', 1000);
    expect(takeReadAhead(sessionAheadKey('s2'), 1001)?.settled).toBeNull();
    const later = readAhead(sessionAheadKey('s1'), async () => 'row of s1', 1002);
    await later;
    expect(takeReadAhead<string>(sessionAheadKey('s1'), 1003)?.settled).toEqual({ value: 'row of s1' });
    answer('unused');
    await settled;
  });
});
