import { useState } from 'preact/hooks';
import { type PanelQuery, takeReadAhead } from '@/lib/db/first-read';
import { type Live, useLiveQuery } from './useLiveQuery';

/**
 * A view's rows by one of the panel's queries (lib/db/panel-queries, lib/history/queries): the read its click
 * started ahead (taken once, as the view mounts), else its raw read, then its live query, which re-renders on
 * every change from any writer.
 */
export function usePanelQuery<A extends readonly unknown[], T>(
  query: PanelQuery<A, T>,
  args: A,
  options: { enabled?: boolean } = {},
): Live<T> {
  const [ahead] = useState(() => {
    const key = query.aheadKey?.(...args) ?? null;
    return key === null ? null : takeReadAhead<T>(key);
  });
  return useLiveQuery((db) => query.live(db, ...args), args, {
    enabled: options.enabled,
    ahead,
    firstRead: query.raw?.(...args) ?? undefined,
  });
}
