/**
 * Ukrainian's slips, held so they cannot come back: one word per concept in the panel and the store listing
 * (a hold is резерв/зарезервувати, never утримати; approval схвалення and sign-off підтвердження never share a
 * word, so a confirm dialog does not say підтвердження; a revision is правка; top up is "поповнити кошти"),
 * «…» quotes only, counts in the n form as "noun: $1" (the panel has one plural form for 2-4 and 5+), and no
 * English or code names left. SLIPS_UK_MESSAGES and SLIPS_UK_STORE point it at another copy of the files (a
 * check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { conceptIn, joined, keyedPairs, matchingIn, messages, nForms, wordsOf } from './pairs';

const en = joined(
  await messages(path.join(LOCALES_DIR, 'en.yml')),
  await messages(path.join(LOCALES_DIR, 'store', 'en.yml')),
);
const panel = await messages(process.env.SLIPS_UK_MESSAGES ?? path.join(LOCALES_DIR, 'uk.yml'));
const uk = joined(panel, await messages(process.env.SLIPS_UK_STORE ?? path.join(LOCALES_DIR, 'store', 'uk.yml')));
/** The listing's long text is checked line by line, beside the English line. */
const pairs = keyedPairs(en, uk);
const matching = (pattern: RegExp, when?: RegExp) => matchingIn(uk, en, pattern, when);
const concept = (source: RegExp, target: RegExp, not?: RegExp, except?: readonly string[]) =>
  conceptIn(pairs, source, target, not, except);

/** Each plural message's n form, as [key, text]: Ukrainian's 2-4 and 5+ share it. */
const plurals = nForms(panel);

const SIGN_OFF_EN = /\bsign(ed|s)?[ -]?(it |them )?off\b|sign-off/i;
const SIGN_OFF_UK = /підтвер/i;
const APPROVAL_UK = /схвал/i;
const HOLD_UK = /резерв/i;

describe('Ukrainian slips', () => {
  it('quotes with «…» only, as many as English has, opened and closed in order', () => {
    const out: string[] = [];
    for (const [key, s, t] of pairs) {
      if (/[“”„"]/.test(t)) out.push(`${key}: a mark other than «…»`);
      if ([...t.matchAll(/«/g)].length < [...s.matchAll(/“/g)].length) out.push(`${key}: fewer «…» than English`);
      if (!/^[^«»]*(«[^«»]*»[^«»]*)*$/.test(t)) out.push(`${key}: «…» not opened and closed in order`);
    }
    expect(out).toEqual([]);
  });

  it('leaves no English word, call kind or code name in a value', () => {
    const allowed = new Set(
      (
        'Agent Connection AI-Agent API v1 HTTP http https JSON Web Token CSV GitHub GitLab Slack Google Stripe ' +
        'AWS Firefox Chrome Authorization Enter Shift Ctrl Esc Home End Tab localhost gpc_ sk- ABC-DEFG-HJKL uk'
      ).split(' '),
    );
    const kinds = ['callKind.apply', 'callKind.question', 'callKind.startingFiles'].map((k) => en.get(k) ?? k);
    const out: string[] = [];
    for (const [key, text] of uk) {
      const left = (wordsOf(text).match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? []).filter((w) => !allowed.has(w));
      if (left.length > 0) out.push(`${key}: ${left.join(', ')}`);
      for (const kind of kinds) if (text.includes(kind)) out.push(`${key}: the English call kind ${kind}`);
    }
    expect(out).toEqual([]);
    // "member" is the API's word: the panel speaks to "you".
    expect(matching(/учасник/, /\bmember\b/i)).toEqual([]);
  });

  it('a hold on credits is резерв everywhere, never утримати', () => {
    expect(
      concept(/\bholds? up to\b|\bheld\b|hold (or|and) charge|(may|can|it) hold\b/i, HOLD_UK, /утрим/i, [
        'export.saved',
        'local.atMostItems',
      ]),
    ).toEqual([]);
    expect(matching(/утрим/i)).toEqual([]);
  });

  it('approval and sign-off are two words, in the panel and the store listing', () => {
    expect(concept(/\bapprov/i, APPROVAL_UK, SIGN_OFF_UK, ['store.long line 18'])).toEqual([]);
    expect(concept(SIGN_OFF_EN, SIGN_OFF_UK, APPROVAL_UK, ['store.long line 18'])).toEqual([]);
    expect(uk.get('store.long')).toMatch(/Схвалення, підтвердження й перемикачі/);
    // Only a sign-off says підтвердження: a confirm dialog or the browser's permission says otherwise.
    expect(matching(SIGN_OFF_UK, /\bconfirm\b|\ballow (it|access)\b/i)).toEqual([]);
  });

  it('one word per concept: top up, revision, limit, call, session, finding', () => {
    expect(concept(/\btop up\b/i, /поповн\S* кошти/i, /рахунок/)).toEqual([]);
    expect(concept(/\brevision(s)?\b/i, /правк/i, /редакці|зміну/)).toEqual([]);
    expect(concept(/\(set by \{by\}\)/, /ліміт задає/, /межу|визначає/)).toEqual([]);
    expect(concept(/\bcalls?\b/i, /виклик/i, /дзвін/i)).toEqual([]);
    expect(concept(/\bsessions?\b/i, /сеанс/i, /сесі/i)).toEqual([]);
    expect(concept(/\bfindings?\b/i, /знахід/i, undefined, ['find.finding', 'find.findingAgents'])).toEqual([]);
    expect(concept(/\bsharing\b/i, /поширен|ділитис/i, /спільний доступ/i)).toEqual([]);
  });

  it('a call that finished well succeeded, not "passed" an exam', () => {
    for (const key of ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree']) {
      expect(uk.get(key)).toMatch(/^Успішно/);
    }
  });

  it('a count in an n form reads "noun: $1", never a noun whose case depends on the number', () => {
    const out: string[] = [];
    for (const m of plurals) {
      if (/\$1\s+[а-яіїєґ’]+(ів|ій|ей|ок|ень|ин|хвилин|днів)\b/i.test(m[1])) out.push(`${m[0]}: ${m[1]}`);
    }
    expect(out).toEqual([]);
  });
});
