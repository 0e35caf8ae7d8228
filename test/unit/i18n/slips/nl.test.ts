/**
 * Dutch, read again in full: the kinds of slip that reading fixed in the panel's words and the store listing,
 * held so they cannot come back. The member is "je" throughout (never "u"); one word per concept wherever the
 * English names it, with approval (goedkeuren, a paid step on the site) and sign-off (bevestigen, of findings
 * and drafts) in different words; what a call holds is reserveren; a call that passed is Gelukt (Geslaagd reads
 * as an exam); no English, no code names. SLIPS_NL_MESSAGES and SLIPS_NL_STORE point it at another copy of the
 * files (run once against main's, where each assertion fails).
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
  word,
  wordsOf,
} from './pairs';

/**
 * One term per concept: where the English says it, the Dutch says the chosen term, and nowhere a word refused
 * for it. Approval and sign-off refuse each other's words.
 */
const CONCEPTS: readonly {
  name: string;
  en: RegExp;
  nl: RegExp;
  /** Refused where the English names this concept, or everywhere when `everywhere` is set. */
  not?: RegExp;
  everywhere?: boolean;
  skip?: ReadonlySet<string>;
}[] = [
  { name: 'approval', en: /approv/i, nl: /goedkeur|goedgekeurd|keur\S* .*goed/i, not: /bevestig/i },
  {
    name: 'sign-off',
    en: /\bsign(?:s|ed|ing)?(?:[- ]offs?| it off| them off)\b/i,
    nl: /bevestig/i,
    not: /goedkeur|goedgekeurd/i,
  },
  { name: 'hold', en: /\b(?:holds?|held)\b/i, nl: /reserv/i, skip: CONTAINS },
  { name: 'call', en: /\bcalls?\b/i, nl: /opdracht/i, not: /aanroep/i, everywhere: true },
  { name: 'charge', en: /\bcharged?\b/i, nl: /afgerekend|afrekenen|bedrag|kosten/i },
  { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, nl: /bevinding/i },
  { name: 'session', en: /\bsessions?\b/i, nl: /sessie/i },
  { name: 'top-up', en: /\btop up\b/i, nl: /waardeer|waarder/i },
];

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, nl, not, everywhere, skip } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const dutch = wordsOf(pair.text);
      const names = en.test(english) && !skip?.has(pair.label.replace(/\[.*\]$/, ''));
      if (names && !nl.test(dutch)) out.push(`${pair.label}: ${name} is not said ${nl}`);
      // A text that names both approval and sign-off (the store's "Approvals, sign-offs") may say both words.
      const both = APPROVAL.test(english) && SIGN_OFF.test(english);
      if (not?.test(dutch) && (everywhere || (names && !both)))
        out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  return out;
}

/** Words refused anywhere: what a call holds is never vastgezet/vastgehouden; our code's names never show. */
const REFUSED: readonly [RegExp, string][] = [
  [/vasth|vastgez|vastgeh|houdt\S* .*\bvast\b/i, 'hold is reserveren'],
  [/reasonKind|did_not_help|keepFindings/, 'a code name'],
  [word('lid|leden|bijdragers?'), 'API jargon (member, contributors)'],
  [word('match'), 'English: of het past / overeenkomst'],
  [word('u|uw|uzelf|jullie'), 'the member is je throughout'],
  [/‘|’(?!\p{L})/u, 'quotes are “…” (’ only inside a word)'],
];

function refusedSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: nl } of pairs)
    for (const [pattern, why] of REFUSED) if (pattern.test(wordsOf(nl))) out.push(`${label}: ${why}`);
  return out;
}

/** The panel's English names of call kinds, states and statuses, which must never stand in a Dutch message. */
function englishNames(en: Forms): string[] {
  const names = [...en]
    .filter(([key]) => /^(words\.callStatus|words\.callState|callKind|history\.callStatus|preview\.kind)/.test(key))
    .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
    .filter((name) => /\p{L}{3}/u.test(name) && !/^(Status|Open)$/i.test(name));
  return [...new Set(names)];
}

function englishLeft(pairs: readonly Pair[], names: readonly string[]): string[] {
  const out: string[] = [];
  const common = word('the|and|your|with|call|calls|approval|sign-off|findings?|charged|held|passed|failed|running');
  for (const { label, text: nl } of pairs) {
    const dutch = wordsOf(nl);
    for (const name of names)
      if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(dutch)) out.push(`${label}: “${name}”`);
    if (common.test(dutch)) out.push(`${label}: an English word`);
  }
  return out;
}

let nl: Forms;
let all: Pair[];
const text = (key: string, form = ''): string => nl.get(key)?.[form] ?? '';

beforeAll(async () => {
  const en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  nl = await messages(process.env.SLIPS_NL_MESSAGES ?? path.join(LOCALES_DIR, 'nl.yml'));
  const enStore = await messages(path.join(LOCALES_DIR, 'store', 'en.yml'));
  const nlStore = await messages(process.env.SLIPS_NL_STORE ?? path.join(LOCALES_DIR, 'store', 'nl.yml'));
  all = [...panelPairs(en, nl), ...storePairs(enStore, nlStore)];
  englishKinds = englishNames(en);
});
let englishKinds: string[] = [];

describe('Dutch: one term per concept, in the panel and the store listing', () => {
  it('where English names a concept, the chosen term says it; approval and sign-off keep apart', () => {
    expect(conceptSlips(all)).toEqual([]);
  });

  it('no refused word: vastzetten for a hold, code names, jargon, "u", single quotes', () => {
    expect(refusedSlips(all)).toEqual([]);
  });

  it('a call that passed is Gelukt (Geslaagd reads as an exam), wherever the status shows', () => {
    expect(text('words.callStatus.passed')).toBe('Gelukt');
    expect(text('notify.passedCharged')).toMatch(/^Gelukt · /);
    expect(text('notify.passedFree')).toMatch(/^Gelukt · /);
    const exam = all.filter((p) => p.label !== 'result.checkPassed' && word('geslaagd').test(p.text));
    expect(exam.map((p) => p.label)).toEqual([]);
  });

  it('bevestigen is the sign-off alone: a confirm elsewhere says what to choose', () => {
    const elsewhere = all.filter((p) => /bevestig/i.test(p.text) && !/sign/i.test(p.en));
    expect(elsewhere.map((p) => `${p.label}: ${p.text}`)).toEqual([]);
  });
});

describe('Dutch: no English left', () => {
  it('neither the panel’s English call kinds and statuses nor its common words', () => {
    expect(englishKinds.length).toBeGreaterThan(5);
    expect(englishLeft(all, englishKinds)).toEqual([]);
  });
});
