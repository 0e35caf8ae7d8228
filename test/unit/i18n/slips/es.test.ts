/**
 * Spanish, read again in full (neutral Latin-American Spanish, as the top of locales/es.yml says): the kinds of
 * slip that reading fixed in the panel's words and the store listing, held so they cannot come back. One
 * regional variant (no vosotros, no Spain-only words); one term per concept wherever English names it, with
 * approval (a paid step, on the site) and sign-off (findings) in different words; a call's statuses in the
 * words of a call, not of an exam; no English left; amounts written as the member's dollars are.
 *
 * The files are read with the repo's YAML loader (@wxt-dev/i18n's parser, through ./pairs, as the other
 * languages' slip tests read them); each long line of the listing is held against the English line it
 * translates (the two files keep the same lines).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { dollarsToCents } from '@/lib/format/money';
import { LOCALES_DIR } from '@/testing/messages';
import { type Forms, messages, type Pair, panelPairs, storePairs, word, wordsOf } from './pairs';

/** Spain's forms where neutral Latin-American Spanish has its own, and why each is refused. */
const SPAIN_ONLY: readonly [RegExp, string][] = [
  [word('vosotros|vosotras|vuestr[oa]s?|os'), 'vosotros (Latin America says ustedes)'],
  [/\p{L}(?:áis|éis)(?!\p{L})/u, 'a vosotros verb (habéis, podéis…)'],
  [word('ordenador(?:es)?|equipo'), 'computer: computadora'],
  [word('puls(?:a|ar|e|en|ando)'), 'press: presionar'],
  [/añad|añád/iu, 'add: agregar'],
  [word('coste'), 'cost: costo'],
  [word('importe'), 'amount: monto'],
  [/mes natural/iu, 'calendar month: mes calendario'],
  [word('ajustes'), 'settings: configuración'],
  [word('puzle'), 'puzzle: rompecabezas'],
  [word('Intro', 'u'), 'the key is Enter'],
  [/cabecera/iu, 'header: encabezado'],
  [/introd[uú]c/iu, 'enter (text): escribir'],
  [word('fichero|móvil|vale|coger|plegar'), 'a Spain-only word'],
  [word('a fecha de'), 'as of: al'],
  [word('usted'), 'the member is tú throughout'],
];

function regionalSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: es } of pairs)
    for (const [pattern, why] of SPAIN_ONLY) if (pattern.test(wordsOf(es))) out.push(`${label}: ${why}`);
  return out;
}

/**
 * One term per concept: where the English says it, the Spanish says the chosen term, and not a word refused
 * for it (those words may mean something else elsewhere: «bloqueadas», «cargada»). Approval and sign-off
 * refuse each other's words.
 */
const CONCEPTS: readonly { name: string; en: RegExp; es: RegExp; not?: RegExp }[] = [
  { name: 'approval', en: /approv/i, es: /aprob|aprueb|apruéb/i, not: /autoriza/i },
  {
    name: 'sign-off',
    en: /\bsign(?:s|ed)?(?:[- ]offs?| it off| them off)\b/i,
    es: /vistos? buenos?/i,
    not: /confirmaci|firm[ae]/i,
  },
  { name: 'top-up', en: /\btop up\b/i, es: /recarg/i, not: /\babon[aeo]/i },
  {
    name: 'hold',
    en: /\b(?:holds? up to|held|its hold|hold (?:and|or) charge|what it holds|limit it holds)\b/i,
    es: /ret(?:en|ien|uv)/i,
    not: /bloque[ao]|reserv[ao]|congel/i,
  },
  { name: 'charge', en: /\bcharg/i, es: /cobr/i, not: word('cargos?|cargad[oa]s?|factur\\p{L}*') },
  { name: 'limit', en: /\blimit/i, es: /límite/i },
  { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, es: /hallazgo/i, not: /descubrimiento/i },
  { name: 'session', en: /\bsessions?\b/i, es: /sesi[oó]n/i },
  { name: 'call', en: /\bcalls?\b/i, es: /llamad/i, not: /invocaci/i },
  { name: 'report', en: /\breport/i, es: /rep[oó]rt/i, not: word('inform(?:e|es|ar|a|ó|o)|infórm\\p{L}*') },
  { name: 'expire', en: /\b(?:expire[sd]?|ran out|runs out)\b/i, es: /caduc|caduq/i, not: /venc[eií]|expir/i },
  { name: 'computer', en: /\bcomputer\b/i, es: /computadora/i },
  { name: 'preview', en: /\bpreview/i, es: /vista previa|previsualiz/i },
];

