/**
 * Brazilian Portuguese, read again in full: the kinds of slip that reading fixed in the panel's words and the
 * store listing, held so they cannot come back. Brazilian only (você, never tu; no word of Portugal's); one
 * term per concept wherever English names it, in the panel and the listing alike, with approval (a paid step,
 * on the site) and sign-off (findings and drafts) in different words; a call's statuses in the words of a
 * call, not of an exam; no English or code names left; zero counted in the plural, as Brazil counts it; no
 * adjective that has to agree with a switch's name, which may be feminine or a verb.
 *
 * The files are read with @wxt-dev/i18n's loader (through ./pairs, as the other languages' slip tests read
 * them); each line of the long listing is held against the English line it translates (the two files keep the
 * same lines).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { type Forms, messages, type Pair, panelPairs, storePairs, word, wordsOf } from './pairs';

/** Portugal's forms where Brazil has its own, and tu where the member is você throughout. */
const PORTUGAL_ONLY: readonly [RegExp, string][] = [
  [word('tu|teu|tua|teus|tuas|contigo|ti|vós|vosso|vossa'), 'tu or vós: the member is você'],
  [word('ecrã|ecrãs'), 'screen: tela'],
  [word('ficheiros?'), 'file: arquivo'],
  [word('utilizador(?:es|as?)?|utilizar'), 'user: usuário'],
  [word('registos?'), 'log, record: registro'],
  [word('telemóvel|telemóveis'), 'phone: celular'],
  [word('prim[ae]|premir|carregue em|carregar em'), 'press: pressionar, clicar'],
  [word('transferir|transferência|transferências|transfira'), 'download: baixar, download'],
  [word('definições'), 'settings: configurações'],
  [word('aceder|acede|acedido'), 'reach: acessar'],
  [word('equipa|contacto|contactos|facto|actual|acção|óptimo'), 'a spelling or word of Portugal'],
  [word('palavra-passe|palavras-passe'), 'password: senha'],
  [
    /(?<!\p{L})(?:estou|está|estão|estamos|continua|continuam|fica|ficam) a \p{L}+[aei]r(?!\p{L})/iu,
    'a + infinitive: use the gerund',
  ],
];

function regionalSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: pt } of pairs)
    for (const [pattern, why] of PORTUGAL_ONLY) if (pattern.test(wordsOf(pt))) out.push(`${label}: ${why}`);
  return out;
}

const APPROVAL_EN = /approv/i;
const SIGN_OFF_EN = /\bsign(?:s|ed)?(?:[- ]offs?| it off| them off)\b/i;
const APPROVAL_PT = /aprov/i;
const SIGN_OFF_PT = /valid/i;

/**
 * One term per concept: where the English says it, the Portuguese says the chosen term, and not a word refused
 * for it. Approval and sign-off refuse each other's words (the listing's "Approvals, sign-offs and switches"
 * names both, and says both).
 */
const CONCEPTS: readonly { name: string; en: RegExp; pt: RegExp; not?: RegExp; both?: RegExp }[] = [
  { name: 'approval', en: APPROVAL_EN, pt: APPROVAL_PT, not: SIGN_OFF_PT, both: SIGN_OFF_EN },
  { name: 'sign-off', en: SIGN_OFF_EN, pt: SIGN_OFF_PT, not: /aprov|confirm|assin/i, both: APPROVAL_EN },
  {
    name: 'hold',
    en: /\b(?:holds? up to|held|its hold|hold (?:and|or) charge|what it holds|limit it (?:holds|may hold)|can hold)\b/i,
    pt: /reserv/i,
    not: /ret(?:id[oa]s?|ém|er|enção)|bloque/i,
  },
  { name: 'charge', en: /\bcharg/i, pt: /cobr/i, not: /debit|débit|descont/i },
  { name: 'top up', en: /\btop up\b/i, pt: /recarreg/i },
  { name: 'limit', en: /\blimits?\b/i, pt: /limite/i },
  { name: 'credits', en: /\bcredits\b/i, pt: /crédito/i },
  { name: 'finding', en: /\bfindings?\b/i, pt: /descobert/i },
  { name: 'session', en: /\bsessions?\b/i, pt: /sess[ãõ]/i },
  { name: 'call', en: /\bcalls?\b/i, pt: /chamad/i },
  { name: 'request', en: /\brequests?\b/i, pt: /solicita/i, not: word('pedidos?') },
  { name: 'preview', en: /\bpreview/i, pt: /prévia/i, not: /visualiz/i },
  { name: 'report', en: /\breport/i, pt: /relat|relato/i, not: word('inform(?:ar|e|a|ou|ando)') },
  { name: 'switch', en: /\bswitch(?:es)?\b(?! (?:it|them) on)/i, pt: /opç/i, not: word('chaves?') },
  { name: 'switched off', en: /\bswitched off\b/i, pt: /desativad/i, not: /deslig/i },
  { name: 'expire', en: /\b(?:expire[sd]?|ran out|runs out)\b/i, pt: /expir/i, not: /venc/i },
  { name: 'status', en: /\bstatus\b/i, pt: /situaç/i, not: word('status') },
  { name: 'declined', en: /\bdeclined?\b/i, pt: /recus/i, not: /rejeit/i },
];

