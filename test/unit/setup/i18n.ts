/**
 * browser.i18n for unit tests (WXT's fake browser has none): the real locale files, English unless a test
 * asks for another language or the pseudo-locale, where every message is wrapped in ⟦…⟧ (meta keys stay
 * bare: Intl reads meta.locale).
 */
import { afterEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  type ChromeMessages,
  getMessageFrom,
  loadMessages,
  localeNames,
  PSEUDO_CLOSE,
  PSEUDO_OPEN,
} from '@/testing/messages';

// WXT's own setup, which makes the fake browser the global one, runs after this file; the locale module
// takes the global browser when it loads, so it is made global here first and the module loaded after.
vi.stubGlobal('chrome', fakeBrowser);
vi.stubGlobal('browser', fakeBrowser);
const { forgetMemberLocale } = await import('@/lib/i18n/locale');
const { forgetMessages } = await import('@/lib/i18n');

const all = new Map<string, ChromeMessages>();
for (const locale of localeNames()) all.set(locale, await loadMessages(locale));

const state = { locale: 'en', pseudo: false };

export function setTestLocale(locale: string | 'pseudo'): void {
  forgetMemberLocale();
  forgetMessages();
  if (locale === 'pseudo') {
    state.locale = 'en';
    state.pseudo = true;
    return;
  }
  if (!all.has(locale)) throw new Error(`No locale file for ${locale}`);
  state.locale = locale;
  state.pseudo = false;
}

function getMessage(name: string, substitutions?: string | string[]): string {
  const messages = all.get(state.locale) ?? {};
  // As a browser does: a message missing from the member's language comes from the default one.
  const found = messages[name] ? messages : (all.get('en') ?? {});
  const text = getMessageFrom(found, name, substitutions);
  if (!state.pseudo || text === '' || name.startsWith('meta_')) return text;
  // Plural forms are split on " | " after getMessage: each form is wrapped on its own.
  return text
    .split(' | ')
    .map((form) => `${PSEUDO_OPEN}${form}${PSEUDO_CLOSE}`)
    .join(' | ');
}

const i18n = fakeBrowser.i18n as unknown as Record<string, unknown>;
i18n.getMessage = getMessage;
i18n.getUILanguage = () => (state.locale === 'en' ? 'en-US' : state.locale.replace('_', '-'));

afterEach(() => setTestLocale('en'));
