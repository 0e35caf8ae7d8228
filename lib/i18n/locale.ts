// The browser object @wxt-dev/i18n itself reads messages from (under tests too), not WXT's polyfilled one.
import { browser } from '@wxt-dev/browser';

/**
 * The member's locale for Intl: the language of the extension's messages in use (each locale file names
 * its own in `meta.locale`), so numbers, money and dates agree with the words around them, even when the
 * browser's language has no messages of ours and they fall back to English. When the browser's own
 * language is a regional form of it (de-AT for de), that one is used. Undefined outside an extension (the
 * emulator, Node scripts): Intl's default. Tests pass a locale explicitly where they need a stable one.
 */
export function memberLocale(): string | undefined {
  // The browser's language changes only with a restart, which starts every page and worker afresh: worked
  // out once per page (a view formats hundreds of figures, and each extension API call costs far more than
  // the formatting), not once per figure.
  if (known === null) known = { locale: readMemberLocale() };
  return known.locale;
}

let known: { locale: string | undefined } | null = null;

/** Works the locale out again at the next figure: what a restart in another language does (unit tests). */
export function forgetMemberLocale(): void {
  known = null;
}

function readMemberLocale(): string | undefined {
  const i18n = (browser as typeof browser | undefined)?.i18n;
  if (!i18n) return undefined;
  let messages = '';
  let ui = '';
  try {
    messages = i18n.getMessage('meta_locale');
    ui = i18n.getUILanguage();
  } catch {
    return undefined;
  }
  if (!messages) return ui || undefined;
  const language = messages.split('-')[0]?.toLowerCase() ?? '';
  const uiLanguage = ui.replace('_', '-');
  return uiLanguage.toLowerCase().split('-')[0] === language && uiLanguage.includes('-') ? uiLanguage : messages;
}
