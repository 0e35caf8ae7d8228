/**
 * The panel's way to the database. Dexie is a chunk of its own, requested only once the first screen is
 * in the document: the views of the first screen read their rows without it (./first-read) and hold it back
 * until those reads have rendered, so the panel's JS before its cached content does not carry Dexie.
 */
import type { liveQuery } from 'dexie';
import type { AppDb } from './db';

export interface LiveDb {
  db: AppDb;
  liveQuery: typeof liveQuery;
}

let loading: Promise<LiveDb> | null = null;
const holds = new Set<Promise<unknown>>();

function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

/** A first-screen read in flight: Dexie waits until it has settled and a frame has passed. */
export function holdDexieFor(read: Promise<unknown>): void {
  const settled = read.then(
    () => undefined,
    () => undefined,
  );
  holds.add(settled);
  void settled.then(() => holds.delete(settled));
}

async function afterFirstScreen(): Promise<void> {
  // A view mounted by a first read's answer may add its own read: wait until a frame passes with none.
  do {
    await Promise.all([...holds]);
    await nextFrame();
  } while (holds.size > 0);
}

/** The database (one per extension origin, shared with the background); loaded once. */
export function loadDb(): Promise<LiveDb> {
  loading ??= afterFirstScreen()
    .then(() => import('./live'))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
