/**
 * Italian, read again in full (the member is «tu» and quotations are «…», as the top of locales/it.yml says):
 * the kinds of slip that reading fixed in the panel's words and the store listing, held so they cannot come
 * back. One register; one term per concept wherever English names it, with approval (a paid step, on the site)
 * and sign-off (findings) in different words; a call's statuses in the words of a call, not of an exam (never
 * «Superata») and a returned charge refunded; amounts after a participle that agrees with them («addebitati
 * 2,50 $»); the words an unknown value is named by agreeing with «sconosciuto»; a button, tab or menu item
 * quoted as it reads; no English and none of our code's words left.
 *
 * The files are read with @wxt-dev/i18n's parser, as locales.test.ts reads them; SLIPS_IT_MESSAGES and
 * SLIPS_IT_STORE point the test at another copy of the two files (how each assertion was seen to fail on the
 * files it was written against). Each long line of the listing is held against the English line it translates.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { type Forms, messages, type Pair, panelPairs, storePairs, word, wordsOf } from './pairs';

const PANEL_FILE = process.env.SLIPS_IT_MESSAGES ?? path.join(LOCALES_DIR, 'it.yml');
const STORE_FILE = process.env.SLIPS_IT_STORE ?? path.join(LOCALES_DIR, 'store', 'it.yml');

type Messages = Forms;

/**
 * The formal «Lei» where the file says «tu»: its pronouns (capitalised, as Lei is written) and the imperatives
 * of verbs in -ere and -ire, which «tu» says otherwise (an -are verb's «Lei» imperative is also «tu»'s
 * present: «se non la convalidi»).
 */
const LEI = [
  word('Lei|Suo|Sua|Suoi|Sue|La preghiamo', 'u'),
  word(
    'inserisca|scelga|prema|attenda|faccia|apra|chiuda|scriva|rimuova|tolga|consenta|legga|metta|' +
      'riconnetta|connetta|disconnetta|aggiunga|segua|sia cortese',
  ),
  word('voi|vostr[oaie]'),
];

function registerSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: itText } of pairs)
    if (LEI.some((p) => p.test(wordsOf(itText)))) out.push(`${label}: not «tu»`);
  return out;
}