/** Where the English word is not the concept: "Call {agent}" is the verb. */
const NOT_THE_CONCEPT: Readonly<Record<string, readonly string[]>> = { call: ['preview.heading'] };

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, es, not } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const spanish = wordsOf(pair.text);
      if (!en.test(english) || NOT_THE_CONCEPT[name]?.includes(pair.label)) continue;
      if (!es.test(spanish)) out.push(`${pair.label}: ${name} is not said ${es}`);
      if (not?.test(spanish)) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  // Approval and sign-off are two things the member does: neither borrows the other's words.
  for (const pair of pairs) {
    const english = wordsOf(pair.en);
    const spanish = wordsOf(pair.text);
    const signOff = CONCEPTS[1]?.en.test(english) ?? false;
    const approval = /approv/i.test(english);
    if (signOff && !approval && /aprob|aprueb|apruéb/i.test(spanish))
      out.push(`${pair.label}: sign-off said as approval`);
    if (approval && !signOff && /visto bueno/i.test(spanish)) out.push(`${pair.label}: approval said as sign-off`);
  }
  return out;
}

/** The statuses of a call, in the words of a call: an exam is «superado», a call is not. */
const CALL_STATUS = { inProgress: 'En curso', passed: 'Exitosa', failed: 'Fallida', returned: 'Reembolsada' };

/** The panel's English names of call kinds, states and statuses, which must never stand in a Spanish message. */
function englishNames(en: Forms): string[] {
  const names = [...en]
    .filter(([key]) => /^(words\.callStatus|words\.callState|callKind|history\.callStatus)\./.test(key))
    .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
    .filter((name) => /\p{L}{3}/u.test(name));
  return [...new Set(names)];
}

function englishLeft(pairs: readonly Pair[], names: readonly string[]): string[] {
  const out: string[] = [];
  const common = word('the|and|your|with|call|calls|approval|sign-off|findings?|charged|held|passed|failed');
  for (const { label, text: es } of pairs) {
    const spanish = wordsOf(es);
    for (const name of names)
      if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(spanish)) out.push(`${label}: “${name}”`);
    if (common.test(spanish)) out.push(`${label}: an English word`);
  }
  return out;
}

let en: Forms;
let es: Forms;
let panel: Pair[];
let store: Pair[];

const text = (key: string, form = ''): string => es.get(key)?.[form] ?? '';

beforeAll(async () => {
  en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  es = await messages(path.join(LOCALES_DIR, 'es.yml'));
  panel = panelPairs(en, es);
  // The listing's lines translate the English ones in order, so each is held against its own.
  store = storePairs(
    await messages(path.join(LOCALES_DIR, 'store', 'en.yml')),
    await messages(path.join(LOCALES_DIR, 'store', 'es.yml')),
  );
});

