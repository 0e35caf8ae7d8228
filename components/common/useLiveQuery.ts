import { useEffect, useState } from 'preact/hooks';
import type { AppDb } from '@/lib/db/db';
import { type FirstReader, openFirstReader } from '@/lib/db/first-read';
import { loadDb } from '@/lib/db/lazy';

export interface Live<T> {
  /** False until the first answer from IndexedDB, so "loading" and "nothing stored" differ. */
  loaded: boolean;
  value: T | undefined;
  error: unknown;
}

let firstReader: Promise<FirstReader> | null = null;

/**
 * Re-renders whenever the rows the query read change (dexie liveQuery), from any writer. A view of the
 * first screen also passes `firstRead`, the same rows read without Dexie, so it shows cached content
 * before Dexie has loaded; the live query's answers replace it.
 */
export function useLiveQuery<T>(
  query: (db: AppDb) => Promise<T>,
  deps: readonly unknown[],
  firstRead?: (reader: FirstReader) => Promise<T>,
): Live<T> {
  const [state, setState] = useState<Live<T>>({ loaded: false, value: undefined, error: undefined });
  // Re-subscribes only when the caller's deps change: the query closure is new on every render.
  useEffect(() => {
    let active = true;
    let liveAnswered = false;
    let unsubscribe: (() => void) | null = null;
    if (firstRead) {
      firstReader ??= openFirstReader();
      firstReader
        .then(firstRead)
        .then((value) => {
          if (active && !liveAnswered) setState({ loaded: true, value, error: undefined });
        })
        // A first read that fails only means waiting for the live query, which reports its own errors.
        .catch(() => undefined);
    }
    loadDb().then(
      ({ db, liveQuery }) => {
        if (!active) return;
        const subscription = liveQuery(() => query(db)).subscribe({
          next: (value) => {
            liveAnswered = true;
            setState({ loaded: true, value, error: undefined });
          },
          error: (error: unknown) => {
            liveAnswered = true;
            setState({ loaded: true, value: undefined, error });
          },
        });
        unsubscribe = () => subscription.unsubscribe();
      },
      (error: unknown) => {
        if (active) setState({ loaded: true, value: undefined, error });
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, deps);
  return state;
}
