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

/** A locale's messages as one flat record: a simple message under its key, a plural's forms under key.1, key.n… */
export function flat(forms: Forms): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, f] of forms) for (const [form, text] of Object.entries(f)) out[form ? `${key}.${form}` : key] = text;
  return out;
}

/** The store listing's short and long text as one text. */
export function storeText(store: Forms): string {
  return `${store.get('short')?.[''] ?? ''}\n${store.get('long')?.[''] ?? ''}`;
}

/** The English of a key of `flat`, its singular form where the translation has only the n form. */
export function englishFor(en: Record<string, string>, key: string): string {
  return en[key] ?? en[key.replace(/\.n$/, '.1')] ?? '';
}

/** A locale's panel and store listing as one text per key (a plural's forms joined), the store's keys prefixed. */
export function joined(panel: Forms, store: Forms): Map<string, string> {
  const out = new Map<string, string>();
  for (const [prefix, forms] of [['', panel] as const, ['store.', store] as const])
    for (const [key, f] of forms) out.set(prefix + key, Object.values(f).join(' '));
  return out;
}

/** Each English text of `joined` beside its translation, the listing's long text line by line ("store.long line 3"). */
export function keyedPairs(en: Map<string, string>, translated: Map<string, string>): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [key, source] of en) {
    const target = translated.get(key) ?? '';
    if (key !== 'store.long') out.push([key, source, target]);
    else {
      const lines = target.split('\n');
      for (const [i, line] of source.split('\n').entries()) out.push([`${key} line ${i + 1}`, line, lines[i] ?? '']);
    }
  }
  return out;
}

/** "key: text" for each translated text whose words match `pattern` (and, if given, whose English matches `when`). */
export function matchingIn(
  translated: Map<string, string>,
  en: Map<string, string>,
  pattern: RegExp,
  when?: RegExp,
): string[] {
  return [...translated]
    .filter(([key, text]) => pattern.test(wordsOf(text)) && (!when || when.test(wordsOf(en.get(key) ?? ''))))
    .map(([key, text]) => `${key}: ${text}`);
}

/** Wherever the English names a concept (`source`), the translation says `target` and never `not`. */
export function conceptIn(
  pairs: readonly [string, string, string][],
  source: RegExp,
  target: RegExp,
  not?: RegExp,
  except: readonly string[] = [],
): string[] {
  const out: string[] = [];
  for (const [key, s, t] of pairs) {
    if (except.includes(key) || !source.test(wordsOf(s))) continue;
    if (!target.test(t)) out.push(`${key}: not ${target.source} in ${t}`);
    if (not?.test(t)) out.push(`${key}: ${not.source} in ${t}`);
  }
  return out;
}

/** Each plural message's n form, as [key, text]. */
export function nForms(forms: Forms): [string, string][] {
  return [...forms].filter(([, f]) => 'n' in f).map(([key, f]) => [key, f.n ?? '']);
}

/** "key: what matched" for each text matching `pattern`. */
export function matchesIn(texts: readonly (readonly [string, string])[], pattern: RegExp): string[] {
  return texts.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text.match(pattern)?.[0]}`);
}
