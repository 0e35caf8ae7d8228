/**
 * The German panel and store listing, held to the words a German reader settled on (issue: read every language
 * again): one word per concept, the member's money and approval words exact, "Sie" throughout, no English left
 * where our own words belong. SLIPS_DE_MESSAGES and SLIPS_DE_STORE point it at another copy of the files (a
 * check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { flat, keyedPairs, messages } from './pairs';

const en = flat(await messages(path.join(LOCALES_DIR, 'en.yml')));
const de = flat(await messages(process.env.SLIPS_DE_MESSAGES ?? path.join(LOCALES_DIR, 'de.yml')));
const storeEn = flat(await messages(path.join(LOCALES_DIR, 'store', 'en.yml')));
const storeDe = flat(await messages(process.env.SLIPS_DE_STORE ?? path.join(LOCALES_DIR, 'store', 'de.yml')));
const listed = (panel: Record<string, string>, store: Record<string, string>) =>
  new Map([...Object.entries(panel), ...Object.entries(store).map(([k, v]): [string, string] => [`store.${k}`, v])]);

/** Every German text with its English: the panel's messages, then the store listing's lines. */
function allPairs(): Array<[string, string, string]> {
  const lines = (text = '') => text.split('\n').filter((l) => l.trim() !== '').length;
  expect(lines(storeDe.long)).toBe(lines(storeEn.long));
  return keyedPairs(listed(en, storeEn), listed(de, storeDe));
}

/** Where a German text matches `pattern`, as "key: text", for a failure that names what to fix. */
function matching(pattern: RegExp, texts: Array<[string, string]> = allPairs().map(([k, , d]) => [k, d])): string[] {
  return texts.filter(([, text]) => pattern.test(text)).map(([key, text]) => `${key}: ${text}`);
}

describe('German: no English where our own words belong', () => {
  it('the preview heading names the kind of call in German', () => {
    // The heading is filled with our kind words (callKind.*); the heading itself says "before the start".
    expect(de['preview.beforeItRuns']?.replace('{name}', de['callKind.question'] ?? '')).toBe('Vor dem Start: Frage');
  });

  it('no text carries an English call-kind name or an English word a German one says', () => {
    const kindNames = [
      'preview.kindQuestion',
      'preview.kindApply',
      'preview.kindSession',
      'callKind.apply',
      'callKind.question',
      'callKind.startingFiles',
      'session.way.plan',
      'session.way.question',
    ].map((key) => en[key] ?? key);
    expect(kindNames).toContain('Ask a question');
    const english = new RegExp(`(${kindNames.join('|')})|\\b(Update|Host)\\b`, 'i');
    // A {placeholder} keeps its English name; what is around it is German.
    const withoutNames = allPairs().map(([key, , german]): [string, string] => [key, german.replace(/\{\w+\}/g, '')]);
    expect(matching(english, withoutNames)).toEqual([]);
  });
});

