import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { AppDb } from '@/lib/db/db';
import { type FirstReader, sharedFirstReader, type TakenAhead } from '@/lib/db/first-read';
import { holdDexieFor, type LiveDb, loadDb } from '@/lib/db/lazy';

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
 * What a live query reaches of its view, emptied when the view unsubscribes: Dexie keeps an unsubscribed query's
 * cache entry, and with it the query's function and observer, for 3 s, and a closure made in the view's hook
 * would keep the view's whole tree alive with it (ten pages of history: about 15 MB of the panel's heap on the
 * next view). A class, so the minifier cannot move `subscribe`'s closures into the hook, as it does a function
 * called once.
 */
class ViewLink<T> {
  query: ((db: AppDb) => Promise<T>) | null;
  answer: ((state: Live<T>) => void) | null;

  constructor(query: (db: AppDb) => Promise<T>, answer: (state: Live<T>) => void) {
    this.query = query;
    this.answer = answer;
  }

  #subscription: { unsubscribe(): void } | null = null;

  subscribe({ db, liveQuery }: LiveDb): void {
    this.#subscription = liveQuery(() => this.query?.(db) ?? Promise.reject(new Error('The view has gone.'))).subscribe(
      {
        next: (value) => this.answer?.({ loaded: true, value, error: undefined }),
        error: (error: unknown) => this.answer?.({ loaded: true, value: undefined, error }),
      },
    );
  }

  cut(): void {
    this.query = null;
    this.answer = null;
  }

  unsubscribe(): void {
    this.#subscription?.unsubscribe();
    this.#subscription = null;
  }
}

/**
 * Dexie's unsubscribe, run by a timer with no function of the view's hook on the stack: Dexie aborts the query
 * with an error whose stack keeps each frame's function, and its cache entry keeps that error for 3 s.
 */
function unsubscribeLater<T>(link: ViewLink<T>): void {
  setTimeout(unsubscribeNow, 0, link);
}

function unsubscribeNow<T>(link: ViewLink<T>): void {
  link.unsubscribe();
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
    const link = new ViewLink(query, (answered: Live<T>) => {
      liveAnswered = true;
      setState(answered);
    });
    Promise.all([loadDb(), firstAnswered]).then(
      ([live]) => {
        if (active) link.subscribe(live);
      },
      (error: unknown) => {
        if (active) setState({ loaded: true, value: undefined, error });
      },
    );
    return () => {
      active = false;
      link.cut();
      // After the task that took the view down: Dexie's unsubscribe (its cache and abort bookkeeping) is
      // work the next view's first paint need not wait for. Nothing reaches the view meanwhile (cut).
      unsubscribeLater(link);
    };
  }, [...deps, enabled]);
  return state;
}
