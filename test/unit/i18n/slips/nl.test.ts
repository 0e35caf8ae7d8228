/**
 * Dutch, read again in full: the kinds of slip that reading fixed in the panel's words and the store listing,
 * held so they cannot come back. The member is "je" throughout (never "u"); one word per concept wherever the
 * English names it, with approval (goedkeuren, a paid step on the site) and sign-off (bevestigen, of findings
 * and drafts) in different words; what a call holds is reserveren; a call that passed is Gelukt (Geslaagd reads
 * as an exam); no English, no code names. SLIPS_NL_MESSAGES and SLIPS_NL_STORE point it at another copy of the
 * files (run once against main's, where each assertion fails).
 */
import path from 'node:path';
import { parseMessagesFile } from '@wxt-dev/i18n/build';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';

/** One Dutch text beside the English it translates: a message's form, or a line of the store listing. */
interface Pair {
  label: string;
  en: string;
  nl: string;
}

type Forms = Map<string, Record<string, string>>;

async function messages(file: string): Promise<Forms> {
  const out: Forms = new Map();
  for (const m of await parseMessagesFile(file)) {
    const key = m.key.join('.');
    if (key.startsWith('@@')) continue;
    out.set(key, m.type === 'plural' ? ({ ...m.plurals } as Record<string, string>) : { '': m.message });
  }
  return out;
}

/** Text without its {names}, $1 counts, $$ and %s: the words a translator wrote. */
function wordsOf(text: string): string {
  return text.replace(/\{[A-Za-z0-9_]+\}|\$[1-9$]|%s/g, ' ');
}

/** A word on its own: JavaScript's \b knows no accented letter. */
const word = (w: string, flags = 'iu') => new RegExp(`(?<!\\p{L})(?:${w})(?!\\p{L})`, flags);

function panelPairs(en: Forms, nl: Forms): Pair[] {
  const out: Pair[] = [];
  for (const [key, forms] of nl) {
    const source = en.get(key);
    if (!source) continue;
    for (const [form, text] of Object.entries(forms)) {
      const english = source[form] ?? source.n ?? source[''] ?? '';
      out.push({ label: form ? `${key}[${form}]` : key, en: english, nl: text });
    }
  }
  return out;
}

function storePairs(en: Forms, nl: Forms): Pair[] {
  const get = (f: Forms, k: string) => f.get(k)?.[''] ?? '';
  const enLines = get(en, 'long').split('\n');
  const nlLines = get(nl, 'long').split('\n');
  expect(nlLines).toHaveLength(enLines.length);
  return [
    { label: 'store.short', en: get(en, 'short'), nl: get(nl, 'short') },
    ...nlLines.map((line, i) => ({ label: `store.long:${i + 1}`, en: enLines[i] ?? '', nl: line })),
  ];
}

/** Where the English says "holds" of a field or a package (it contains), not of money. */
const CONTAINS = new Set([
  'local.secrets',
  'local.atMostItems',
  'local.atLeastItems',
  'share.files.tooMany',
  'share.package.tooManyFiles',
]);

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

const APPROVAL = /approv/i;
const SIGN_OFF = /\bsign(?:s|ed|ing)?(?:[- ]offs?| it off| them off)\b/i;

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, nl, not, everywhere, skip } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const dutch = wordsOf(pair.nl);
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
  for (const { label, nl } of pairs)
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
  for (const { label, nl } of pairs) {
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
    const exam = all.filter((p) => p.label !== 'result.checkPassed' && word('geslaagd').test(p.nl));
    expect(exam.map((p) => p.label)).toEqual([]);
  });

  it('bevestigen is the sign-off alone: a confirm elsewhere says what to choose', () => {
    const elsewhere = all.filter((p) => /bevestig/i.test(p.nl) && !/sign/i.test(p.en));
    expect(elsewhere.map((p) => `${p.label}: ${p.nl}`)).toEqual([]);
  });
});

describe('Dutch: no English left', () => {
  it('neither the panel’s English call kinds and statuses nor its common words', () => {
    expect(englishKinds.length).toBeGreaterThan(5);
    expect(englishLeft(all, englishKinds)).toEqual([]);
  });
});
