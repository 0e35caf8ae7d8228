// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { db } from '@/lib/db';
import { connectionQuery } from '@/lib/db/panel-queries';
import { getConnection } from '@/lib/db/queries';
import { makeConnectionRow } from './fixtures';

// Dexie's chunk held back: what shows is what the first read found.
const lazy = vi.hoisted(() => ({ gate: Promise.resolve(), release: () => {} }));
vi.mock('@/lib/db/lazy', async () => {
  const live = await import('@/lib/db/live');
  return { loadDb: () => lazy.gate.then(() => live), holdDexieFor: () => undefined };
});

function ConnectionName({ first }: { first: boolean }) {
  const row = useLiveQuery((d) => getConnection(d), [], {
    firstRead: first ? (connectionQuery.raw?.() ?? undefined) : undefined,
  });
  if (!row.loaded) return <p>Loading</p>;
  return <p>{row.value ? `Connected as ${row.value.name}` : 'Not connected'}</p>;
}

describe('useLiveQuery on the first screen', () => {
  afterEach(cleanup);

  beforeEach(async () => {
    lazy.gate = new Promise<void>((resolve) => {
      lazy.release = resolve;
    });
    await db.connection.clear();
    await db.connection.put(makeConnectionRow());
  });

  it('shows the cached row before Dexie has loaded, then follows the live query', async () => {
    render(<ConnectionName first />);
    await screen.findByText('Connected as My laptop');
    lazy.release();
    await db.connection.put(makeConnectionRow({ name: 'Renamed' }));
    await screen.findByText('Connected as Renamed');
  });

  it('without a first read, waits for Dexie', async () => {
    render(<ConnectionName first={false} />);
    expect(screen.getByText('Loading')).toBeTruthy();
    lazy.release();
    await screen.findByText('Connected as My laptop');
  });
});

describe('useLiveQuery held back', () => {
  afterEach(cleanup);

  it('reads nothing while not enabled, then reads', async () => {
    lazy.gate = Promise.resolve();
    await db.connection.put(makeConnectionRow());
    function Held({ enabled }: { enabled: boolean }) {
      const row = useLiveQuery((d) => getConnection(d), [], { enabled });
      return <p>{row.loaded ? `Read: ${row.value?.name}` : 'Not read'}</p>;
    }
    const view = render(<Held enabled={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('Not read')).toBeTruthy();
    view.rerender(<Held enabled />);
    await screen.findByText('Read: My laptop');
  });
});

describe('useLiveQuery after a first read', () => {
  afterEach(cleanup);

  it('runs the live query only once the first read has answered, so the two never read side by side', async () => {
    lazy.gate = Promise.resolve();
    await db.connection.put(makeConnectionRow({ name: 'Live' }));
    let answer: (name: string) => void = () => {};
    const firstRead = () => new Promise<{ name: string }>((resolve) => (answer = (name) => resolve({ name })));
    const query = vi.fn(async (d: typeof db) => ({ name: (await getConnection(d))?.name ?? '' }));
    function Name() {
      const row = useLiveQuery(query, [], { firstRead });
      return <p>{row.loaded ? `Name: ${row.value?.name}` : 'Loading'}</p>;
    }
    render(<Name />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(query).not.toHaveBeenCalled();
    expect(screen.getByText('Loading')).toBeTruthy();
    answer('First');
    await screen.findByText('Name: Live');
    expect(query).toHaveBeenCalled();
  });
});
