import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { AppDb } from '@/lib/db/db';
import { type FirstReader, sharedFirstReader, type TakenAhead } from '@/lib/db/first-read';
import { holdDexieFor, loadDb } from '@/lib/db/lazy';

export interface Live<T> {
  /** False until the first answer from IndexedDB, so "loading" and "nothing stored" differ. */
  loaded: boolean;
  value: T | undefined;
  error: unknown;
}

export interface LiveOptions<T> {
  /** The same rows read without Dexie, for a view of the first screen (lib/db/first-read). */
  firstRead?: (reader: FirstReader) => Promise<T>;
  /** False holds the query back (e.g. until the rows a view shows first are in): nothing is read yet. */
  enabled?: boolean;
  /**
   * The read the click that opened the view started (lib/db/first-read takeReadAhead), for the first
   * subscription only; later ones (other deps) read with `firstRead`. When it has answered, the first render
   * shows its rows and the live query starts after that task, so the first paint waits for no database work;
   * otherwise it is the first read.
   */
  ahead?: TakenAhead<T> | null;
}

/**
 * Re-renders whenever the rows the query read change (dexie liveQuery), from any writer. A view of the
 * first screen also passes `firstRead`, so it shows cached content before Dexie has loaded; the live
 * query's answers replace it.
 */
export function useLiveQuery<T>(
  query: (db: AppDb) => Promise<T>,
  deps: readonly unknown[],
  options: LiveOptions<T> = {},
): Live<T> {
  const { firstRead, enabled = true, ahead = null } = options;
  const [state, setState] = useState<Live<T>>(() =>
    ahead?.settled
      ? { loaded: true, value: ahead.settled.value, error: undefined }
      : { loaded: false, value: undefined, error: undefined },
  );
  const firstSubscription = useRef(true);
  // Re-subscribes only when the caller's deps change: the query closure is new on every render. A layout
  // effect, so the read starts as the view mounts rather than a frame later (Preact runs effects after paint):
  // a view whose rows come through nested views gains a frame per level.
  useLayoutEffect(() => {
    if (!enabled) return;
    let active = true;
    let liveAnswered = false;
    let unsubscribe: (() => void) | null = null;
    // The live query starts once the first read has answered: side by side, two reads of the same rows slow
    // each other, and the view waits for the slower.
    const taken = firstSubscription.current ? ahead : null;
    firstSubscription.current = false;
    const read = taken ? taken.rows : firstRead ? sharedFirstReader().then(firstRead) : null;
    let firstAnswered: Promise<unknown> = Promise.resolve();
    if (taken?.settled) {
      firstAnswered = new Promise((resolve) => setTimeout(resolve, 0));
    } else if (read) {
      holdDexieFor(read);
      firstAnswered = read
        .then((value) => {
          if (active && !liveAnswered) setState({ loaded: true, value, error: undefined });
        })
        // A first read that fails only means waiting for the live query, which reports its own errors.
        .catch(() => undefined);
    }
    Promise.all([loadDb(), firstAnswered]).then(
      ([{ db, liveQuery }]) => {
        if (!active) return;
        const subscription = liveQuery(() => query(db)).subscribe({
          next: (value) => {
            if (!active) return;
            liveAnswered = true;
            setState({ loaded: true, value, error: undefined });
          },
          error: (error: unknown) => {
            if (!active) return;
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
      // After the task that took the view down: Dexie's unsubscribe (its cache and abort bookkeeping) is
      // work the next view's first paint need not wait for. Nothing reaches the view meanwhile (active).
      const stop = unsubscribe;
      if (stop) setTimeout(stop, 0);
    };
  }, [...deps, enabled]);
  return state;
}
