import { liveQuery } from 'dexie';
import { useEffect, useState } from 'preact/hooks';

export interface Live<T> {
  /** False until the first answer from IndexedDB, so "loading" and "nothing stored" differ. */
  loaded: boolean;
  value: T | undefined;
  error: unknown;
}

/** Re-renders whenever the rows the query read change (dexie liveQuery), from any writer. */
export function useLiveQuery<T>(query: () => Promise<T>, deps: readonly unknown[]): Live<T> {
  const [state, setState] = useState<Live<T>>({ loaded: false, value: undefined, error: undefined });
  // Re-subscribes only when the caller's deps change: the query closure is new on every render.
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({
      next: (value) => setState({ loaded: true, value, error: undefined }),
      error: (error: unknown) => setState({ loaded: true, value: undefined, error }),
    });
    return () => subscription.unsubscribe();
  }, deps);
  return state;
}
