// Search in the history (issue 42): the words against agent name, question or details and the answer's note,
// by a bounded scan of the newest calls that reads no more rows at 10,000 cached calls than at 1,000.
import 'fake-indexeddb/auto';
import type { DBCore, DBCoreQueryRequest } from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppDb, type CallRow } from '@/lib/db';
import { callSnippet, callTexts, markedParts, searchCalls, searchTerms, termsPattern } from '@/lib/history/search';
import { SEARCH_WINDOW } from '@/lib/history/search-pace';
import { makeCall, makeResult, ut } from '@/test/unit/components/fixtures';

let d: AppDb;
/** Rows IndexedDB handed back to reads of the calls table (values, not keys alone). */
let rowsRead = 0;

beforeEach(() => {
  d = new AppDb(`search-${crypto.randomUUID()}`);
  rowsRead = 0;
  // Counts at Dexie's lowest layer, so what is counted is what the database read, however a query is made.
  d.use({
    stack: 'dbcore',
    name: 'count-rows',
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        if (name !== 'calls') return table;
        return {
          ...table,
          query: async (req: DBCoreQueryRequest) => {
            const res = await table.query(req);
            if (req.values) rowsRead += res.result.length;
            return res;
          },
          getMany: async (req) => {
            const res = await table.getMany(req);
            rowsRead += res.length;
            return res;
          },
          get: async (req) => {
            rowsRead += 1;
            return table.get(req);
          },
          openCursor: () => {
            throw new Error('The search walked a cursor: one round trip per row.');
          },
        };
      },
    }),
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

function call(i: number, over: Partial<CallRow> = {}, request: Partial<CallRow['request']> = {}): CallRow {
  const base = makeCall({
    localId: `c${String(i).padStart(6, '0')}`,
    createdAt: at(i),
    agentName: ut(`Agent ${i % 15}`),
    result: makeResult({ note: ut('Measure first, then change one setting at a time.') }),
    ...over,
  });
  return { ...base, request: { ...base.request, agentId: `ag_${i % 15}`, question: null, details: '', ...request } };
}

async function fill(count: number, extra: CallRow[] = []): Promise<void> {
  const rows: CallRow[] = [];
  for (let i = 0; i < count; i++) rows.push(call(i));
  await d.calls.bulkPut([...rows, ...extra]);
  rowsRead = 0;
}

const ids = (rows: CallRow[]) => rows.map((c) => c.localId);

describe('history search: what it finds', () => {
  beforeEach(async () => {
    await d.calls.bulkPut([
      call(1, { agentName: ut('Postgres Guild'), result: makeResult({ note: ut('Use a LIKE index on the name.') }) }),
      call(2, { agentName: ut('Shop Builder') }, { question: 'Which payment provider fits a small shop?' }),
      call(3, { agentName: ut('Shop Builder') }, { details: 'My shop sells tea and cups.' }),
      call(4, {
        agentName: ut('Postgres Guild'),
        state: 'finished',
        result: makeResult({ status: 'failed', note: ut('The like index did not help.') }),
      }),
    ]);
  });

  it('finds a call by a word of its answer, any case, newest first', async () => {
    expect(ids((await searchCalls(d, { agentId: null, status: null }, 'LIKE', 50)).rows)).toEqual([
      'c000004',
      'c000001',
    ]);
    // As typed: the start of a word already finds it.
    expect(ids((await searchCalls(d, { agentId: null, status: null }, 'lik', 50)).rows)).toEqual([
      'c000004',
      'c000001',
    ]);
  });

  it('finds a call by its agent, its question or its details, every word somewhere', async () => {
    expect(ids((await searchCalls(d, { agentId: null, status: null }, 'shop builder', 50)).rows)).toEqual([
      'c000003',
      'c000002',
    ]);
    expect(ids((await searchCalls(d, { agentId: null, status: null }, 'payment', 50)).rows)).toEqual(['c000002']);
    expect(ids((await searchCalls(d, { agentId: null, status: null }, 'tea', 50)).rows)).toEqual(['c000003']);
    // "postgres" in the name, "name" in the answer: both words, in different texts.
    expect(ids((await searchCalls(d, { agentId: null, status: null }, 'postgres name', 50)).rows)).toEqual(['c000001']);
    expect((await searchCalls(d, { agentId: null, status: null }, 'nowhere', 50)).rows).toEqual([]);
  });

  it('works with the agent and status filters', async () => {
    expect(ids((await searchCalls(d, { agentId: 'ag_1', status: null }, 'like', 50)).rows)).toEqual(['c000001']);
    expect(ids((await searchCalls(d, { agentId: null, status: 'failed' }, 'like', 50)).rows)).toEqual(['c000004']);
    expect(ids((await searchCalls(d, { agentId: null, status: 'passed' }, 'like', 50)).rows)).toEqual(['c000001']);
    expect((await searchCalls(d, { agentId: 'ag_2', status: null }, 'like', 50)).rows).toEqual([]);
  });

  it('pages its matches', async () => {
    const page = await searchCalls(d, { agentId: null, status: null }, 'like', 1);
    expect(ids(page.rows)).toEqual(['c000004']);
    expect(page.more).toBe(true);
  });
});

describe('history search: marks', () => {
  it('cuts the shown text into plain and marked parts, any case, the text kept whole', () => {
    const text = 'Use a LIKE index; like it.';
    const parts = markedParts(text, termsPattern(searchTerms('like  Index like')));
    expect(parts).toEqual([
      { text: 'Use a ', marked: false },
      { text: 'LIKE', marked: true },
      { text: ' ', marked: false },
      { text: 'index', marked: true },
      { text: '; ', marked: false },
      { text: 'like', marked: true },
      { text: ' it.', marked: false },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
    // Words with pattern characters are searched as they are.
    expect(markedParts('a (b) c', termsPattern(['(b)']))).toContainEqual({ text: '(b)', marked: true });
  });

  it('shows the answer around the first word found, when the question does not hold it', () => {
    const long = `${'word '.repeat(40)}the LIKE index ${'more '.repeat(60)}`;
    const texts = callTexts(call(1, { result: makeResult({ note: ut(long) }) }, { question: 'Which index?' }));
    expect(callSnippet(texts, termsPattern(['like']))).toMatchObject({ field: 'answer', before: true, after: true });
    expect(callSnippet(texts, termsPattern(['like']))?.text).toContain('the LIKE index');
    expect(callSnippet(texts, termsPattern(['index']))).toMatchObject({ field: 'question', text: 'Which index?' });
  });
});

describe('history search: bounded as the cache grows', () => {
  it('reads the same rows at 10,000 cached calls as at 1,000, where nothing matches (the worst case)', async () => {
    await fill(1_000);
    const small = await searchCalls(d, { agentId: null, status: null }, 'nowhere', 50);
    const readSmall = rowsRead;
    expect(small).toMatchObject({ rows: [], scanned: 1_000, older: false });
    // The count is of rows really read: every call of the 1,000.
    expect(readSmall).toBeGreaterThanOrEqual(1_000);

    await fill(10_000);
    const large = await searchCalls(d, { agentId: null, status: null }, 'nowhere', 50);
    expect(large).toMatchObject({ rows: [], scanned: SEARCH_WINDOW, older: true });
    expect(rowsRead).toBeLessThanOrEqual(SEARCH_WINDOW + 5 * 2);
    expect(rowsRead).toBeLessThanOrEqual(readSmall);
  }, 120_000);

  it("stops once a page of matches is in: an agent's name in one call of 15", async () => {
    await fill(1_000);
    await searchCalls(d, { agentId: null, status: null }, 'agent 7', 50);
    const readSmall = rowsRead;
    expect(readSmall).toBeGreaterThan(0);
    await fill(10_000);
    rowsRead = 0;
    const large = await searchCalls(d, { agentId: null, status: null }, 'agent 7', 50);
    expect(large.rows).toHaveLength(50);
    expect(large.more).toBe(true);
    expect(rowsRead).toBe(readSmall);
    expect(rowsRead).toBeLessThan(SEARCH_WINDOW);
    // With the agent chosen, its own index: a page of its calls is about a page of reads.
    rowsRead = 0;
    await searchCalls(d, { agentId: 'ag_7', status: null }, 'measure', 50);
    expect(rowsRead).toBeLessThanOrEqual(200 + 1);
  }, 120_000);

  it('searches older calls when asked, and keeps calls that share a time across its chunks', async () => {
    const old = call(0, { localId: 'old', createdAt: at(0), result: makeResult({ note: ut('the rare word') }) });
    // 1,200 calls at one same time, newer than `old`.
    const same = Array.from({ length: 1_200 }, (_, i) => call(i, { createdAt: at(5) }));
    same[1_150] = call(1_150, { createdAt: at(5), result: makeResult({ note: ut('a tied rare answer') }) });
    await d.calls.bulkPut([old, ...same]);
    const first = await searchCalls(d, { agentId: null, status: null }, 'rare', 50);
    // The rows that share the boundary's time are read with it: the tied match is found.
    expect(ids(first.rows)).toEqual(['c001150']);
    expect(first.older).toBe(true);
    const further = await searchCalls(d, { agentId: null, status: null }, 'rare', 50, 2 * SEARCH_WINDOW);
    expect(ids(further.rows)).toEqual(['c001150', 'old']);
    expect(further.older).toBe(false);
  }, 60_000);
});
