/**
 * Indonesian, read again in full: the kinds of slip that reading fixed in the panel's words and the store
 * listing, held so they cannot come back. The member is Anda throughout; one word per concept wherever the
 * English names it, with approval (persetujuan, a paid step on the site) and sign-off (pengesahan, of findings
 * and drafts) in different words; a call that passed is Berhasil (Lulus reads as an exam); no English, no code
 * names. SLIPS_ID_MESSAGES and SLIPS_ID_STORE point it at another copy of the files (run once against main's,
 * where each assertion fails).
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
 * One term per concept: where the English says it, the Indonesian says the chosen term, and not a word refused
 * for it. Approval (setuju) and sign-off (sah) refuse each other's words (a text naming both may say both).
 */
const CONCEPTS: readonly { name: string; en: RegExp; nl: RegExp; not?: RegExp; skip?: ReadonlySet<string> }[] = [
  { name: 'approval', en: APPROVAL, nl: /setuju|nyetuju/i, not: /sah(?:kan|an)/i },
  { name: 'sign-off', en: SIGN_OFF, nl: /sah(?:kan|an)?/i, not: /setuju|nyetuju/i },
  { name: 'hold', en: /\b(?:holds?|held)\b/i, nl: /tahan|nahan/i, skip: CONTAINS },
  { name: 'call', en: /\bcalls?\b/i, nl: /panggil/i },
  { name: 'charge', en: /\bcharged?\b/i, nl: /tagih|biaya/i },
  { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, nl: /temuan/i },
  { name: 'session', en: /\bsessions?\b/i, nl: /sesi/i },
  { name: 'top-up', en: /\btop up\b/i, nl: /isi ulang/i },
  { name: 'without asking', en: /without asking/i, nl: /tanpa ditanya/i, not: /tanpa persetujuan/i },
];

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, nl, not, skip } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const words = wordsOf(pair.text);
      if (!en.test(english) || skip?.has(pair.label.replace(/\[.*\]$/, ''))) continue;
      if (!nl.test(words)) out.push(`${pair.label}: ${name} is not said ${nl}`);
      const both = APPROVAL.test(english) && SIGN_OFF.test(english);
      if (not?.test(words) && !both) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  return out;
}

/** Words refused anywhere: an exam's pass, code names, API jargon, a second word for error, kamu. */
const REFUSED: readonly [RegExp, string][] = [
  [word('lulus'), 'a call or check that passed is berhasil / terpenuhi, not an exam’s lulus'],
  [/reasonKind|did_not_help|keepFindings/, 'a code name'],
  [word('anggota|kontributor'), 'API jargon (member, contributors)'],
  [word('galat'), 'error is kesalahan'],
  [word('dtk'), 'seconds are detik'],
  [/Manage Extension|Pin to Toolbar/, 'the browser’s own Indonesian labels'],
  [word('kamu|engkau|kau'), 'the member is Anda throughout'],
];

function refusedSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: nl } of pairs)
    for (const [pattern, why] of REFUSED) if (pattern.test(wordsOf(nl))) out.push(`${label}: ${why}`);
  return out;
}

/** The panel's English names of call kinds, states and statuses, which must never stand in an Indonesian message. */
function englishNames(en: Forms): string[] {
  const names = [...en]
    .filter(([key]) => /^(words\.callStatus|words\.callState|callKind|history\.callStatus|preview\.kind)/.test(key))
    .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
    .filter((name) => /\p{L}{3}/u.test(name) && !/^(Status)$/i.test(name));
  return [...new Set(names)];
}

function englishLeft(pairs: readonly Pair[], names: readonly string[]): string[] {
  const out: string[] = [];
  const common = word('the|and|your|with|call|calls|approval|sign-off|findings?|charged|held|passed|failed|running');
  for (const { label, text: nl } of pairs) {
    const text = wordsOf(nl);
    for (const name of names)
      if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(text)) out.push(`${label}: “${name}”`);
    if (common.test(text)) out.push(`${label}: an English word`);
  }
  return out;
}

let nl: Forms;
let all: Pair[];
const text = (key: string, form = ''): string => nl.get(key)?.[form] ?? '';

beforeAll(async () => {
  const en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  nl = await messages(process.env.SLIPS_ID_MESSAGES ?? path.join(LOCALES_DIR, 'id.yml'));
  const enStore = await messages(path.join(LOCALES_DIR, 'store', 'en.yml'));
  const nlStore = await messages(process.env.SLIPS_ID_STORE ?? path.join(LOCALES_DIR, 'store', 'id.yml'));
  all = [...panelPairs(en, nl), ...storePairs(enStore, nlStore)];
  englishKinds = englishNames(en);
});
let englishKinds: string[] = [];

describe('Indonesian: one term per concept, in the panel and the store listing', () => {
  it('where English names a concept, the chosen term says it; approval and sign-off keep apart', () => {
    expect(conceptSlips(all)).toEqual([]);
  });

  it('no refused word: lulus, code names, jargon, galat, kamu', () => {
    expect(refusedSlips(all)).toEqual([]);
  });

  it('a call that passed is Berhasil, wherever the status shows', () => {
    expect(text('words.callStatus.passed')).toBe('Berhasil');
    expect(text('notify.passedCharged')).toMatch(/^Berhasil · /);
    expect(text('notify.passedFree')).toMatch(/^Berhasil · /);
  });

  it('the example amount is written as the field takes it (a decimal point)', () => {
    expect(text('preview.maxPlaceholder')).toMatch(/\d\.\d{2}$/);
  });
});

describe('Indonesian: no English left', () => {
  it('neither the panel’s English call kinds and statuses nor its common words', () => {
    expect(englishKinds.length).toBeGreaterThan(5);
    expect(englishLeft(all, englishKinds)).toEqual([]);
  });
});