describe('Spanish: one variant, neutral Latin-American', () => {
  it('no vosotros, no Spain-only word, in the panel or the store listing', () => {
    expect(regionalSlips([...panel, ...store])).toEqual([]);
  });

  it('the top of both files says which Spanish it is', async () => {
    for (const file of ['es.yml', path.join('store', 'es.yml')]) {
      const head = (await readFile(path.join(LOCALES_DIR, file), 'utf8')).split('\n').slice(0, 8).join('\n');
      expect(head).toMatch(/^#.*latinoamericano neutro/m);
      expect(head).toMatch(/ustedes/);
    }
  });

  it('the panel’s name carries its own article, so “el barra lateral” cannot be written', () => {
    expect(text('welcome.sidebar')).toBe('la barra lateral');
    expect(text('welcome.sidePanel')).toBe('el panel lateral');
    const withArticle = panel.filter((p) => /\b(?:el|al|del) \{panel\}/.test(p.text)).map((p) => p.label);
    expect(withArticle).toEqual([]);
  });

  it('an amount in dollars is written with a decimal point, and the example is one the field takes', () => {
    const commas = panel.filter((p) => /\d,\d{2}(?!\d)/.test(p.text)).map((p) => p.label);
    expect(commas).toEqual([]);
    const example = /\d+\.\d{2}/.exec(text('preview.maxPlaceholder'))?.[0] ?? '';
    expect(dollarsToCents(example)).toBe(250);
  });
});

describe('Spanish: one term per concept', () => {
  it('where English names a concept, the chosen term says it, in the panel and the store listing', () => {
    expect(conceptSlips([...panel, ...store])).toEqual([]);
  });

  it('a call’s statuses are a call’s, the same word wherever the status is shown', () => {
    for (const [status, word] of Object.entries(CALL_STATUS)) expect(text(`words.callStatus.${status}`)).toBe(word);
    expect(text('notify.passedCharged')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.passedFree')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.failedFree')).toMatch(new RegExp(`^${CALL_STATUS.failed} · `));
    expect(text('history.callStatus.failed')).toBe(`${CALL_STATUS.failed} o ${CALL_STATUS.returned.toLowerCase()}`);
    const exam = [...panel, ...store].filter((p) => word('superad[oa]s?').test(p.text)).map((p) => p.label);
    expect(exam).toEqual([]);
  });

  it('no English left: neither the panel’s English call kinds and statuses nor its common words', () => {
    expect(englishLeft([...panel, ...store], englishNames(en))).toEqual([]);
  });
});

describe('the Spanish rules', () => {
  it('catch each kind of slip the first Spanish file had', () => {
    const sample = (label: string, es: string, enText = ''): Pair => ({ label, en: enText, text: es });
    expect(
      regionalSlips([
        sample('a', 'Podéis activarlo en el sitio.'),
        sample('b', 'Os avisamos cuando termine.'),
        sample('c', 'o http:// para este equipo'),
        sample('d', 'Intro para buscar, o pulsa {shortcut}.'),
        sample('e', 'Añadir archivos; Coste de ejecución; el importe retenido; Este mes natural'),
        sample('f', 'sus envíos'),
      ]),
    ).toEqual([
      'a: a vosotros verb (habéis, podéis…)',
      'b: vosotros (Latin America says ustedes)',
      'c: computer: computadora',
      'd: press: presionar',
      'd: the key is Enter',
      'e: add: agregar',
      'e: cost: costo',
      'e: amount: monto',
      'e: calendar month: mes calendario',
    ]);
    expect(
      conceptSlips([
        sample('intro', 'Los borradores los apruebas en el sitio.', 'You sign off drafts on the site.'),
        sample('store', 'Leer hallazgos que esperan tu aprobación.', 'Read findings waiting for your sign-off.'),
        sample('send', 'Enviar informe', 'Send report'),
        sample('tooLarge', 'Esto supera el tamaño máximo del sitio.', 'This is over the site’s size limit.'),
      ]),
    ).toEqual([
      'intro: sign-off is not said /vistos? buenos?/i',
      'store: sign-off is not said /vistos? buenos?/i',
      'tooLarge: limit is not said /límite/i',
      'send: report is not said /rep[oó]rt/i',
      'send: report said another way (/(?<!\\p{L})(?:inform(?:e|es|ar|a|ó|o)|infórm\\p{L}*)(?!\\p{L})/iu)',
      'intro: sign-off said as approval',
      'store: sign-off said as approval',
    ]);
    expect(englishLeft([sample('line', 'Passed · cobrado {amount}')], ['Passed'])).toEqual([
      'line: “Passed”',
      'line: an English word',
    ]);
  });
});
