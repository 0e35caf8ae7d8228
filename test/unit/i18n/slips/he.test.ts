/**
 * Hebrew's slips, held so they cannot come back: one kind of quotation mark („…”, never “…”), one word per
 * concept in the panel and the store listing (a hold is שריון, never מוחזק/מעכב; approval אישור and sign-off
 * חתימה never share a word; the browser's permission is "allowed", not approved), a call that finished well
 * "succeeded" rather than "passed" an exam, the member addressed in the plural throughout, and no English or
 * code names left. SLIPS_HE_MESSAGES and SLIPS_HE_STORE point it at another copy of the files (a check that
 * each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { conceptIn, joined, keyedPairs, matchingIn, messages, wordsOf } from './pairs';

const en = joined(
  await messages(path.join(LOCALES_DIR, 'en.yml')),
  await messages(path.join(LOCALES_DIR, 'store', 'en.yml')),
);
const panel = await messages(process.env.SLIPS_HE_MESSAGES ?? path.join(LOCALES_DIR, 'he.yml'));
const he = joined(panel, await messages(process.env.SLIPS_HE_STORE ?? path.join(LOCALES_DIR, 'store', 'he.yml')));
/** The listing's long text is checked line by line, beside the English line. */
const pairs = keyedPairs(en, he);
const matching = (pattern: RegExp, when?: RegExp) => matchingIn(he, en, pattern, when);
const concept = (source: RegExp, target: RegExp, not?: RegExp, except?: readonly string[]) =>
  conceptIn(pairs, source, target, not, except);

const SIGN_OFF_EN = /\bsign(ed|s)?[ -]?(it |them )?off\b|sign-off/i;
const SIGN_OFF_HE = /חת(י|ו)?[מם]|חות[מם]/;
const APPROVAL_HE = /אישור|אישר|לאשר|אשרו|תאשרו|אושר/;
const HOLD_HE = /ש(ו)?רי(י)?[ןנ]|שריון/;

describe('Hebrew slips', () => {
  it('quotes with „…” only, as many as English has, opened and closed in order', () => {
    const out: string[] = [];
    for (const [key, s, t] of pairs) {
      if (/[“"‘’‚]/.test(t)) out.push(`${key}: a mark other than „…”`);
      if ([...t.matchAll(/„/g)].length < [...s.matchAll(/“/g)].length) out.push(`${key}: fewer „…” than English`);
      if (!/^[^„”]*(„[^„”]*”[^„”]*)*$/.test(t)) out.push(`${key}: „…” not opened and closed in order`);
    }
    expect(out).toEqual([]);
  });

  it('leaves no English word, call kind or code name in a value', () => {
    const allowed = new Set(
      (
        'Agent Connection AI AI-Agent API v1 HTTP http https JSON Web Token CSV GitHub GitLab Slack Google Stripe ' +
        'AWS Firefox Chrome Authorization Enter Shift Ctrl Esc Home End Tab Space KB kB MB localhost gpc_ sk- ' +
        'ABC-DEFG-HJKL he'
      ).split(' '),
    );
    const kinds = ['callKind.apply', 'callKind.question', 'callKind.startingFiles'].map((k) => en.get(k) ?? k);
    const out: string[] = [];
    for (const [key, text] of he) {
      const left = (wordsOf(text).match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? []).filter((w) => !allowed.has(w));
      if (left.length > 0) out.push(`${key}: ${left.join(', ')}`);
      for (const kind of kinds) if (text.includes(kind)) out.push(`${key}: the English call kind ${kind}`);
    }
    expect(out).toEqual([]);
  });

  it('a hold on credits is שריון everywhere, never מוחזק, מעכב or להחזיק', () => {
    expect(
      concept(/\bholds? up to\b|\bheld\b|hold (or|and) charge|(may|can|it) hold\b/i, HOLD_HE, /חזק|החזיק|מעכב|מעוכב/, [
        'export.saved',
        'local.atMostItems',
      ]),
    ).toEqual([]);
    expect(matching(/מוחזק|הוחזק|מעכב|מעוכב|להחזיק/)).toEqual([]);
  });

  it('approval and sign-off are two words, in the panel and the store listing', () => {
    expect(concept(/\bapprov/i, APPROVAL_HE, SIGN_OFF_HE, ['store.long line 18'])).toEqual([]);
    expect(concept(SIGN_OFF_EN, SIGN_OFF_HE, APPROVAL_HE, ['store.long line 18'])).toEqual([]);
    expect(he.get('store.long')).toMatch(/אישורים, חתימות ומתגים/);
    // The browser's permission is allowed, so אישור stays the member's approval on the site.
    expect(matching(APPROVAL_HE, /\ballow (it|access)\b|after you confirm/i)).toEqual([]);
  });

  it('a call that finished well succeeded: no exam "passed" (עברה)', () => {
    const keys = ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree', 'result.checkPassed'];
    expect(keys.filter((k) => /עבר/.test(he.get(k) ?? '')).map((k) => `${k}: ${he.get(k)}`)).toEqual([]);
    expect(he.get('words.callStatus.passed')).toBe('הצליחה');
  });

  it('one word per concept: top up, credits, session, finding, preview, revision', () => {
    expect(concept(/\btop up\b/i, /הטעינו קרדיטים|טעינת קרדיטים/, /יתרה/)).toEqual([]);
    expect(concept(/\bcredits\b/i, /קרדיט/)).toEqual([]);
    expect(concept(/\bsessions?\b/i, /סשן|סשנים/)).toEqual([]);
    expect(concept(/\bfindings?\b/i, /ממצא/, undefined, ['find.finding', 'find.findingAgents'])).toEqual([]);
    expect(concept(/\bpreview\b/i, /תצוגה מקדימה|התצוגה המקדימה|הציגו/, /בדקו מראש/)).toEqual([]);
    expect(concept(/\brevision\b/i, /עדכון|העדכון/, /תיקון/)).toEqual([]);
  });

  it('speaks to the member in the plural throughout', () => {
    expect(matching(/שלך(?!ם)|אישורך|אישרת(?![םי])|אותך|עליך/)).toEqual([]);
  });

  it('"read status" is not "call status" (קריאה is a call here)', () => {
    expect(matching(/מצב קריאה/)).toEqual([]);
  });
});
