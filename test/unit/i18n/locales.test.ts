// @vitest-environment happy-dom
/**
 * The locale files: every language the extension ships is complete against English and keeps its rules, and
 * the words, numbers and money a member reads follow the browser's language.
 */
import { describe, expect, it } from 'vitest';
import { formatCents } from '@/lib/format/money';
import { formatBytes } from '@/lib/format/size';
import { t, tn } from '@/lib/i18n';
import { localeNames } from '@/testing/messages';
import {
  localeProblems,
  type Parsed,
  parsedLocale,
  REQUIRED_LOCALES,
  typographyProblems,
  untranslated,
} from '@/test/i18n/locale-rules';
import { setTestLocale } from '@/test/unit/setup/i18n';

describe('locale files', () => {
  it('ships every required language, and no file the rules do not check', () => {
    expect(localeNames()).toEqual([...REQUIRED_LOCALES].sort());
  });

  it.each(REQUIRED_LOCALES.filter((l) => l !== 'en'))(
    '%s has every English message and keeps its substitutions and plural forms',
    async (locale) => {
      const en = await parsedLocale('en');
      const problems = localeProblems(locale, en, await parsedLocale(locale));
      expect(problems).toEqual([]);
    },
  );

  it.each(REQUIRED_LOCALES.filter((l) => l !== 'en'))(
    '%s translates every message (the same as English only where allowed by name) and keeps its typography',
    async (locale) => {
      const en = await parsedLocale('en');
      const other = await parsedLocale(locale);
      expect([...untranslated(locale, en, other), ...typographyProblems(locale, other)]).toEqual([]);
    },
  );

  it('the translation rules catch a message left in English and a Latin-spaced full stop', async () => {
    const en = await parsedLocale('en');
    const ja = await parsedLocale('ja');
    ja.set('find.heading', { ...(en.get('find.heading') as Parsed) });
    ja.set('result.line', { key: 'result.line', type: 'simple', forms: { '': '{status} · {charge}' } });
    ja.set('common.copied', { key: 'common.copied', type: 'simple', forms: { '': 'コピーしました。 次へ' } });
    ja.set('common.loading', { key: 'common.loading', type: 'simple', forms: { '': 'プライバシー： A call' } });
    expect(untranslated('ja', en, ja)).toEqual(['find.heading: the same as English']);
    expect(typographyProblems('ja', ja)).toEqual([
      'common.copied: a half-width space after 。 or 、',
      'common.loading: a full-width colon, then a space',
    ]);
  });

  it('the rules catch what a translator could break', async () => {
    const en = await parsedLocale('en');
    const broken = await parsedLocale('de');
    broken.delete('find.heading');
    broken.set('ext.description', { key: 'ext.description', type: 'simple', forms: { '': 'x'.repeat(133) } });
    broken.set('background.menu', { key: 'background.menu', type: 'simple', forms: { '': 'Agenten finden' } });
    const named = en.get('app.unfinishedCall');
    broken.set('app.unfinishedCall', { key: 'app.unfinishedCall', type: 'simple', forms: { '': 'Ein Aufruf wartet' } });
    broken.set('agentCard.usedTimes', {
      key: 'agentCard.usedTimes',
      type: 'plural',
      forms: { '1': 'einmal genutzt', n: 'oft genutzt' },
    });
    const problems = localeProblems('de', en, broken);
    expect(named?.forms['']).toContain('{agent}');
    expect(problems).toEqual(
      expect.arrayContaining([
        'find.heading: missing',
        'ext.description: 133 characters, Chrome allows 132',
        'background.menu: lost %s (the selection)',
        'app.unfinishedCall: lost {agent}',
        'agentCard.usedTimes: its n form lost the count ($1)',
      ]),
    );
  });
});

describe('the member’s language', () => {
  it('German: words, plural forms and the number in German', () => {
    setTestLocale('de');
    expect(t('find.heading')).not.toBe('Find AI Agents');
    expect(tn('agentCard.usedTimes', 1)).toBe('Einmal genutzt');
    expect(tn('agentCard.usedTimes', 1234)).toBe('1.234-mal genutzt');
    expect(formatCents(123456)).toMatch(/^1\.234,56\s\$$/);
    expect(formatBytes(2048)).toBe('2 kB');
  });

  it('French says 0 in the singular; Japanese has one form', () => {
    setTestLocale('fr');
    expect(tn('agentCard.contributorsCount', 0)).toBe('0 personne a contribué');
    expect(tn('agentCard.contributorsCount', 2)).toBe('2 personnes ont contribué');
    setTestLocale('ja');
    expect(tn('agentCard.usedTimes', 1)).toContain('1');
    expect(tn('agentCard.usedTimes', 1)).toBe(tn('agentCard.usedTimes', 2).replace('2', '1'));
  });

  it('English is the default for a language the extension does not ship', () => {
    expect(t('find.heading')).toBe('Find AI Agents');
    expect(formatCents(123456)).toBe('$1,234.56');
  });
});
