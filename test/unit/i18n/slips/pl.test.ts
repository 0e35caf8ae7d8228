/**
 * Polish's slips, held so they cannot come back: a call that finished well is "Udane", never an exam's "Zaliczone";
 * approval (zgoda, zaakceptować) and sign-off (zatwierdzenie) never share a word; a charge is "naliczono", so
 * "pobrano" only ever means a download; top up is "Doładuj środki"; „…” quotes only; a count in an n form never
 * takes a noun whose case depends on the number (one form serves 2-4 and 5+); no English or code names left. Read
 * again: refused odmówić and declined odrzucić apart, a preview is podgląd, the extension no “I” or “we”, balance
 * dostępne środki, the site strona. SLIPS_PL_MESSAGES and SLIPS_PL_STORE point it at another copy of the files (a
 * check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { conceptIn, joined, keyedPairs, matchingIn, messages, nForms, word, wordsOf } from './pairs';

const en = joined(
  await messages(path.join(LOCALES_DIR, 'en.yml')),
  await messages(path.join(LOCALES_DIR, 'store', 'en.yml')),
);
const panel = await messages(process.env.SLIPS_PL_MESSAGES ?? path.join(LOCALES_DIR, 'pl.yml'));
const pl = joined(panel, await messages(process.env.SLIPS_PL_STORE ?? path.join(LOCALES_DIR, 'store', 'pl.yml')));
/** The listing's long text is checked line by line, beside the English line. */
const pairs = keyedPairs(en, pl);
const matching = (pattern: RegExp, when?: RegExp) => matchingIn(pl, en, pattern, when);
const concept = (source: RegExp, target: RegExp, not?: RegExp, except?: readonly string[]) =>
  conceptIn(pairs, source, target, not, except);

/** Each plural message's n form, as [key, text]: Polish's 2-4 and 5+ share it. */
const plurals = nForms(panel);

const SIGN_OFF_EN = /\bsign(ed|s)?[ -]?(it |them )?off\b|sign-off/i;
const SIGN_OFF_PL = /zatwierd/i;
const APPROVAL_PL = /zgod|akcept/i;

