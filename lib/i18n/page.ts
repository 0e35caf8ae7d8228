import { rightToLeft } from './direction';
import { memberLocale } from './locale';
import { i18n } from './index';

/**
 * The direction of the page's words: that of the language our messages are in (meta.locale), so an Arabic
 * panel reads right to left and English words that fell back in a right-to-left browser stay left to right;
 * the browser's own @@bidi_dir when the language is not known. (Measured in the e2e: Debian's Chromium with
 * --lang=ar and Firefox ESR with its Arabic language pack both answered "ltr" for @@bidi_dir.)
 */
export function pageDirection(locale: string | undefined, bidiDir: string): 'rtl' | 'ltr' {
  const language = locale?.split(/[-_]/)[0]?.toLowerCase();
  if (language && language !== '') return rightToLeft(language) ? 'rtl' : 'ltr';
  return bidiDir === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * An extension page in the member's language: its title, and `lang` and `dir` on the document, so a screen
 * reader speaks our words in the language they are written in. The site's own text keeps `dir="auto"`.
 */
export function localizePage(title: string): void {
  document.title = title;
  const root = document.documentElement;
  const locale = memberLocale();
  root.lang = locale ?? 'en';
  root.dir = pageDirection(locale, i18n.t('@@bidi_dir'));
}
