/**
 * The locale files as a browser reads them: locales/<language>.yml turned into the messages.json that
 * @wxt-dev/i18n writes into the build, and browser.i18n.getMessage's substitution rules ($1 to $9, $$ for a
 * dollar sign). Shared by the unit tests' fake browser and the locale tests.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';

export const LOCALES_DIR = path.resolve(import.meta.dirname, '../locales');

export type ChromeMessages = Record<string, { message: string }>;

/** The locales there are files for, as their files are named (en, de, pt_BR, zh_CN...). */
export function localeNames(): string[] {
  return readdirSync(LOCALES_DIR)
    .filter((f) => f.endsWith('.yml'))
    .map((f) => f.replace(/\.yml$/, ''))
    .sort();
}

export async function loadMessages(locale: string): Promise<ChromeMessages> {
  const parsed = await parseMessagesFile(path.join(LOCALES_DIR, `${locale}.yml`));
  return generateChromeMessages(parsed) as ChromeMessages;
}

/** browser.i18n.getMessage over `messages`: '' for an unknown name, $n filled, $$ a dollar sign. */
export function getMessageFrom(messages: ChromeMessages, name: string, substitutions?: string | string[]): string {
  const entry = messages[name];
  if (!entry) return '';
  const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  return entry.message.replace(/\$(\$|[1-9])/g, (_, which: string) =>
    which === '$' ? '$' : (subs[Number(which) - 1] ?? ''),
  );
}

/** Pseudo-locale brackets: every message of ours shows inside them, so text outside them is not ours. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
