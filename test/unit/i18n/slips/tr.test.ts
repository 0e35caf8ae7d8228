/**
 * Turkish's slips, held so they cannot come back: approval (onay) and sign-off (imza) never share a word, and a
 * confirm dialog does not say onay; a session is oturum, so "signed in" is not "oturum açtığınız"; a hold is ayır-
 * throughout; a check or call is başarılı, never an exam's "geçti"; no English or code names ("member", reasonKind,
 * keepFindings) left. Read again: declined (geri çevirmek) apart from refused (reddetmek), a check is denetlemek, a
 * limit en fazla, the extension no “we”, balance harcanabilir kredi. SLIPS_TR_MESSAGES and SLIPS_TR_STORE point it
 * at another copy of the files (a check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { conceptIn, joined, keyedPairs, matchingIn, messages } from './pairs';

const en = joined(
  await messages(path.join(LOCALES_DIR, 'en.yml')),
  await messages(path.join(LOCALES_DIR, 'store', 'en.yml')),
);
const panel = await messages(process.env.SLIPS_TR_MESSAGES ?? path.join(LOCALES_DIR, 'tr.yml'));
const tr = joined(panel, await messages(process.env.SLIPS_TR_STORE ?? path.join(LOCALES_DIR, 'store', 'tr.yml')));
/** The listing's long text is checked line by line, beside the English line. */
const pairs = keyedPairs(en, tr);
const matching = (pattern: RegExp, when?: RegExp) => matchingIn(tr, en, pattern, when);
const concept = (source: RegExp, target: RegExp, not?: RegExp, except?: readonly string[]) =>
  conceptIn(pairs, source, target, not, except);

const SIGN_OFF_EN = /\bsign(ed|s)?[ -]?(it |them )?off\b|sign-off/i;
const SIGN_OFF_TR = /[iİ]mza/;
const APPROVAL_TR = /[oO]nay/;

describe('Turkish slips', () => {
  it('leaves no code name or the API word "member" in a value', () => {
    expect(matching(/reasonKind|keepFindings|did_not_help|\büye/)).toEqual([]);
  });

  it('a check or a call that finished well is başarılı, never an exam pass', () => {
    for (const key of ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree', 'result.checkPassed']) {
      expect(tr.get(key)).toMatch(/^[Bb]aşarılı/);
    }
    expect(tr.get('result.checkMissed')).not.toMatch(/geç/);
  });

  it('approval and sign-off are two words, in the panel and the store listing', () => {
    expect(concept(/\bapprov/i, APPROVAL_TR, SIGN_OFF_TR, ['store.long line 18'])).toEqual([]);
    expect(concept(SIGN_OFF_EN, SIGN_OFF_TR, APPROVAL_TR, ['store.long line 18'])).toEqual([]);
    expect(tr.get('store.long')).toMatch(/Onaylar, imzalar ve ayarlar/);
    // Only the member's approval on the site says onay: a confirm dialog says otherwise.
    expect(matching(APPROVAL_TR, /\bconfirm\b/i)).toEqual([]);
  });

  it('a session is oturum, and nothing else is', () => {
    expect(concept(/\bsessions?\b/i, /oturum/i)).toEqual([]);
    expect(concept(/\bsigned in\b/i, /giriş/i, /oturum/i)).toEqual([]);
  });

  it('a hold is ayır- throughout, never tut-', () => {
    expect(
      concept(
        /\bholds? up to\b|\bheld\b|hold (or|and) charge|(can|it) hold\b|what it holds/i,
        /ayır|ayrı/i,
        /tuttu|tutar(?!ı|\b)/i,
        ['export.saved'],
      ),
    ).toEqual([]);
  });

  it('one word per concept: call, finding, top up', () => {
    expect(concept(/\bcalls?\b/i, /çağr|çağır/i)).toEqual([]);
    expect(concept(/\bfindings?\b/i, /bulgu/i, undefined, ['find.finding', 'find.findingAgents'])).toEqual([]);
    expect(concept(/\btop up\b/i, /kredi yükle/i)).toEqual([]);
  });
  it('declined is geri çevirmek, refused is reddetmek: the member’s no and the site’s apart', () => {
    expect(concept(/\bdeclin/i, /geri çevir|geri çevril/i, /redd/i)).toEqual([]);
    expect(concept(/\brefus/i, /redd/i, /geri çevir|geri çevril/i)).toEqual([]);
  });

  it('a check is denetlemek (never kontrol, but for the set term Kontrol listesi), and a limit is en fazla (never en çok)', () => {
    expect(matching(/kontrol(?! listesi)/i)).toEqual([]); // Kontrol listesi is the set term for a checklist
    expect(matching(/en çok/i)).toEqual([]);
  });

  it('the extension is no “we”; balance is harcanabilir kredi; an active file is one that can run code', () => {
    expect(matching(/(yoruz|acağız|eceğiz)(?!\p{L})/u)).toEqual([]);
    expect(concept(/\bbalance\b/i, /harcanabilir/i, /bakiye/i)).toEqual([]);
    expect(concept(/\bactive file\b/i, /kod çalıştırabilir/, /etkin/)).toEqual([]);
  });

  it('the literal slips read once: the money heading, a switched-off feature, a site error', () => {
    expect(tr.get('money.label')).not.toMatch(/parası/);
    expect(tr.get('errors.notAvailable')).toMatch(/kapalı/);
    expect(matching(/bir şey başarısız oldu/i)).toEqual([]);
  });
});
