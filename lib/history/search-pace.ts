/**
 * How much one history search reads and when it starts: the numbers alone, with no imports, so the bench
 * (run under tsx, outside the bundler) reads them without loading the panel's modules.
 */

/** Calls one search reads at most, newest first; "Search older calls" adds as many again. */
export const SEARCH_WINDOW = 1_000;
/** Typed words are searched this long after the last key, so each key does not start a scan. */
export const SEARCH_DEBOUNCE_MS = 250;
