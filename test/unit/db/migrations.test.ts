import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { AppDb, CURRENT_DB_VERSION, DB_VERSIONS } from '@/lib/db';
import { ROW_SCHEMAS } from '@/lib/db/rows';
import { STORES_V1, STORES_V2, STORES_V3, STORES_V4, STORES_V5, STORES_V6 } from '@/lib/db/schema';
import { REHEARSAL_VERSION } from '@/lib/db/e2e/rehearsal';
import { isNewerDatabase } from '@/lib/db/storage-errors';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { V1 } from '@/test/unit/db/fixtures/v1';
import { V2 } from '@/test/unit/db/fixtures/v2';
import { V3 } from '@/test/unit/db/fixtures/v3';
import { V4 } from '@/test/unit/db/fixtures/v4';
import { V5 } from '@/test/unit/db/fixtures/v5';
import { V6 } from '@/test/unit/db/fixtures/v6';

/** One fixture per released version, oldest first. */
const FIXTURES = [V1, V2, V3, V4, V5, V6];

async function writeFixture(name: string, fixture: (typeof FIXTURES)[number]): Promise<void> {
  const old = new Dexie(name);
  old.version(fixture.version).stores(fixture.stores);
  await old.open();
  for (const [table, rows] of Object.entries(fixture.rows)) {
    await old.table(table).bulkAdd(rows as unknown as object[]);
  }
  old.close();
}

/** The stores and indexes IndexedDB holds, as a fresh install and an upgraded database must both have them. */
function storesOf(idb: IDBDatabase): Record<string, unknown> {
  const tx = idb.transaction([...idb.objectStoreNames], 'readonly');
  return Object.fromEntries(
    [...idb.objectStoreNames].map((name) => {
      const store = tx.objectStore(name);
      const indexes = [...store.indexNames].map((i) => {
        const index = store.index(i);
        return [i, { keyPath: index.keyPath, unique: index.unique, multiEntry: index.multiEntry }];
      });
      return [
        name,
        { keyPath: store.keyPath, autoIncrement: store.autoIncrement, indexes: Object.fromEntries(indexes) },
      ];
    }),
  );
}

