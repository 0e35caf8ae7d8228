import { browser } from '@wxt-dev/browser';

/**
 * The member's locale for Intl: the language of the extension's messages in use (each locale file names
 * its own in `meta.locale`), so numbers, money and dates agree with the words around them, even when the
 * browser's language has no messages of ours and they fall back to English. When the browser's own
 * language is a regional form of it (de-AT for de), that one is used. Undefined outside an extension (the
 * emulator, Node scripts): Intl's default. Tests pass a locale explicitly where they need a stable one.
 */
export function memberLocale(): string | undefined {
  const i18n = (browser as typeof browser | undefined)?.i18n;
  if (!i18n) return undefined;
  let ui = '';
  try {
    ui = i18n.getUILanguage();
  } catch {
    return undefined;
  }
  // The answer follows the browser's language, which changes only with a restart: worked out once per
  // language (a view formats hundreds of figures), not once per figure.
  if (known?.ui !== ui) known = { ui, locale: readMemberLocale(i18n, ui) };
  return known.locale;
}

let known: { ui: string; locale: string | undefined } | null = null;

function readMemberLocale(i18n: typeof browser.i18n, ui: string): string | undefined {
  let messages = '';
  try {
    messages = i18n.getMessage('meta_locale');
  } catch {
    return undefined;
  }
  if (!messages) return ui || undefined;
  const language = messages.split('-')[0]?.toLowerCase() ?? '';
  const uiLanguage = ui.replace('_', '-');
  return uiLanguage.toLowerCase().split('-')[0] === language && uiLanguage.includes('-') ? uiLanguage : messages;
}
