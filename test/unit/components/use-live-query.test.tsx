// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { db } from '@/lib/db';
import { firstReads } from '@/lib/db/first-read';
import { getConnection } from '@/lib/db/queries';
import { makeConnectionRow } from './fixtures';

// Dexie's chunk held back: what shows is what the first read found.
const lazy = vi.hoisted(() => ({ gate: Promise.resolve(), release: () => {} }));
vi.mock('@/lib/db/lazy', async () => {
  const live = await import('@/lib/db/live');
  return { loadDb: () => lazy.gate.then(() => live) };
});

function ConnectionName({ first }: { first: boolean }) {
  const row = useLiveQuery((d) => getConnection(d), [], first ? firstReads.connection : undefined);
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