describe('Polish slips', () => {
  it('quotes with „…” only, as many as English has, opened and closed in order', () => {
    const out: string[] = [];
    for (const [key, s, t] of pairs) {
      if (/[“«»"]/.test(t)) out.push(`${key}: a mark other than „…”`);
      if ([...t.matchAll(/„/g)].length < [...s.matchAll(/“/g)].length) out.push(`${key}: fewer „…” than English`);
      if (!/^[^„”]*(„[^„”]*”[^„”]*)*$/.test(t)) out.push(`${key}: „…” not opened and closed in order`);
    }
    expect(out).toEqual([]);
  });

  it('leaves no English word, call kind or code name in a value', () => {
    const allowed = new Set(
      (
        'Agent Connection AI AI-Agent API v1 HTTP http https JSON Web Token JWT CSV GitHub GitLab Slack Google ' +
        'Stripe AWS Firefox Chrome Authorization Enter Shift Ctrl Esc Home End Tab Spacja kB KB MB localhost gpc_ ' +
        'sk- ABC-DEFG-HJKL pl offline s min'
      ).split(' '),
    );
    const kinds = ['callKind.apply', 'callKind.question', 'callKind.startingFiles'].map((k) => en.get(k) ?? k);
    const out: string[] = [];
    for (const [key, text] of pl) {
      const left = (wordsOf(text).match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? []).filter(
        (w) => !allowed.has(w) && !/[ąćęłńóśźż]/i.test(w) && /_|[a-z][A-Z]/.test(w),
      );
      if (left.length > 0) out.push(`${key}: ${left.join(', ')}`);
      for (const kind of kinds) if (text.includes(kind)) out.push(`${key}: the English call kind ${kind}`);
    }
    expect(out).toEqual([]);
    // "member" is the API's word: the panel speaks to "you".
    expect(matching(/członek|członk/i)).toEqual([]);
  });

  it('a call that finished well is Udane, not an exam pass', () => {
    expect(matching(/zaliczon/i)).toEqual([]);
    for (const key of ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree']) {
      expect(pl.get(key)).toMatch(/^Udane/);
    }
  });

  it('approval and sign-off are two words, in the panel and the store listing', () => {
    expect(concept(/\bapprov/i, APPROVAL_PL, SIGN_OFF_PL, ['store.long line 18'])).toEqual([]);
    expect(concept(SIGN_OFF_EN, SIGN_OFF_PL, APPROVAL_PL, ['store.long line 18'])).toEqual([]);
    expect(pl.get('store.long')).toMatch(/Zgody, zatwierdzenia i przełączniki/);
  });

  it('a charge is naliczono, so pobrano/pobrane only ever means a download', () => {
    expect(concept(/\bcharged\b|\bcharge\b(?! could)/i, /nalicz|opłat|płatn/i, /pobra/i)).toEqual([]);
  });

  it('one word per concept: top up, hold, call, session, finding', () => {
    expect(concept(/\btop up\b/i, /Doładuj środki/, /konto/)).toEqual([]);
    expect(
      concept(/\bholds? up to\b|\bheld\b|hold (or|and) charge|(can|it) hold\b/i, /blok/i, /rezerw|wstrzym/i, [
        'export.saved',
      ]),
    ).toEqual([]);
    expect(concept(/\bcalls?\b/i, /wywoła/i, /rozmow/i)).toEqual([]);
    expect(concept(/\bsessions?\b/i, /sesj/i)).toEqual([]);
    expect(concept(/\bfindings?\b/i, /ustale/i, undefined, ['find.finding', 'find.findingAgents'])).toEqual([]);
  });

  it('a count in an n form never takes a noun whose case depends on the number', () => {
    // "$1 wywołania" is right for 2-4 and wrong for 5+; the n form says "wywołania: $1" or uses a case that fits both.
    const out = plurals.filter(([, n]) =>
      /\$1 (wywołań|wywołania|plików|pliki|ustaleń|ustalenia|sesji|sesje|prób|próby|elementów|elementy|szczegółów|szczegóły|minut|minuty|wierszy|wiersze|godzin|godziny)\b/.test(
        n,
      ),
    );
    expect(out).toEqual([]);
  });
  it('refused is odmówić and declined odrzucić; a discarded draft is anulowany', () => {
    expect(concept(/\brefus/i, /odm[óo]w|odmaw|nie przyj/i, /odrzuc/i)).toEqual([]);
    expect(concept(/\bdeclin/i, /odrzuc/i, /odm[óo]w|odmaw/i)).toEqual([]);
    expect(concept(/\bdiscarded\b/i, /anulowan/i, /odrzuc/i)).toEqual([]);
  });

  it('a preview is podgląd, never Sprawdź (which is check)', () => {
    expect(concept(/\bpreview/i, /podgląd/i, /sprawdź/i, ['store.short'])).toEqual([]);
  });

  it('the extension is no “I” or “we”, and what is sent again goes automatycznie, not samo', () => {
    expect(matching(word('czekam|wysyłam|pytamy|zapytamy|próbujemy|czekamy'))).toEqual([]);
    expect(concept(/\bby itself\b/i, /automatycznie/)).toEqual([]);
    expect(matching(word('samo'))).toEqual([]);
  });

  it('balance is dostępne środki, the site is strona (never witryna), an active file is one that can run code', () => {
    expect(concept(/\bbalance\b/i, /dostępne środki/, /saldo/)).toEqual([]);
    expect(matching(/witryn/i)).toEqual([]);
    expect(concept(/\bactive file\b/i, /uruchomić kod/, /aktywny/)).toEqual([]);
  });

  it('a count without a case: “1 min” after “Zgoda wygasa po”, where “1 minutę” reads wrong', () => {
    expect(panel.get('status.minutes')).toEqual({ 1: '1 min', n: '$1 min' });
  });
});
