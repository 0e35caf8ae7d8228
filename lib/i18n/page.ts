import { memberLocale } from './locale';
import { i18n } from './index';

/**
 * An extension page in the member's language: its title, and `lang` and `dir` on the document, so a screen
 * reader speaks our words in the language they are written in. The site's own text keeps `dir="auto"`.
 */
export function localizePage(title: string): void {
  document.title = title;
  const root = document.documentElement;
  root.lang = memberLocale() ?? 'en';
  root.dir = i18n.t('@@bidi_dir') === 'rtl' ? 'rtl' : 'ltr';
}
