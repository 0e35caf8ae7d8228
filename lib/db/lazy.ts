/**
 * The panel's way to the database. Dexie is a chunk of its own, requested only after the first screen has
 * painted (from ./first-read), so the panel's JS at open does not carry it.
 */
import type { AppDb } from './db';
import type { liveQuery } from 'dexie';

export interface LiveDb {
  db: AppDb;
  liveQuery: typeof liveQuery;
}

let loading: Promise<LiveDb> | null = null;

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

/** The database (one per extension origin, shared with the background); loaded once. */
export function loadDb(): Promise<LiveDb> {
  loading ??= afterFirstPaint()
    .then(() => import('./live'))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
