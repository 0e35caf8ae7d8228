/**
 * What every locale file must keep of the English one: the same messages, the same {named} substitutions,
 * the count ($1) where English shows it, the plural forms its language takes with @wxt-dev/i18n (which has
 * no few/many forms), `%s` in the menu title (Chrome puts the selection there), a literal dollar sign
 * written $$, and Chrome's limits on the manifest's name and description.
 */
import { parseMessagesFile } from '@wxt-dev/i18n/build';
import path from 'node:path';
import { LOCALES_DIR } from '@/testing/messages';

/**
 * Twenty languages: the ten of the browsers' most used interface languages the extension shipped first, and ten
 * more for the members a browser extension reaches (issue 43): Arabic and Hebrew (right to left), Dutch, Polish,
 * Turkish, Ukrainian, Vietnamese, Indonesian, Hindi and Traditional Chinese.
 */
export const REQUIRED_LOCALES = [
  'en',
  'de',
  'fr',
  'es',
  'it',
  'pt_BR',
  'ja',
  'ko',
  'zh_CN',
  'ru',
  'ar',
  'he',
  'nl',
  'pl',
  'tr',
  'uk',
  'vi',
  'id',
  'hi',
  'zh_TW',
] as const;

/** The languages written right to left: the panel's `dir` follows @@bidi_dir, and their e2e walks check it. */
export const RIGHT_TO_LEFT = ['ar', 'he'] as const;

/**
 * Messages that may read the same as English in every language, by name: the product's name, and the keys of
 * a keyboard as the keyboard labels them. A message with no letters outside its {names} (a format such as
 * "{status} · {charge}") may be the same too.
 */
const SAME_AS_ENGLISH: ReadonlySet<string> = new Set([
  'ext.name',
  'ext.actionTitle',
  'pages.panel',
  'background.badge.idle',
  'keys.escape',
  'keys.ctrlEnter',
  'keys.cmdEnter',
  'keys.arrowKeys',
  'keys.tabKeys',
]);

/** Words a language shares with English, by message: each one said by name, so a missed translation is not. */
const SAME_IN: Readonly<Record<string, readonly string[]>> = {
  // "Agent" is the Dutch and Polish word; "Status", "Open", "Privacy" and "Per agent" the Dutch.
  nl: [
    'history.agent',
    'spending.agentColumn',
    'share.newDraft.agent',
    'words.callStatus.unknown',
    'finding.status',
    'history.status',
    'session.status.open',
    'session.statusShort.open',
    'history.sessionStatus.open',
    'spending.perAgent',
    'preview.privacy',
    'status.privacy',
    'options.privacyHeading',
  ],
  pl: ['history.agent', 'spending.agentColumn', 'share.newDraft.agent'],
  // French shares "Session", "Question", "Structure", "Source", "Agent", "Notifications", "minute"; Italian "Privacy".
  fr: [
    'app.tab.session',
    'app.tab.sessions',
    'session.way.none',
    'sessions.heading',
    'callKind.question',
    'findingWords.kind.structure',
    'finding.source',
    'spending.agentColumn',
    'options.notify.heading',
    'export.sessions',
    'status.minutes',
  ],
  it: ['preview.privacy', 'options.privacyHeading'],
};

/** Text of a message without its {names}, $1 counts and %s: what a translator translates. */
function wordsOf(text: string): string {
  return text.replace(/\{[A-Za-z0-9_]+\}|\$[1-9$]|%s/g, '');
}

/** Messages a translator left in English, not allowed by name; empty when each is translated. */
export function untranslated(locale: string, en: Map<string, Parsed>, other: Map<string, Parsed>): string[] {
  if (locale === 'en') return [];
  const allowed = new Set([...SAME_AS_ENGLISH, ...(SAME_IN[locale] ?? [])]);
  const out: string[] = [];
  for (const [key, source] of en) {
    const target = other.get(key);
    if (!target || allowed.has(key)) continue;
    const same = Object.entries(target.forms).filter(
      ([, text]) => /\p{L}/u.test(wordsOf(text)) && Object.values(source.forms).includes(text),
    );
    if (same.length > 0) out.push(`${key}: the same as English`);
  }
  return out;
}

/**
 * Typography of the languages written without spaces (ja, zh): no half-width space after 。 or 、, and no
 * full-width colon followed by a half-width space before Latin text ("プライバシー： A call's…").
 */
export function typographyProblems(locale: string, other: Map<string, Parsed>): string[] {
  if (!/^(ja|zh_CN|zh_TW)$/.test(locale)) return [];
  const out: string[] = [];
  for (const [key, parsed] of other) {
    for (const text of Object.values(parsed.forms)) {
      if (/[。、] /.test(text)) out.push(`${key}: a half-width space after 。 or 、`);
      if (/：\s/.test(text)) out.push(`${key}: a full-width colon, then a space`);
    }
  }
  return out;
}