/** Quotation marks: «…» only, opened and closed in order, at least one pair where English quotes; ’ only. */
function quoteSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, en, text: itText } of pairs) {
    if (/[“”„‟"‘‚]/.test(itText)) out.push(`${label}: a quotation mark other than «…»`);
    if (/'/.test(itText)) out.push(`${label}: a straight apostrophe (’ is the file’s)`);
    if (!/^[^«»]*(«[^«»]*»[^«»]*)*$/.test(itText)) out.push(`${label}: «…» not opened and closed in order`);
    const english = [...en.matchAll(/“/g)].length;
    const italian = [...itText.matchAll(/«/g)].length;
    if (italian < english) out.push(`${label}: ${italian} «…» where English quotes ${english}`);
  }
  return out;
}

const SIGN_OFF_EN = /\bsign(?:s|ed)?(?:[- ]offs?| it off| them off)\b/i;

/**
 * One term per concept: where the English says it, the Italian says the chosen term, and not a word refused
 * for it (those words may mean something else elsewhere: «tetto» is the site's own ceiling, a «controllo» is
 * not a sign-off). Approval and sign-off refuse each other's words.
 */
const CONCEPTS: readonly { name: string; en: RegExp; it: RegExp; not?: RegExp }[] = [
  { name: 'approval', en: /approv/i, it: /approv/i, not: /convalid/i },
  { name: 'sign-off', en: SIGN_OFF_EN, it: /convalid/i, not: /approv|conferm/i },
  { name: 'top-up', en: /\btop up\b/i, it: /ricaric/i },
  {
    name: 'hold',
    en: /\b(?:holds? up to|held|its hold|hold (?:and|or) charge|what it holds|limit it holds)\b/i,
    it: /tratten|trattien/i,
    not: /blocc|riserv|congel|prenot/i,
  },
  { name: 'charge', en: /\bcharg/i, it: /addebit/i, not: word('pagat[oaie]|fatturat[oaie]|cobr\\p{L}*') },
  { name: 'refund', en: /\breturned\b|\bwent back\b/i, it: /rimbors/i, not: /restituit|stornat/i },
  { name: 'limit', en: /\blimit/i, it: /limit/i },
  { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, it: /scopert/i },
  { name: 'session', en: /\bsessions?\b/i, it: /session/i },
  { name: 'call', en: /\bcalls?\b/i, it: /chiam/i, not: /invocaz/i },
  { name: 'report', en: /\breport/i, it: /segnal/i, not: word('rapport[oi]|report') },
  { name: 'preview', en: /\bpreview/i, it: /anteprim/i },
  { name: 'expire', en: /\b(?:expire[sd]?|ran out|runs out)\b/i, it: /scad/i, not: /expir|esaur/i },
  { name: 'switch', en: /\bswitch(?:es)?\b(?! (?:it|them) on)/i, it: /interruttor/i },
  { name: 'switched off', en: /\bswitched off\b/i, it: /disattivat/i },
  { name: 'switch on', en: /\bswitch (?:it|them) on\b/i, it: /attiv/i },
  { name: 'disconnect', en: /\bdisconnect/i, it: /disconne(?:tt|ss)/i },
  {
    name: 'make the plan',
    en: /\bmak(?:e|es|ing) (?:a|the) plan\b|\bplan has been made\b|\bit is made once\b/i,
    it: /cre(?:a|are|ato|azione)(?!\p{L})/iu,
    not: word('prepar\\p{L}*|fatt[oa]'),
  },
  { name: 'this many', en: /\bthis many\b/i, it: /questo numero di/i },
  { name: 'outdated', en: /\boutdated\b/i, it: /obsolet/i, not: /superat/i },
  // The people whose findings joined an agent, not the API's "contributors".
  { name: 'contributors', en: /\bcontributors?\b/i, it: /contribuit/i, not: /contributor/i },
];

/** Where the English word is not the concept: "Call {agent}" is the verb; "Finding…" is the search running. */
const NOT_THE_CONCEPT: Readonly<Record<string, readonly string[]>> = {
  call: ['preview.heading'],
  finding: ['find.finding', 'find.findingAgents'],
};

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, it: term, not } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const italian = wordsOf(pair.text);
      if (!en.test(english) || NOT_THE_CONCEPT[name]?.includes(pair.label)) continue;
      if (!term.test(italian)) out.push(`${pair.label}: ${name} is not said ${term}`);
      // The listing's "Approvals, sign-offs and switches" names both.
      const both = /approv/i.test(english) && SIGN_OFF_EN.test(english);
      if (not?.test(italian) && !both) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  return out;
}

/**
 * Words the file does not use: «tenere» for what is kept (conservare is; «tenere il pulsante in vista» is
 * another verb), our code's «membro» for the member (who is «tu»).
 */
const KEEP_IN_VIEW = ['welcome.buttonFirefox', 'welcome.buttonChrome'];

function wordSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: itText } of pairs) {
    const italian = wordsOf(itText);
    if (!KEEP_IN_VIEW.includes(label) && word('tenut[oaie]|tenere|tiene|tengono').test(italian))
      out.push(`${label}: kept is «conservare»`);
    if (word('membr[oi]').test(italian)) out.push(`${label}: «membro» is our code’s word`);
  }
  return out;
}

/**
 * An amount after a participle agrees with the dollars it counts («addebitati 2,50 $», «fino a 2,50 $
 * trattenuti»), the same in every line that shows one.
 */
function amountSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  const singular = /(?:addebitat|trattenut)[oa] \{|\{[A-Za-z]+\} (?:addebitat|trattenut)[oa](?!\p{L})/u;
  for (const { label, text: itText } of pairs)
    if (singular.test(itText)) out.push(`${label}: the participle does not agree`);
  return out;
}

