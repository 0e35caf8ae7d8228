/**
 * The extension's own words. Every string the member reads comes from `locales/<language>.yml` through
 * @wxt-dev/i18n, which reads them with browser.i18n: the browser's language, falling back to English.
 * The site's own strings (header, sentence, approvalLine, privacyLine, untrusted fields, its messages) never
 * pass through here: they are shown as the site sent them.
 *
 * Imported by path, not through WXT's `#i18n` alias, so the emulator and the Node scripts that share lib/
 * still resolve it; nothing here touches the browser until a message is asked for.
 */
import { createI18n } from '@wxt-dev/i18n';
import type { GeneratedI18nStructure } from '@/.wxt/i18n/structure';
import { numberFormat } from './intl';
import { isolate, rightToLeft } from './direction';
import { memberLocale } from './locale';

export type { GeneratedI18nStructure };
export type MessageKey = keyof GeneratedI18nStructure;

export const i18n = createI18n<GeneratedI18nStructure>();

// The module's overloads cannot be called with a key union; the generic helpers below check their own types.
type UntypedT = (key: string, ...args: unknown[]) => string;
const untyped = i18n.t as unknown as UntypedT;

// Each message is asked of the browser once per page: the browser's language changes only with a restart,
// which starts every page afresh, and a view asks for the same few dozen on every render (a list of 50 calls
// words each line), each a call into the browser. Named substitutions are filled in here, as the module does
// after asking; a count or positional substitutions go to the module each time.
const messages = new Map<string, string>();
const NAMED_SUBSTITUTION = /\{([A-Za-z0-9_]+)\}/g;

/** Asks the browser again at the next message: what a restart in another language does (unit tests). */
export function forgetMessages(): void {
  messages.clear();
}

/**
 * A value put into a message, isolated when the member reads right to left: wrapped in FSI…PDI (U+2068,
 * U+2069), so an English name, question or amount inside an Arabic or Hebrew sentence keeps its own direction
 * and its full stop, question mark or brackets stay at its end instead of jumping to the sentence's (UAX #9).
 * Done here once, for every message: a message also reaches attributes (aria-label, title), notifications and
 * the clipboard, where no <bdi> can go. Left-to-right languages get the value as it is.
 */
export function isolated(value: unknown): string {
  const text = String(value);
  return rightToLeft(memberLocale()) ? isolate(text) : text;
}

function isolatedAll(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isolated(value)]));
}

function stored(key: string): string {
  let text = messages.get(key);
  if (text === undefined) {
    text = untyped(key);
    messages.set(key, text);
  }
  return text;
}

function cachedT(key: string, ...args: unknown[]): string {
  if (args.length === 0) return stored(key);
  const [named] = args;
  if (args.length === 1 && typeof named === 'object' && named !== null && !Array.isArray(named)) {
    const values = named as Record<string, unknown>;
    return stored(key).replace(NAMED_SUBSTITUTION, (match, name: string) =>
      Object.hasOwn(values, name) ? isolated(values[name]) : match,
    );
  }
  return untyped(
    key,
    ...args.map((arg) =>
      typeof arg === 'object' && arg !== null && !Array.isArray(arg)
        ? isolatedAll(arg as Record<string, unknown>)
        : arg,
    ),
  );
}

/** A message by key, with its substitutions: `t('find.heading')`, `t('x', { agent })`, `t('y', n, [...])`. */
export const t = cachedT as typeof i18n.t;

/** Keys whose message has plural forms and only the count as `$1`. */
export type PluralKey = {
  [K in MessageKey]: GeneratedI18nStructure[K] extends { plural: true; substitutions: 0 | 1 }
    ? GeneratedI18nStructure[K] extends { namedSubstitutions: readonly string[] }
      ? never
      : K
    : never;
}[MessageKey];

/** Plural keys that also take named substitutions besides the count. */
export type PluralNamedKey = {
  [K in MessageKey]: GeneratedI18nStructure[K] extends {
    plural: true;
    substitutions: 0 | 1;
    namedSubstitutions: readonly string[];
  }
    ? K
    : never;
}[MessageKey];

export type NamesOf<K extends MessageKey> = GeneratedI18nStructure[K] extends {
  namedSubstitutions: readonly (infer N)[];
}
  ? N & string
  : never;

/**
 * A count in words, in the plural form its language picks, the number written by Intl in the member's
 * language ("1 call", "1.234 Aufrufe"). The module's own `$1` would be the raw digits.
 */
export function tn(key: PluralKey, count: number): string {
  return untyped(key, count, [countWords(count)]);
}

function countWords(count: number): string {
  return numberFormat(memberLocale(), { maximumFractionDigits: 0 }).format(count);
}

/** As `tn`, with the message's named substitutions too. */
export function tnNamed<K extends PluralNamedKey>(
  key: K,
  count: number,
  named: Record<NamesOf<K>, string | number>,
): string {
  return untyped(key, count, [countWords(count)], isolatedAll(named));
}

/**
 * A message whose `{names}` are marked in place, for a view to fill with elements (components/common/Message);
 * with `count`, the plural form for it, the count written by Intl.
 */
export function template<K extends MessageKey>(key: K, names: readonly NamesOf<K>[], count?: number): string {
  const keep = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`]));
  return count === undefined ? untyped(key, keep) : untyped(key, count, [countWords(count)], keep);
}

/** Splits a `template` into its text and the names it holds, in order, for a view to put elements in. */
export function splitTemplate(text: string): ({ text: string } | { name: string })[] {
  const out: ({ text: string } | { name: string })[] = [];
  const parts = text.split('\u0000');
  parts.forEach((part, index) => {
    if (index % 2 === 1) out.push({ name: part });
    else if (part !== '') out.push({ text: part });
  });
  return out;
}