describe('database versions', () => {
  it('has a fixture for every version', () => {
    expect(FIXTURES.map((f) => f.version)).toEqual(DB_VERSIONS.map((v) => v.version));
  });

  it('released stores are frozen', () => {
    expect(STORES_V1).toEqual(V1.stores);
    expect(STORES_V2).toEqual(V2.stores);
    expect(STORES_V3).toEqual(V3.stores);
    expect(STORES_V4).toEqual(V4.stores);
    expect(STORES_V5).toEqual(V5.stores);
    expect(STORES_V6).toEqual(V6.stores);
  });

  for (const fixture of FIXTURES) {
    it(`opens a version ${fixture.version} database with the current code, every row valid`, async () => {
      const name = `migration-v${fixture.version}-${crypto.randomUUID()}`;
      await writeFixture(name, fixture);
      const db = new AppDb(name);
      await db.open();
      expect(db.verno).toBe(CURRENT_DB_VERSION);
      for (const [table, schema] of Object.entries(ROW_SCHEMAS)) {
        const rows = await db.table(table).toArray();
        const before = (fixture.rows as Record<string, readonly unknown[]>)[table] ?? [];
        expect(rows.length, table).toBe(before.length);
        for (const row of rows) {
          const parsed = schema.safeParse(row);
          expect(parsed.success, `${table}: ${parsed.error?.message}`).toBe(true);
        }
      }
      // The indexes the code queries by work on migrated rows.
      expect(await db.calls.where('state').equals('started').count()).toBe(1);
      expect(await db.approvals.where('status').equals('pending').count()).toBe(1);
      // Every store and index a fresh install has, as it has them (AppDb declares only the versions with an
      // upgrade step and the last: Dexie upgrades from the schema it finds).
      const fresh = new AppDb(`fresh-${crypto.randomUUID()}`);
      await fresh.open();
      expect(storesOf(db.backendDB())).toHaveProperty(['sessions', 'indexes', '[session.agentId+listedAt]']);
      expect(storesOf(db.backendDB())).toEqual(storesOf(fresh.backendDB()));
      fresh.close();
      await fresh.delete();
      db.close();
      await Dexie.delete(name);
    });
  }

  for (const fixture of FIXTURES) {
    it(`opens a version ${fixture.version} database through the next version's upgrade step: every row kept, equal and valid`, async () => {
      const name = `rehearsal-v${fixture.version}-${crypto.randomUUID()}`;
      await writeFixture(name, fixture);
      const current = new AppDb(name);
      await current.open();
      const before = Object.fromEntries(
        await Promise.all(Object.keys(ROW_SCHEMAS).map(async (t) => [t, await current.table(t).toArray()] as const)),
      );
      current.close();
      const next = new AppDb(name, [...DB_VERSIONS, REHEARSAL_VERSION]);
      await next.open();
      expect(next.verno).toBe(CURRENT_DB_VERSION + 1);
      for (const [table, schema] of Object.entries(ROW_SCHEMAS)) {
        const rows = await next.table(table).toArray();
        expect(rows, table).toEqual(before[table]);
        for (const row of rows) expect(schema.safeParse(row).success, table).toBe(true);
      }
      expect(await next.calls.where('state').equals('started').count()).toBe(1);
      next.close();
      await Dexie.delete(name);
    });
  }

  it('an older build opening a newer database is refused in the member’s words, and the data stays for the newer one', async () => {
    const name = `downgrade-${crypto.randomUUID()}`;
    await writeFixture(name, V4);
    const newer = new AppDb(name, [...DB_VERSIONS, REHEARSAL_VERSION]);
    await newer.open();
    newer.close();
    const older = new AppDb(name);
    const refused = await older.calls.count().then(
      () => null,
      (e: unknown) => e,
    );
    expect(isNewerDatabase(refused)).toBe(true);
    expect(toMemberError(refused)).toMatchObject({ code: 'newer_database', nextStep: { kind: 'update_extension' } });
    older.close();
    const again = new AppDb(name, [...DB_VERSIONS, REHEARSAL_VERSION]);
    expect(await again.calls.count()).toBe(V4.rows.calls.length);
    again.close();
    await Dexie.delete(name);
  });

  it('version 1 calls come up with resultReadAt null, an empty downloads ledger next to them', async () => {
    const name = `migration-v1-v2-${crypto.randomUUID()}`;
    await writeFixture(name, V1);
    const db = new AppDb(name);
    const calls = await db.calls.toArray();
    expect(calls.map((c) => c.resultReadAt)).toEqual([null, null]);
    expect(await db.downloads.count()).toBe(0);
    db.close();
    await Dexie.delete(name);
  });

  it('version 2 opens with version 3 tables: rows kept, new tables empty, history indexes answer', async () => {
    const name = `migration-v2-v3-${crypto.randomUUID()}`;
    await writeFixture(name, V2);
    const db = new AppDb(name);
    await db.open();
    expect(db.verno).toBe(CURRENT_DB_VERSION);
    expect(await db.calls.count()).toBe(V2.rows.calls.length);
    expect(await db.downloads.count()).toBe(1);
    for (const table of [db.answerDrafts, db.textDrafts, db.plans, db.settings, db.shares, db.sharedProjects]) {
      expect(await table.count(), table.name).toBe(0);
    }
    expect(await db.calls.where('request.agentId').equals('ag_2').count()).toBe(1);
    const newest = await db.calls.orderBy('createdAt').reverse().first();
    expect(newest?.request.agentId).toBe('ag_2');
    await db.answerDrafts.put({
      sessionId: 'ses_1',
      key: 'stack',
      draft: { choice: 'own', optionKeys: [], own: 'x' },
      siteProblem: null,
      updatedAt: '2026-05-02T09:00:00.000Z',
    });
    expect(await db.answerDrafts.where('sessionId').equals('ses_1').count()).toBe(1);
    expect((await db.answerDrafts.get(['ses_1', 'stack']))?.draft.own).toBe('x');
    db.close();
    await Dexie.delete(name);
  });

  it('version 3 opens as version 4: approvals come up never resent and not come back, no capability known', async () => {
    const name = `migration-v3-v4-${crypto.randomUUID()}`;
    await writeFixture(name, V3);
    const db = new AppDb(name);
    await db.open();
    const approvals = await db.approvals.toArray();
    expect(approvals.length).toBe(V3.rows.approvals.length);
    for (const a of approvals)
      expect([a.cameBackAt, a.resends, a.lastResendAt, a.pageTabId]).toEqual([null, 0, null, null]);
    expect(await db.capabilities.count()).toBe(0);
    await db.capabilities.put({ origin: 'https://site.example', capability: 'quoteCall', offered: false, at: 1 });
    expect(await db.capabilities.where('origin').equals('https://site.example').count()).toBe(1);
    db.close();
    await Dexie.delete(name);
  });

  it('version 4 opens as version 5: the calls of an agent come newest first by the agent-and-time index', async () => {
    const name = `migration-v4-v5-${crypto.randomUUID()}`;
    await writeFixture(name, V4);
    const db = new AppDb(name);
    await db.open();
    const agentId = 'ag_2';
    const byIndex = await db.calls
      .where('[request.agentId+createdAt]')
      .between([agentId, ''], [agentId, '\uffff'])
      .reverse()
      .toArray();
    const expected = V4.rows.calls
      .filter((c) => c.request.agentId === agentId)
      .map((c) => c.createdAt)
      .sort()
      .reverse();
    expect(byIndex.map((c) => c.createdAt)).toEqual(expected);
    expect(byIndex.length).toBeGreaterThan(0);
    db.close();
    await Dexie.delete(name);
  });

  it('version 5 opens as version 6: sessions come newest first by their last call in UTC, or by their read', async () => {
    const name = `migration-v5-v6-${crypto.randomUUID()}`;
    const session = (sessionId: string, lastCallAt: string | null) => ({
      sessionId,
      session: { sessionId, agentId: 'agt_1', lastCallAt, results: [] },
      readAt: '2026-05-01T10:50:00.000Z',
    });
    await writeFixture(name, {
      ...V5,
      rows: {
        ...V5.rows,
        sessions: [
          ...V5.rows.sessions,
          // 12:30 at +02:00 is 10:30 UTC: before 10:45 UTC, though its text sorts after.
          session('ses_zoned', '2026-05-01T12:30:00+02:00'),
          session('ses_utc', '2026-05-01T10:45:00Z'),
          session('ses_no_call', null),
        ],
      },
    } as unknown as typeof V5);
    const db = new AppDb(name);
    const newest = await db.sessions.orderBy('listedAt').reverse().toArray();
    expect(newest.map((r) => [r.sessionId, r.listedAt])).toEqual([
      ['ses_no_call', '2026-05-01T10:50:00.000Z'],
      ['ses_utc', '2026-05-01T10:45:00.000Z'],
      ['ses_zoned', '2026-05-01T10:30:00.000Z'],
      ['ses_1', '2026-05-01T10:02:05.000Z'],
    ]);
    const agents = await db.sessions
      .where('[session.agentId+listedAt]')
      .between(['agt_1', ''], ['agt_1', '\uffff'])
      .reverse()
      .primaryKeys();
    expect(agents).toEqual(['ses_no_call', 'ses_utc', 'ses_zoned']);
    db.close();
    await Dexie.delete(name);
  });

  it('a row schema refuses a row the code would not have written', () => {
    const call = { ...V1.rows.calls[0], state: 'flying' };
    expect(ROW_SCHEMAS.calls.safeParse(call).success).toBe(false);
    const noKey = { ...V1.rows.calls[0], idempotencyKey: '' };
    expect(ROW_SCHEMAS.calls.safeParse(noKey).success).toBe(false);
  });
});