/** The words an unknown value is named by fill «{what} sconosciuto…»: each is masculine and singular. */
function unknownWhatSlips(itPanel: Messages): string[] {
  const out: string[] = [];
  for (const [key, forms] of itPanel) {
    if (!/^(?:session\.unknownWhat|findingWords\.unknownWhat)\.|^session\.shortCheck\.unknownReason$/.test(key))
      continue;
    const text = forms[''] ?? '';
    if (!/^(?:Un|Uno) (?!\p{L}*[’'])/iu.test(text)) out.push(`${key}: «${text}» does not agree with «sconosciuto»`);
  }
  return out;
}

/** A count that may be 0 or 1 is never the subject of a plural verb: «Verranno inviati 1 di 1 file». */
function countSubjectSlips(itPanel: Messages): string[] {
  const out: string[] = [];
  for (const [key, forms] of itPanel)
    for (const [form, text] of Object.entries(forms))
      if (/(?:verranno|saranno|sono)\s+\p{L}+\s+\{going\}/iu.test(text)) out.push(`${key}[${form}]: «${text}»`);
  return out;
}

/** The statuses of a call, in the words of a call: an exam is «superato», a call is not. */
const CALL_STATUS = { inProgress: 'In corso', passed: 'Riuscita', failed: 'Non riuscita', returned: 'Rimborsata' };

/** Where «superato» is right: a check on a result is passed or missed. */
const CHECK_WORDS = ['result.checkPassed', 'result.checkMissed'];

/** A message that names a button, tab or option quotes it as that label reads (`{agent}` read "this agent"). */
const QUOTED_LABELS: readonly [message: string, label: string, fill?: Record<string, string>][] = [
  ['sessions.empty', 'preview.kindSession'],
  ['sessions.intro', 'preview.kindSession'],
  ['welcome.step3', 'connect.connect'],
  ['refusal.findingsOff', 'fit.askAnyway', { agent: 'preview.thisAgent' }],
  ['attach.drop', 'attach.choose'],
  ['keys.arrowWhat', 'app.tab.more'],
  ['notify.summary.waiting', 'app.tab.findings'],
  ['calls.empty', 'app.tab.find'],
];

/** The menu item, its selection written "…", as the hints and the store listing quote it. */
const MENU_QUOTED = ['find.selectHint', 'find.selectHintKey', 'calls.empty'];

function quotedLabelSlips(itPanel: Messages, itListing: Messages): string[] {
  const out: string[] = [];
  const text = (key: string) => itPanel.get(key)?.[''] ?? '';
  const quoted = (value: string) => [...value.matchAll(/«([^»]*)»/g)].map((m) => m[1]);
  for (const [message, label, fill = {}] of QUOTED_LABELS) {
    let reads = text(label);
    for (const [name, key] of Object.entries(fill)) reads = reads.replace(`{${name}}`, text(key));
    if (!quoted(text(message)).includes(reads))
      out.push(`${message}: does not quote ${label} as it reads («${reads}»)`);
  }
  const menu = text('background.menu').replace('«%s»', '…');
  for (const value of [...MENU_QUOTED.map(text), itListing.get('long')?.[''] ?? ''])
    if (!quoted(value).includes(menu)) out.push(`${value.slice(0, 40)}…: does not quote the menu item («${menu}»)`);
  // "spend at most" is quoted as the field's label begins.
  for (const message of ['errors.overMax', 'refusal.overMax']) {
    const q = quoted(text(message))[0] ?? '';
    if (q === '' || !text('preview.maxLabel').startsWith(q)) out.push(`${message}: not the field’s label`);
  }
  return out;
}

/** The panel's English names of call kinds, states and statuses, which must never stand in an Italian message. */
function englishNames(en: Messages): string[] {
  const names = [...en]
    .filter(([key]) =>
      /^(words\.callStatus|words\.callState|callKind|history\.callStatus|preview\.kind(?:Question|Apply|Session)$)/.test(
        key,
      ),
    )
    .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
    .filter((name) => /\p{L}{3}/u.test(name));
  return [...new Set(names)];
}

function englishLeft(pairs: readonly Pair[], names: readonly string[]): string[] {
  const out: string[] = [];
  const common = word(
    'the|and|your|with|call|calls|approval|sign-off|signed off|findings?|charged|held|passed|failed|refunded|' +
      'running|sessions?|preview|top up|host|update|please',
  );
  for (const { label, text: itText } of pairs) {
    const italian = wordsOf(itText);
    for (const name of names)
      if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(italian)) out.push(`${label}: “${name}”`);
    if (common.test(italian)) out.push(`${label}: an English word`);
  }
  return out;
}

let en: Messages;
let itPanel: Messages;
let enStore: Messages;
let itStore: Messages;
let panel: Pair[];
let store: Pair[];

const text = (key: string, form = ''): string => itPanel.get(key)?.[form] ?? '';

beforeAll(async () => {
  en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  itPanel = await messages(PANEL_FILE);
  enStore = await messages(path.join(LOCALES_DIR, 'store', 'en.yml'));
  itStore = await messages(STORE_FILE);
  panel = panelPairs(en, itPanel);
  // The listing's lines translate the English ones in order, so each is held against its own.
  expect((itStore.get('long')?.[''] ?? '').split('\n')).toHaveLength(
    (enStore.get('long')?.[''] ?? '').split('\n').length,
  );
  store = storePairs(enStore, itStore);
});

describe('Italian: one register, one way of quoting', () => {
  it('«tu» throughout, in the panel and the store listing', () => {
    expect(registerSlips([...panel, ...store])).toEqual([]);
  });

  it('«…» for every quotation and ’ for every apostrophe', () => {
    expect(quoteSlips([...panel, ...store])).toEqual([]);
  });

  it('the top of both files says so', async () => {
    for (const file of [PANEL_FILE, STORE_FILE]) {
      const head = (await readFile(file, 'utf8')).split('\n').slice(0, 8).join('\n');
      expect(head).toMatch(/^#.*«tu».*«…»/m);
    }
  });

  it('a button, tab, option or menu item is quoted as it reads, and the browser’s own as Firefox names them', () => {
    expect(quotedLabelSlips(itPanel, itStore)).toEqual([]);
    expect(text('welcome.buttonFirefox')).toContain('«Aggiungi alla barra degli strumenti»');
    expect(text('options.shortcut.firefox')).toContain('«Gestisci scorciatoie da tastiera»');
  });
});

describe('Italian: one term per concept', () => {
  it('where English names a concept, the chosen term says it, in the panel and the store listing', () => {
    expect(conceptSlips([...panel, ...store])).toEqual([]);
  });

  it('what is kept is «conservato», and the member is never «membro»', () => {
    expect(wordSlips([...panel, ...store])).toEqual([]);
  });

  it('a call’s statuses are a call’s, the same word wherever the status is shown', () => {
    for (const [status, name] of Object.entries(CALL_STATUS)) expect(text(`words.callStatus.${status}`)).toBe(name);
    expect(text('notify.passedCharged')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.passedFree')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.failedFree')).toMatch(new RegExp(`^${CALL_STATUS.failed} · `));
    expect(text('history.callStatus.failed')).toBe(`${CALL_STATUS.failed} o ${CALL_STATUS.returned.toLowerCase()}`);
    const exam = [...panel, ...store]
      .filter((p) => !CHECK_WORDS.includes(p.label) && /superat/i.test(p.text))
      .map((p) => p.label);
    expect(exam).toEqual([]);
  });

  it('no English left: neither the panel’s English call kinds and statuses nor its common words', () => {
    expect(englishLeft([...panel, ...store], englishNames(en))).toEqual([]);
  });
});

describe('Italian: agreement', () => {
  it('a participle before or after an amount agrees with the dollars', () => {
    expect(amountSlips([...panel, ...store])).toEqual([]);
    expect(text('result.lineCharged')).toBe('addebitati {amount}');
  });

  it('an unknown value is named by masculine words, as «{what} sconosciuto» wants', () => {
    expect(text('words.unknownValue')).toMatch(/^\{what\} sconosciuto /);
    expect(unknownWhatSlips(itPanel)).toEqual([]);
  });

  it('a count of files that may be 1 is not the subject of a plural verb', () => {
    expect(countSubjectSlips(itPanel)).toEqual([]);
  });
});

describe('the Italian rules', () => {
  it('catch each kind of slip the first Italian file had', () => {
    const sample = (label: string, italian: string, english = ''): Pair => ({ label, en: english, text: italian });
    expect(
      registerSlips([
        sample('a', 'Inserisca l’indirizzo del sito.'),
        sample('b', 'La Sua chiave resta qui.'),
        sample('c', 'Se non la convalidi sul sito, scade.'),
      ]),
    ).toEqual(['a: not «tu»', 'b: not «tu»']);
    expect(
      quoteSlips([
        sample('a', 'Il sito ha detto: “{message}”', 'The site said: “{message}”'),
        sample('b', "Apri l'anteprima"),
        sample('c', 'Scegli «Trova agenti IA per …'),
      ]),
    ).toEqual([
      'a: a quotation mark other than «…»',
      'a: 0 «…» where English quotes 1',
      'b: a straight apostrophe (’ is the file’s)',
      'c: «…» not opened and closed in order',
    ]);
    expect(
      conceptSlips([
        sample(
          'store',
          'Leggi le scoperte in attesa della tua approvazione.',
          'Read findings waiting for your sign-off.',
        ),
        sample('status', 'Superata', 'Returned'),
        sample('tooLarge', 'Supera la dimensione massima del sito.', 'This is over the site’s size limit.'),
        sample('make', 'Prepara il piano · trattiene fino a {limit}', 'Make the plan · holds up to {limit}'),
        sample('days', 'Avvisami questi giorni prima', 'Remind me this many days before'),
        sample('kind', 'È superato', 'It is outdated'),
        sample('count', '$1 contributori', '$1 contributors'),
      ]),
    ).toEqual([
      'store: sign-off is not said /convalid/i',
      'store: sign-off said another way (/approv|conferm/i)',
      'status: refund is not said /rimbors/i',
      'tooLarge: limit is not said /limit/i',
      'make: make the plan is not said /cre(?:a|are|ato|azione)(?!\\p{L})/iu',
      'make: make the plan said another way (/(?<!\\p{L})(?:prepar\\p{L}*|fatt[oa])(?!\\p{L})/iu)',
      'days: this many is not said /questo numero di/i',
      'kind: outdated is not said /obsolet/i',
      'kind: outdated said another way (/superat/i)',
      'count: contributors is not said /contribuit/i',
      'count: contributors said another way (/contributor/i)',
    ]);
    expect(
      wordSlips([
        sample('a', 'ciò che trova viene tenuto come scoperte'),
        sample('b', 'la scelta spetta al membro'),
        sample('welcome.buttonChrome', 'Per tenere il pulsante in vista'),
      ]),
    ).toEqual(['a: kept is «conservare»', 'b: «membro» is our code’s word']);
    expect(
      amountSlips([
        sample('a', 'Con {agent}: {status}, {calls}, addebitato {charged}.'),
        sample('b', 'fino a {amount} trattenuto'),
        sample('c', 'addebitati {amount}'),
      ]),
    ).toEqual(['a: the participle does not agree', 'b: the participle does not agree']);
    const broken: Messages = new Map<string, Record<string, string>>([
      ['session.unknownWhat.source', { '': 'Un’origine' }],
      ['findingWords.unknownWhat.kind', { '': 'Una categoria' }],
      ['session.unknownWhat.way', { '': 'Un modo' }],
      ['attach.going', { '1': 'Verranno inviati {going} di 1 file.', n: 'Da inviare: {going} file su $1.' }],
    ]);
    expect(unknownWhatSlips(broken)).toEqual([
      'session.unknownWhat.source: «Un’origine» does not agree with «sconosciuto»',
      'findingWords.unknownWhat.kind: «Una categoria» does not agree with «sconosciuto»',
    ]);
    expect(countSubjectSlips(broken)).toEqual(['attach.going[1]: «Verranno inviati {going} di 1 file.»']);
    expect(englishLeft([sample('line', 'Passed · addebitati {amount}')], ['Passed'])).toEqual([
      'line: “Passed”',
      'line: an English word',
    ]);
    expect(englishLeft([sample('host', 'Il suo host l’ha rifiutato')], [])).toEqual(['host: an English word']);
  });
});