/**
 * Plural forms by language: the module picks "1 | n" by count === 1, and "0 | 1 | n" by 0, 1, else. French and
 * Brazilian Portuguese say 0 in the singular, so they list it; Japanese, Korean and Chinese have one form;
 * Russian's n form is worded so that it reads right for 2, 5 and 21 alike ("Вызовов: $1").
 */
const PLURAL_FORMS: Record<string, readonly string[]> = {
  en: ['1', 'n'],
  de: ['1', 'n'],
  es: ['1', 'n'],
  it: ['1', 'n'],
  ru: ['1', 'n'],
  fr: ['0', '1', 'n'],
  pt_BR: ['0', '1', 'n'],
  ja: ['n'],
  ko: ['n'],
  zh_CN: ['n'],
  // Arabic, Polish and Ukrainian have more forms than the module can pick: one form (ar) or an n form worded
  // to read right for every count ("Wywołania: $1"), as Russian's.
  ar: ['n'],
  he: ['1', 'n'],
  nl: ['1', 'n'],
  pl: ['1', 'n'],
  tr: ['n'],
  uk: ['1', 'n'],
  vi: ['n'],
  id: ['n'],
  hi: ['1', 'n'],
  zh_TW: ['n'],
};

export interface Parsed {
  key: string;
  type: 'simple' | 'plural' | 'chrome';
  forms: Record<string, string>;
}

export async function parsedLocale(locale: string): Promise<Map<string, Parsed>> {
  const list = await parseMessagesFile(path.join(LOCALES_DIR, `${locale}.yml`));
  const out = new Map<string, Parsed>();
  for (const m of list) {
    const key = m.key.join('.');
    if (key.startsWith('@@')) continue;
    if (m.type === 'plural') out.set(key, { key, type: 'plural', forms: { ...m.plurals } as Record<string, string> });
    else out.set(key, { key, type: m.type, forms: { '': m.message } });
  }
  return out;
}

const NAMED = /\{([A-Za-z0-9_]+)\}/g;

function named(text: string): string[] {
  return [...new Set([...text.matchAll(NAMED)].map((m) => m[1] ?? ''))].sort();
}

/** Problems of one locale against English, in words a translator can act on; empty when it keeps every rule. */
export function localeProblems(locale: string, en: Map<string, Parsed>, other: Map<string, Parsed>): string[] {
  const problems: string[] = [];
  for (const key of en.keys()) if (!other.has(key)) problems.push(`${key}: missing`);
  for (const key of other.keys()) if (!en.has(key)) problems.push(`${key}: not in English`);
  for (const [key, source] of en) {
    const target = other.get(key);
    if (!target) continue;
    const sourceNames = named(Object.values(source.forms).join(' '));
    const sourceCount = Object.values(source.forms).some((f) => /(?<!\$)\$1/.test(f));
    if (source.type === 'plural') {
      const wanted = PLURAL_FORMS[locale] ?? ['1', 'n'];
      if (target.type !== 'plural' || Object.keys(target.forms).join(',') !== wanted.join(',')) {
        problems.push(
          `${key}: plural forms ${Object.keys(target.forms).join(',') || '(none)'}, wanted ${wanted.join(',')}`,
        );
      }
      if (sourceCount && !/(?<!\$)\$1/.test(target.forms.n ?? ''))
        problems.push(`${key}: its n form lost the count ($1)`);
    } else if (target.type === 'plural') {
      problems.push(`${key}: has plural forms, English has none`);
    }
    for (const [form, text] of Object.entries(target.forms)) {
      if (text.trim() === '') problems.push(`${key}${form ? `[${form}]` : ''}: empty`);
      if (/ \| /.test(text)) problems.push(`${key}: " | " would split it into plural forms`);
      const names = named(text);
      const extra = names.filter((n) => !sourceNames.includes(n));
      if (extra.length > 0) problems.push(`${key}: unknown {${extra.join('}, {')}}`);
      // A message without plural forms must keep every name; a plural form may drop one its count says.
      if (source.type !== 'plural' || form === 'n') {
        const lost = sourceNames.filter((n) => !names.includes(n));
        if (lost.length > 0) problems.push(`${key}${form ? `[${form}]` : ''}: lost {${lost.join('}, {')}}`);
      }
      const dollars = text.replace(/\$\$/g, '').replace(/\$[1-9]/g, '');
      if (dollars.includes('$')) problems.push(`${key}: a lone $ (write $$ for a dollar sign)`);
      if (source.type !== 'plural' && sourceCount && !/(?<!\$)\$1/.test(text)) problems.push(`${key}: lost $1`);
    }
  }
  const menu = other.get('background.menu')?.forms[''] ?? '';
  if (!menu.includes('%s')) problems.push('background.menu: lost %s (the selection)');
  const description = other.get('ext.description')?.forms[''] ?? '';
  if ([...description].length > 132)
    problems.push(`ext.description: ${[...description].length} characters, Chrome allows 132`);
  const name = other.get('ext.name')?.forms[''] ?? '';
  if ([...name].length > 75) problems.push('ext.name: over 75 characters');
  return problems;
}
