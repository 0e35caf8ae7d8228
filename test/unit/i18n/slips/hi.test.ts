/**
 * Hindi, read again in full: the kinds of slip that reading fixed in the panel's words and the store listing,
 * held so they cannot come back. Devanagari Hindi for a consumer app, the member is आप throughout; one word per
 * concept wherever the English names it, with approval (मंज़ूरी, a paid step on the site) and sign-off (पुष्टि, of
 * findings and drafts) in different words; what a call holds is रिज़र्व (रोकना is to stop a call); no English
 * left in Latin letters beyond names, no code names. SLIPS_HI_MESSAGES and SLIPS_HI_STORE point it at another
 * copy of the files (run once against main's, where each assertion fails).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import {
  APPROVAL,
  CONTAINS,
  type Forms,
  messages,
  type Pair,
  panelPairs,
  SIGN_OFF,
  storePairs,
  wordsOf,
} from './pairs';

/**
 * One term per concept: where the English says it, the Hindi says the chosen term, and not a word refused for it.
 * Approval and sign-off refuse each other's words (a text naming both may say both).
 */
const CONCEPTS: readonly { name: string; en: RegExp; hi: RegExp; not?: RegExp; skip?: ReadonlySet<string> }[] = [
  { name: 'approval', en: APPROVAL, hi: /मंज़ूर/u, not: /पुष्टि|स्वीकृ/u },
  { name: 'sign-off', en: SIGN_OFF, hi: /पुष्टि/u, not: /मंज़ूर/u },
  { name: 'hold', en: /\b(?:holds?|held)\b/i, hi: /रिज़र्व/u, not: /रोक/u, skip: CONTAINS },
  { name: 'call', en: /\bcalls?\b/i, hi: /कॉल/u },
  { name: 'charge', en: /\bcharged?\b/i, hi: /चार्ज/u, not: /शुल्क/u },
  { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, hi: /निष्कर्ष/u },
  { name: 'session', en: /\bsessions?\b/i, hi: /सत्र/u },
  { name: 'top-up', en: /\btop up\b/i, hi: /क्रेडिट जोड़/u },
];

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, hi, not, skip } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const hindi = wordsOf(pair.text);
      if (!en.test(english) || skip?.has(pair.label.replace(/\[.*\]$/, ''))) continue;
      if (!hi.test(hindi)) out.push(`${pair.label}: ${name} is not said ${hi}`);
      const both = APPROVAL.test(english) && SIGN_OFF.test(english);
      if (not?.test(hindi) && !both) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  return out;
}

/** Words refused anywhere: loanwords where the panel has its Hindi word, our code's names, API jargon, तुम. */
const REFUSED: readonly [RegExp, string][] = [
  [/साइन-ऑफ़/u, 'sign-off is पुष्टि'],
  [/टॉप अप/u, 'top-up is क्रेडिट जोड़ें'],
  [/शेयर/u, 'share is साझा'],
  [/वर्ज़न/u, 'version is संस्करण'],
  [/स्वीकृत/u, 'approve is मंज़ूर'],
  [/पढ़ाई/u, 'a read of the request is not study (पढ़ाई)'],
  [/पास (?:हो|हुई|हुआ|हुए|होने|की|कर)/u, 'passed is सफल, not an exam’s पास होना'],
  [/reasonKind|did_not_help|keepFindings/, 'a code name'],
  [/सदस्य|योगदानकर्ता/u, 'API jargon (member, contributors)'],
  [/(?<!\p{L})(?:तुम|तू|तेरा|तेरी|तुम्हारा|तुम्हारी|तुम्हें)(?!\p{L})/u, 'the member is आप throughout'],
];

function refusedSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: hi } of pairs)
    for (const [pattern, why] of REFUSED) if (pattern.test(wordsOf(hi))) out.push(`${label}: ${why}`);
  return out;
}

/** Latin-letter words a Hindi text may carry: names, units, formats and the keys as keyboards label them. */
const LATIN_ALLOWED = new Set(
  (
    'Agent Connection AI AI-Agent API MB KB kB HTTP https http JSON CSV ABC-DEFG-HJKL sk- gpc_ localhost Web Token ' +
    'Stripe Slack Google GitLab GitHub AWS Firefox Chrome Authorization Store addons.mozilla.org v Enter Tab Shift ' +
    'Esc Space Home End Ctrl'
  ).split(' '),
);

function latinLeft(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: hi } of pairs.filter((p) => p.label !== 'meta.locale'))
    for (const w of wordsOf(hi).match(/[A-Za-z][A-Za-z_.-]*/g) ?? [])
      if (!LATIN_ALLOWED.has(w)) out.push(`${label}: “${w}”`);
  return out;
}

let hi: Forms;
let all: Pair[];
const text = (key: string, form = ''): string => hi.get(key)?.[form] ?? '';

beforeAll(async () => {
  const en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  hi = await messages(process.env.SLIPS_HI_MESSAGES ?? path.join(LOCALES_DIR, 'hi.yml'));
  const enStore = await messages(path.join(LOCALES_DIR, 'store', 'en.yml'));
  const hiStore = await messages(process.env.SLIPS_HI_STORE ?? path.join(LOCALES_DIR, 'store', 'hi.yml'));
  all = [...panelPairs(en, hi), ...storePairs(enStore, hiStore)];
});

describe('Hindi: one term per concept, in the panel and the store listing', () => {
  it('where English names a concept, the chosen term says it; approval and sign-off keep apart', () => {
    expect(conceptSlips(all)).toEqual([]);
  });

  it('no refused word: loanwords the panel says in Hindi, code names, jargon, तुम', () => {
    expect(refusedSlips(all)).toEqual([]);
  });

  it('a call that passed is सफल, wherever the status shows', () => {
    expect(text('words.callStatus.passed')).toBe('सफल');
    expect(text('notify.passedCharged')).toMatch(/^सफल · /u);
    expect(text('notify.passedFree')).toMatch(/^सफल · /u);
  });

  it('पुष्टि is the sign-off alone: a confirm elsewhere says what to choose', () => {
    const elsewhere = all.filter((p) => /पुष्टि/u.test(p.text) && !SIGN_OFF.test(p.en));
    expect(elsewhere.map((p) => `${p.label}: ${p.text}`)).toEqual([]);
  });
});

describe('Hindi: no English left', () => {
  it('no Latin-letter word but names, units, formats and key labels', () => {
    expect(latinLeft(all)).toEqual([]);
  });
});
