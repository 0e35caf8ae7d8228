/**
 * Which languages read right to left, and the isolate a value put into their sentences is wrapped in. Kept free
 * of the browser, so the Node scripts and browser tests that rebuild the panel's words (testing/words.ts) wrap
 * a name as the panel does.
 */

/** Languages written right to left (their primary subtag), among those a browser extension ships. */
const RIGHT_TO_LEFT = new Set(['ar', 'he', 'fa', 'ur', 'ps', 'sd', 'ug', 'yi', 'dv', 'ckb']);

/** Whether `locale` ("ar", "he-IL", "pt_BR") is written right to left. */
export function rightToLeft(locale: string | undefined): boolean {
  return RIGHT_TO_LEFT.has(locale?.split(/[-_]/)[0]?.toLowerCase() ?? '');
}

/** `text` between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (U+2068, U+2069): its own direction (UAX #9). */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