/**
 * Where the English word is not the concept: "Call {agent}" is the verb; "Finding…" is the search running; a
 * "read status" is our code's word, said plainly ("um resultado da leitura da sua solicitação").
 */
const NOT_THE_CONCEPT: Readonly<Record<string, readonly string[]>> = {
  call: ['preview.heading'],
  finding: ['find.finding', 'find.findingAgents'],
  status: ['session.unknownWhat.readStatus'],
};

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, pt, not, both } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const portuguese = wordsOf(pair.text);
      if (!en.test(english) || NOT_THE_CONCEPT[name]?.includes(pair.label)) continue;
      if (!pt.test(portuguese)) out.push(`${pair.label}: ${name} is not said ${pt}`);
      if (not?.test(portuguese) && !both?.test(english)) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  return out;
}

/** The statuses of a call, in the words of a call: "Passou" is an exam's, "Falhou" a verb among adjectives. */
const CALL_STATUS = { inProgress: 'Em andamento', passed: 'Bem-sucedida', failed: 'Com falha', returned: 'Estornada' };

/** Loanwords Brazil writes as they are, and names: English words that may stand in a Portuguese value. */
const LOANWORDS = new Set(
  (
    'site sites web link links download downloads offline menu script macro token tokens s sk- ' +
    'agent connection ai-agent api json csv http https mb kb enter shift tab esc ctrl home end ' +
    'github gitlab slack google stripe aws firefox authorization localhost gpc sk abc-defg-hjkl v1'
  ).split(' '),
);

/** Portuguese words that English also writes ("no", "do", "as", "total"…): not English left. */
const SHARED_WORDS = new Set('a as do no o e total item data use'.split(' '));

/**
 * English left in a value: any word of the English files (its call kinds among them: "Plan or work",
 * "Question", "Starting files") that is not a loanword or a Portuguese word too, and any code name
 * (camelCase, snake_case).
 */
function englishLeft(pairs: readonly Pair[], englishWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const { label, text: pt } of pairs) {
    const text = wordsOf(pt);
    const words = text.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? [];
    const left = words.filter((w) => {
      const lower = w.toLowerCase();
      return englishWords.has(lower) && !LOANWORDS.has(lower) && !SHARED_WORDS.has(lower);
    });
    if (left.length > 0) out.push(`${label}: English left (${left.join(', ')})`);
    const code = text.match(/\b[a-z]{2,}[A-Z]\w*|\b[a-z]+_[a-z]\w*/g);
    if (code) out.push(`${label}: a code name (${code.join(', ')})`);
  }
  return out;
}

