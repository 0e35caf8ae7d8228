/**
 * What the README's pictures (scripts/screenshots.ts) and the stores' (scripts/store.ts) share: their
 * --languages and --schemes options, and the walk of the member's steps once per language and scheme.
 */
import { localeNames } from '@/testing/messages';
import { type Words, wordsFor } from '@/testing/words';

export type Scheme = 'light' | 'dark';

/** "en,de" → locale files' names; any the extension does not ship is refused. */
export function parseLanguages(value: string): string[] {
  const languages = value.split(',').map((s) => s.trim());
  for (const l of languages)
    if (!localeNames().includes(l)) throw new Error(`--languages takes ${localeNames().join(', ')}, not ${l}`);
  return languages;
}

/** "light,dark" → the system colour schemes to start the browser in. */
export function parseSchemes(value: string): Scheme[] {
  const schemes = value.split(',').map((s) => s.trim());
  for (const s of schemes)
    if (s !== 'light' && s !== 'dark') throw new Error(`--schemes takes light and dark, not ${s}`);
  return schemes as Scheme[];
}

/** Walks the steps once per language and scheme, in the language's words; the files saved, in order. */
export async function inEachLanguageAndScheme(
  languages: readonly string[],
  schemes: readonly Scheme[],
  walk: (scheme: Scheme, w: Words) => Promise<string[]>,
): Promise<string[]> {
  const saved: string[] = [];
  for (const language of languages) {
    const w = await wordsFor(language);
    for (const scheme of schemes) saved.push(...(await walk(scheme, w)));
  }
  return saved;
}
