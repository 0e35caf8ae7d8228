/**
 * Unicode direction controls: embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069). In a
 * page's selection they can make "invoice_\u202Etxt.sh" read as "invoice_hs.txt"; the member's selection is
 * shown and sent without them (the site never needs them to find an agent).
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function withoutDirectionControls(text: string): string {
  if (typeof text !== 'string') throw new TypeError('withoutDirectionControls: text must be a string');
  return text.replace(DIRECTION_CONTROLS, '');
}
