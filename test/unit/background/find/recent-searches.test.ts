import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '@/lib/db';
import type { FindRow } from '@/lib/db/tables/finds';
import { openFirstReader } from '@/lib/db/first-read';
import { findStartQuery } from '@/lib/db/panel-queries';
import { FIND_START_MAX, findStart } from '@/lib/db/queries';
import { readSettings } from '@/lib/settings';
import { runFind } from '@/entrypoints/background/find/find';
import { setSettings } from '@/entrypoints/background/options/settings';
import { clearCache } from '@/entrypoints/background/storage/cache';
import { makeCall, ut } from '@/test/unit/components/fixtures';
import { connected, makeCtx, resetBrowser, type TestCtx } from '@/test/unit/background/helpers';

function find(text: string, minute: number, over: Partial<FindRow> = {}): FindRow {
  const at = new Date(Date.UTC(2026, 4, 1, 10, minute)).toISOString();
  return {
    requestId: crypto.randomUUID(),
    text,
    cut: false,
    source: 'panel',
    status: 'done',
    agents: [],
    error: null,
    at,
    doneAt: at,
    ...over,
  };
}

const minute = (i: number) => new Date(Date.UTC(2026, 4, 1, 11, i)).toISOString();

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
  ctx.api.find.mockResolvedValue({ agents: [] });
});

describe('Find before a search: recent searches and agents called', () => {
  it('lists typed searches newest first, each once, without selections or refused ones, at most five', async () => {
    await ctx.db.finds.bulkAdd([
      find('oldest search', 0),
      find('postgres replica', 1),
      find('a page’s selected text', 2, { source: 'menu' }),
      find('the site refused this', 3, { status: 'refused' }),
      find('postgres replica', 4),
      find('failed while offline', 5, { status: 'failed' }),
      find('one', 6),
      find('two', 7),
      find('three', 8, { source: 'shortcut' }),
      find('four', 9),
    ]);
    const start = await findStart(ctx.db);
    expect(start.remember).toBe(true);
    expect(start.searches.map((s) => s.text)).toEqual([
      'four',
      'two',
      'one',
      'failed while offline',
      'postgres replica',
    ]);
    expect(start.searches).toHaveLength(FIND_START_MAX);
  });

  it('lists the agents called, most recent first, each once, with their names as the calls had them', async () => {
    await ctx.db.calls.bulkPut([
      makeCall({ localId: 'c0', createdAt: minute(0), request: { agentId: 'ag_a', callId: 'apply' } }),
      makeCall({ localId: 'c1', createdAt: minute(1), request: { agentId: 'ag_b', callId: 'question' } }),
      makeCall({
        localId: 'c2',
        createdAt: minute(2),
        request: { agentId: 'ag_a', callId: 'apply' },
        agentName: ut('Agent A, renamed'),
      }),
      makeCall({ localId: 'c3', createdAt: minute(3), request: { agentId: 'ag_c', callId: 'apply' }, agentName: null }),
    ]);
    const start = await findStart(ctx.db);
    expect(start.agents.map((a) => [a.agentId, a.agentName?.untrustedText ?? null])).toEqual([
      ['ag_c', null],
      ['ag_a', 'Agent A, renamed'],
      ['ag_b', 'Postgres helper'],
    ]);
  });

  it('the first read without Dexie answers as the live query', async () => {
    const db = new AppDb(`find-start-${crypto.randomUUID()}`);
    await db.finds.bulkAdd([find('first', 0), find('second', 1), find('selected', 2, { source: 'menu' })]);
    await db.calls.bulkPut([
      makeCall({ localId: 'c0', createdAt: minute(0), request: { agentId: 'ag_a', callId: 'apply' } }),
      makeCall({ localId: 'c1', createdAt: minute(1), request: { agentId: 'ag_b', callId: 'apply' } }),
    ]);
    const raw = findStartQuery.raw?.();
    if (!raw) throw new Error('no raw read');
    const reader = await openFirstReader(indexedDB, db.name);
    expect(await raw(reader)).toEqual(await findStart(db));
    expect((await raw(reader)).searches.map((s) => s.text)).toEqual(['second', 'first']);
    await db.settings.put({ key: 'rememberSearches', value: false });
    expect(await raw(reader)).toEqual({ remember: false, searches: [], agents: [] });
    expect(await findStart(db)).toEqual({ remember: false, searches: [], agents: [] });
    db.close();
  });

  it('"Remember my recent searches" is on by default', async () => {
    expect((await readSettings(ctx.db)).rememberSearches).toBe(true);
    expect((await findStart(ctx.db)).remember).toBe(true);
  });

  it('turned off: the searches kept so far go (all but the one Find shows), and nothing is listed', async () => {
    await runFind(ctx, 'first search', 'panel');
    await runFind(ctx, 'second search', 'panel');
    await ctx.db.calls.put(makeCall());
    await setSettings(ctx, { rememberSearches: false });
    expect((await ctx.db.finds.toArray()).map((f) => f.text)).toEqual(['second search']);
    expect(await findStart(ctx.db)).toEqual({ remember: false, searches: [], agents: [] });
  });

  it('while off, a new find replaces the last one: nothing earlier is kept', async () => {
    await setSettings(ctx, { rememberSearches: false });
    await runFind(ctx, 'first search', 'panel');
    await runFind(ctx, 'second search', 'menu');
    await runFind(ctx, 'x', 'shortcut'); // refused (too short): still the one Find shows
    expect((await ctx.db.finds.toArray()).map((f) => f.text)).toEqual(['x']);
    // Turned on again: searches are kept from then on.
    await setSettings(ctx, { rememberSearches: true });
    await runFind(ctx, 'third search', 'panel');
    await runFind(ctx, 'fourth search', 'panel');
    expect((await ctx.db.finds.toArray()).map((f) => f.text)).toEqual(['x', 'third search', 'fourth search']);
    expect((await findStart(ctx.db)).searches.map((s) => s.text)).toEqual(['fourth search', 'third search']);
  });

  it('clearing the cache clears the recent searches and the agents called with ended calls', async () => {
    await runFind(ctx, 'first search', 'panel');
    await runFind(ctx, 'second search', 'panel');
    await ctx.db.calls.put(makeCall({ state: 'finished' }));
    expect((await findStart(ctx.db)).searches).toHaveLength(2);
    await clearCache(ctx);
    expect(await ctx.db.finds.count()).toBe(0);
    expect(await findStart(ctx.db)).toEqual({ remember: true, searches: [], agents: [] });
  });
});
