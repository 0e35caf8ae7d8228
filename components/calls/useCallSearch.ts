import { useEffect, useState } from 'preact/hooks';
import { SEARCH_DEBOUNCE_MS } from '@/lib/history/search-pace';

export interface CallSearchWords {
  /** What the field holds. */
  typed: string;
  /** The words searched: what was typed, once the member paused SEARCH_DEBOUNCE_MS. */
  query: string;
  /** Typed but not searched yet. */
  waiting: boolean;
  type: (value: string) => void;
  clear: () => void;
}

/** The calls' search field: its text at once, its search after a pause in typing, cleared at once. */
export function useCallSearch(): CallSearchWords {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    // An emptied field shows every call at once; words wait for the member to pause.
    if (typed.trim() === '') {
      setQuery('');
      return;
    }
    const timer = setTimeout(() => setQuery(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return {
    typed,
    query,
    waiting: typed.trim() !== query,
    type: setTyped,
    clear: () => {
      setTyped('');
      setQuery('');
    },
  };
}
