/**
 * The panel's words in one language, as Node scripts and browser tests need them to find a control by its
 * name: read from locales/<language>.yml, so a change of wording there changes the steps with it.
 */
import { isolate, rightToLeft } from '@/lib/i18n/direction';
import { getMessageFrom, loadMessages } from './messages';

export interface Words {
  readonly language: string;
  /** A message by its key in the locale file ("preview.start"), its {names} filled in. */
  (key: string, names?: Record<string, string>): string;
  /** The message's text before its first {name}: what the panel shows however the name is filled. */
  opening(key: string): string;
}

export async function wordsFor(language: string): Promise<Words> {
  const messages = await loadMessages(language);
  // A name is isolated in a right-to-left language, as the panel's t() puts it (lib/i18n).
  const value = rightToLeft(language) ? isolate : (text: string) => text;
  const words = (key: string, names: Record<string, string> = {}): string => {
    const text = getMessageFrom(messages, key.replaceAll('.', '_'));
    if (!text) throw new Error(`No message ${key} in locales/${language}.yml`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const given = names[name];
      return given === undefined ? `{${name}}` : value(given);
    });
  };
  return Object.assign(words, {
    language,
    opening: (key: string) => (words(key).split('{')[0] ?? '').trim(),
  });
}
