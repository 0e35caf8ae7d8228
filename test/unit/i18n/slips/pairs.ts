/**
 * What the languages' slip tests share: a locale file read as its messages and their plural forms, each text
 * paired with the English it translates (a message's form, or a line of the store listing), and the English
 * words that name approval and sign-off. Each language's own rules stay in its test.
 */
import { parseMessagesFile } from '@wxt-dev/i18n/build';
import { expect } from 'vitest';

/** A message's forms by key: '' for a simple message, the plural forms (1, n...) otherwise. */
export type Forms = Map<string, Record<string, string>>;

/** One translated text beside the English it translates. */
export interface Pair {
  label: string;
  en: string;
  text: string;
}

export async function messages(file: string): Promise<Forms> {
  const out: Forms = new Map();
  for (const m of await parseMessagesFile(file)) {
    const key = m.key.join('.');
    if (key.startsWith('@@')) continue;
    out.set(key, m.type === 'plural' ? ({ ...m.plurals } as Record<string, string>) : { '': m.message });
  }
  return out;
}

/** Text without its {names}, $1 counts, $$ and %s: the words a translator wrote. */
export function wordsOf(text: string): string {
  return text.replace(/\{[A-Za-z0-9_]+\}|\$[1-9$]|%s/g, ' ');
}

/** A word on its own: JavaScript's \b knows no accented letter. */
export const word = (w: string, flags = 'iu') => new RegExp(`(?<!\\p{L})(?:${w})(?!\\p{L})`, flags);

/** Every form of every translated message beside its English (the n form where English has no such form). */
export function panelPairs(en: Forms, translated: Forms): Pair[] {
  const out: Pair[] = [];
  for (const [key, forms] of translated) {
    const source = en.get(key);
    if (!source) continue;
    for (const [form, text] of Object.entries(forms)) {
      const english = source[form] ?? source.n ?? source[''] ?? '';
      out.push({ label: form ? `${key}[${form}]` : key, en: english, text });
    }
  }
  return out;
}

/** The store listing's short text and each line of its long one beside the English line (same count). */
export function storePairs(en: Forms, translated: Forms): Pair[] {
  const get = (f: Forms, k: string) => f.get(k)?.[''] ?? '';
  const enLines = get(en, 'long').split('\n');
  const lines = get(translated, 'long').split('\n');
  expect(lines).toHaveLength(enLines.length);
  return [
    { label: 'store.short', en: get(en, 'short'), text: get(translated, 'short') },
    ...lines.map((line, i) => ({ label: `store.long:${i + 1}`, en: enLines[i] ?? '', text: line })),
  ];
}

/** Where the English says "holds" of a field or a package (it contains), not of money. */
export const CONTAINS: ReadonlySet<string> = new Set([
  'local.secrets',
  'local.atMostItems',
  'local.atLeastItems',
  'share.files.tooMany',
  'share.package.tooManyFiles',
]);

export const APPROVAL = /approv/i;
export const SIGN_OFF = /\bsign(?:s|ed|ing)?(?:[- ]offs?| it off| them off)\b/i;