describe('German: one word per concept, in the panel and the store listing', () => {
  // Approval (a paid step the member approves on the site) is Genehmigung/genehmigen; sign-off (of findings and
  // drafts) is Freigabe/freigeben ("geben … frei"). Neither word stands for the other, and Bestätigung is neither.
  const approval = /approv/i;
  const signOff = /sign(ed|s|ing)?[- ]off/i;
  const genehmigung = /genehmig/i;
  const freigabe = /freig|\bfrei\b/i;

  it('approval is Genehmigung, never Freigabe', () => {
    const wrong = allPairs().filter(
      ([, english, german]) =>
        approval.test(english) && (!genehmigung.test(german) || (!signOff.test(english) && freigabe.test(german))),
    );
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
  });

  it('sign-off is Freigabe, never Genehmigung or Bestätigung', () => {
    const wrong = allPairs().filter(
      ([, english, german]) =>
        signOff.test(english) &&
        (!freigabe.test(german) || /bestätig/i.test(german) || (!approval.test(english) && genehmigung.test(german))),
    );
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
  });

  it('what a call holds from the credits is reserviert, never vorgehalten, zurückgehalten or gebunden', () => {
    expect(matching(/vorhalt|vorgehalt|zurückh[aä]lt|zurückgehalten|gebunden/i)).toEqual([]);
    // "holds" in the sense of "contains" (a field, a share package, an export) is enthalten, not money.
    const contains = new Set([
      'local.secrets',
      'local.atMostItems',
      'local.atLeastItems',
      'export.saved',
      'share.files.tooMany',
      'share.package.tooManyFiles',
    ]);
    const wrong = allPairs().filter(
      ([key, english, german]) => /\b(holds?|held)\b/i.test(english) && !contains.has(key) && !/reserv/i.test(german),
    );
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
  });

  it('a limit is Limit and a ceiling Obergrenze; Grenze alone is neither', () => {
    expect(matching(/(?<!ober)grenze/i)).toEqual([]);
    const ceilings = allPairs().filter(
      ([, english, german]) => /ceiling/i.test(english) && !/obergrenze/i.test(german),
    );
    expect(ceilings.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
  });

  it('"without asking" is ohne Rückfrage; Nachfrage (also "demand") is not used', () => {
    expect(matching(/nachfrage/i)).toEqual([]);
    const wrong = allPairs().filter(
      ([, english, german]) => /without asking/i.test(english) && !/ohne Rückfrage/i.test(german),
    );
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
    expect(de['words.switch.spending']).toBe('Ohne Rückfrage ausgeben');
  });

  it('a preview is a Vorschau (prüfen is for checks)', () => {
    // The store's short text says "vorab sehen" to stay within its 132 characters; its long text says Vorschau.
    const wrong = allPairs().filter(
      ([key, english, german]) => key !== 'store.short' && /preview/i.test(english) && !/vorschau/i.test(german),
    );
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
  });

  it('the side panel is the Seitenleiste, never the Seitenbereich', () => {
    expect(matching(/seitenbereich/i)).toEqual([]);
    const wrong = allPairs().filter(
      ([, english, german]) => /side panel|\bpanel\b/i.test(english) && !/seitenleiste|\{panel\}/i.test(german),
    );
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
  });

  it('optional is freiwillig everywhere (the standalone word may not read as the English one)', () => {
    expect(matching(/optional/i)).toEqual([]);
  });

  it('a call that passed is Erfolgreich, not Bestanden (an exam); a single check still passes (bestanden)', () => {
    const wrong = allPairs().filter(([, english, german]) => /^Passed\b/.test(english) && !/^Erfolgreich/.test(german));
    expect(wrong.map(([key, , german]) => `${key}: ${german}`)).toEqual([]);
    expect(de['result.checkPassed']).toMatch(/^bestanden/);
  });
});

describe('German: grammar and register', () => {
  it('says Sie throughout, never du', () => {
    expect(matching(/\b(du|dich|dir|dein\w*|deine\w*|kannst|hast|bist)\b/i)).toEqual([]);
  });

  it('no sentence starts with a "Sie" that means "it" (a formal Sie never takes these verb forms)', () => {
    expect(matching(/(^|[.:;!?] )Sie (wird|wurde|ist|enthält|ließ|kann|zeigt|passt|geht|bleibt|hat)\b/)).toEqual([]);
  });

  it('where "Sie" or "Ihr" would read as "you" and "your", the sentence names what it means', () => {
    // "Sie sind zu groß", "Sie bleiben hier", "Ihr Name muss …" read as the member, not the answers or the file.
    const texts: Array<[string, string]> = [
      'session.shortCheck.tooLarge',
      'session.verdict.fits',
      'readStatus.skipped',
      'readStatus.failed',
      'options.searches.about',
      'background.notOffered.answers',
      'revoked.text',
      'welcome.step1',
      'attach.nameLength',
    ].map((key) => [key, de[key] ?? '']);
    expect(matching(/(^|[.:;!?] )(Sie (sind|bleiben|gehen|zeigt)|Ihr Name)\b/, texts)).toEqual([]);
  });

  it('a reason after "nicht geprüft:" is a sentence and starts with a capital letter', () => {
    for (const key of ['memberLimit', 'siteBudget', 'tooLarge']) {
      expect(de[`session.shortCheck.${key}`], key).toMatch(/^\p{Lu}/u);
    }
  });

  it('the notification choices all read after their legend the same way (as nouns, each capitalised)', () => {
    expect(de['options.notify.tellMe']).toBe('Benachrichtigungen für');
    for (const key of ['callFinished', 'approvals', 'findingsSignOff', 'findingsReminder']) {
      expect(de[`options.notify.${key}`], key).toMatch(/^\p{Lu}/u);
    }
  });
});