function englishWordsOf(pairs: readonly Pair[]): Set<string> {
  return new Set(
    pairs.flatMap(
      (p) =>
        wordsOf(p.en)
          .toLowerCase()
          .match(/[a-z][a-z'’-]*/g) ?? [],
    ),
  );
}

/**
 * Zero in the plural, as Brazil counts it ("0 minutos", "0 itens", never "0 minuto"): a plural's 0 form is its
 * n form, or says "nenhum" without the count.
 */
function zeroSlips(pt: Forms): string[] {
  const out: string[] = [];
  for (const [key, forms] of pt) {
    // Only a plural has forms other than '' (a simple message's one text).
    const zero = forms['0'];
    if ('' in forms || zero === undefined) continue;
    if (/(?<!\$)\$1/.test(zero) && zero !== forms.n) out.push(`${key}: 0 counted in the singular (${zero})`);
  }
  return out;
}

/**
 * A switch's name is a verb ("Enviar arquivos com as chamadas") or feminine ("Uma opção", "A opção “…”"): no
 * message may put an adjective or a participle after it that would have to agree.
 */
function switchAgreementSlips(pt: Forms): string[] {
  const out: string[] = [];
  for (const [key, forms] of pt)
    for (const form of Object.values(forms))
      if (/\{switch\}\s+(?:está|estão|foi|é|fica)(?!\p{L})/u.test(form)) out.push(`${key}: {switch} as the subject`);
  return out;
}

let en: Forms;
let pt: Forms;
let panel: Pair[];
let store: Pair[];

const text = (key: string, form = ''): string => pt.get(key)?.[form] ?? '';

beforeAll(async () => {
  en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  pt = await messages(path.join(LOCALES_DIR, 'pt_BR.yml'));
  panel = panelPairs(en, pt);
  // The listing's lines translate the English ones in order, so each is held against its own.
  store = storePairs(
    await messages(path.join(LOCALES_DIR, 'store', 'en.yml')),
    await messages(path.join(LOCALES_DIR, 'store', 'pt_BR.yml')),
  );
});

describe('Brazilian Portuguese: Brazil’s only', () => {
  it('no tu, no word of Portugal’s, in the panel or the store listing', () => {
    expect(regionalSlips([...panel, ...store])).toEqual([]);
  });

  it('the top of both files says which Portuguese it is and which terms it keeps', async () => {
    for (const file of ['pt_BR.yml', path.join('store', 'pt_BR.yml')]) {
      const head = (await readFile(path.join(LOCALES_DIR, file), 'utf8')).split('\n').slice(0, 8).join('\n');
      expect(head).toMatch(/^#.*português do Brasil/im);
      expect(head).toMatch(/^#.*validação/m);
    }
  });

  it('zero is counted in the plural', () => {
    expect(zeroSlips(pt)).toEqual([]);
  });
});

describe('Brazilian Portuguese: one term per concept', () => {
  it('where English names a concept, the chosen term says it, in the panel and the store listing', () => {
    expect(conceptSlips([...panel, ...store])).toEqual([]);
  });

  it('approval and sign-off are two words, the listing’s included', () => {
    expect(text('approval.approve')).toBe('Aprovar no site');
    expect(text('findings.signOff')).toBe('Validar no site');
    expect(store.map((p) => p.text).join('\n')).toMatch(/Aprovações, validações e opções ficam no seu site/);
  });

  it('a call’s statuses are a call’s, the same words wherever the status is shown', () => {
    for (const [status, said] of Object.entries(CALL_STATUS)) expect(text(`words.callStatus.${status}`)).toBe(said);
    expect(text('notify.passedCharged')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.passedFree')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.failedFree')).toMatch(new RegExp(`^${CALL_STATUS.failed} · `));
    expect(text('history.callStatus.failed')).toBe(`${CALL_STATUS.failed} ou ${CALL_STATUS.returned.toLowerCase()}`);
    // Where English says a status ("Passed", "Failed", "passed:"), no exam's pass and no bare verb.
    const exam = [...panel, ...store]
      .filter((p) => /\bPassed\b|\bFailed\b|\bpassed: |\bmissed: /.test(p.en))
      .filter((p) => /pass(?:ou|aram|ar)|falhou/i.test(p.text))
      .map((p) => p.label);
    expect(exam).toEqual([]);
  });

  it('no adjective agrees with a switch’s name', () => {
    expect(switchAgreementSlips(pt)).toEqual([]);
  });

  it('no English left, and none of our code’s names', () => {
    const all = [...panel, ...store];
    expect(englishLeft(all, englishWordsOf(all))).toEqual([]);
  });
});

describe('the Brazilian Portuguese rules', () => {
  it('catch each kind of slip the first file had', () => {
    const sample = (label: string, pt: string, enText = ''): Pair => ({ label, en: enText, text: pt });
    expect(regionalSlips([sample('a', 'Guarda o ficheiro no teu ecrã.'), sample('b', 'Está a carregar…')])).toEqual([
      'a: tu or vós: the member is você',
      'a: screen: tela',
      'a: file: arquivo',
      'b: a + infinitive: use the gerund',
    ]);
    expect(
      conceptSlips([
        sample('store', 'Leia descobertas que aguardam a sua aprovação.', 'Read findings waiting for your sign-off.'),
        sample('held', 'até {amount} retido', 'up to {amount} held'),
        sample('fits', 'se o pedido combina', 'whether the request fits'),
        sample('open', 'Informar: isto não ajudou', 'Report: this did not help'),
        sample('status', 'Todos os status', 'Every status'),
      ]),
    ).toEqual([
      'store: sign-off is not said /valid/i',
      'store: sign-off said another way (/aprov|confirm|assin/i)',
      'held: hold is not said /reserv/i',
      'held: hold said another way (/ret(?:id[oa]s?|ém|er|enção)|bloque/i)',
      'fits: request is not said /solicita/i',
      'fits: request said another way (/(?<!\\p{L})(?:pedidos?)(?!\\p{L})/iu)',
      'open: report is not said /relat|relato/i',
      'open: report said another way (/(?<!\\p{L})(?:inform(?:ar|e|a|ou|ando))(?!\\p{L})/iu)',
      'status: status is not said /situaç/i',
      'status: status said another way (/(?<!\\p{L})(?:status)(?!\\p{L})/iu)',
    ]);
    expect(
      englishLeft([sample('kind', 'Plan or work: keepFindings')], new Set(['plan', 'or', 'work', 'keepfindings'])),
    ).toEqual(['kind: English left (Plan, or, work, keepFindings)', 'kind: a code name (keepFindings)']);
    const zero: Forms = new Map([['m', { '0': '$1 minuto', '1': '1 minuto', n: '$1 minutos' }]]);
    expect(zeroSlips(zero)).toEqual(['m: 0 counted in the singular ($1 minuto)']);
    const off: Forms = new Map([['s', { '': '{switch} está desativado.' }]]);
    expect(switchAgreementSlips(off)).toEqual(['s: {switch} as the subject']);
  });
});
