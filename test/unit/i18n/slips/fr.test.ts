/**
 * French, read again in full beside English: the kinds of slip that reading fixed in the panel's words and the
 * store listing, held so they cannot come back. Agreement (a plural amount is «retenus», a connection's state
 * is feminine, a secret or a field may be feminine, so never «retirez-le» or «il en a»), one register (vous,
 * and the extension speaking of itself, never «nous»), French typography (a no-break space before « : » and
 * inside « », a narrow one before ; ? !, never “…”), one term per concept (approval «approbation», sign-off
 * «validation», hold «retenir», switch «interrupteur»…), labels quoted as they read, and no English or API
 * word left in a value.
 *
 * The files are read with @wxt-dev/i18n's parser (through ./pairs, as the other languages' slip tests read
 * them); each line of the long listing is held against the English line it translates (the two files keep the
 * same lines).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { type Forms, messages, type Pair, panelPairs, storePairs, word, wordsOf } from './pairs';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

/**
 * French typography, as the file writes it throughout: a no-break space before a colon and inside «…», a
 * narrow no-break space before ; ? and !, guillemets for quotation (never “…” or "…"), the apostrophe ’.
 */
function typographySlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: fr } of pairs) {
    if (/(?<!\u00a0):(?=\s|$)/.test(fr)) out.push(`${label}: a colon without a no-break space before it`);
    if (/(?<!\u202f)[;?!]/.test(fr)) out.push(`${label}: ; ? or ! without a narrow no-break space before it`);
    if (/«(?!\u00a0)|(?<!\u00a0)»/.test(fr)) out.push(`${label}: «…» without its no-break spaces`);
    if (/[“”„"']/.test(fr)) out.push(`${label}: a quotation mark other than «…», or a straight apostrophe`);
    if (!/^[^«»]*(«[^«»]*»[^«»]*)*$/.test(fr)) out.push(`${label}: «…» not opened and closed in order`);
  }
  return out;
}

/** One register: the member is «vous», and the extension names itself, never «nous». */
function registerSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: fr } of pairs) {
    const text = wordsOf(fr);
    if (word('tu|toi|ton|ta|tes|tien|tienne').test(text) || /(?<!\p{L})t’/iu.test(text)) out.push(`${label}: tu`);
    if (word('nous|notre|nos').test(text)) out.push(`${label}: nous (the extension names itself)`);
  }
  return out;
}

/**
 * One term per concept: where the English says it, the French says the chosen term, and not a word refused
 * for it. Approval (a paid step the member approves on the site) and sign-off (findings) refuse each other's.
 */
const APPROVAL_FR = /approb|approuv/i;
const SIGN_OFF_FR = /valid(?:er|ez|ation|é)/i;
const SIGN_OFF_EN = /\bsign(?:s|ed)?(?:[- ]offs?| it off| them off)\b/i;

const CONCEPTS: readonly { name: string; en: RegExp; fr: RegExp; not?: RegExp }[] = [
  { name: 'approval', en: /approv/i, fr: APPROVAL_FR, not: word('accord') },
  { name: 'sign-off', en: SIGN_OFF_EN, fr: SIGN_OFF_FR, not: /confirm|sign(?:é|er|ature)/i },
  {
    name: 'hold',
    // Money held while a call runs; a field that "may hold at most" three items is no hold.
    en: /\b(?:holds? up to|held|its hold|hold (?:and|or) charge|what it holds|limit it (?:may )?holds?|call (?:may|can) hold|can hold and charge)\b/i,
    fr: /ret(?:en|ien|ient)/i,
    not: /bloqu|blocage|réserv/i,
  },
  { name: 'charge', en: /\bcharg/i, fr: /factur/i, not: /débit|prélev/i },
  { name: 'returned', en: /\breturned\b|went back/i, fr: /rembours/i, not: /annul/i },
  { name: 'credits', en: /\bcredits\b|\bbalance\b/i, fr: /crédit/i, not: word('solde') },
  { name: 'top up', en: /\btop up\b/i, fr: /recharg/i },
  { name: 'limit', en: /\blimit/i, fr: /limite/i, not: /taille maximale/i },
  { name: 'switch', en: /\bswitch(?:es)?\b(?! (?:it|them) on)/i, fr: /interrupteur/i, not: word('options?') },
  { name: 'finding', en: /\bfindings?\b(?!…| agents…)/i, fr: /découverte/i, not: /résultat de recherche/i },
  { name: 'session', en: /\bsessions?\b/i, fr: /session/i },
  { name: 'call', en: /\bcalls?\b|\bcalled\b/i, fr: /appel/i },
  { name: 'preview', en: /\bpreview/i, fr: /aperçu/i, not: /prévisualis/i },
  { name: 'request', en: /\brequests?\b/i, fr: /requête/i, not: word('(?:la|une|votre|cette) demande') },
  { name: 'report', en: /\breport/i, fr: /signal/i },
  { name: 'expire', en: /\b(?:expire[sd]?|ran out|runs out)\b/i, fr: /expir/i },
  { name: 'disconnect', en: /\bdisconnect/i, fr: /déconnect/i },
];

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, fr, not } of CONCEPTS) {
    for (const pair of pairs) {
      if (!en.test(wordsOf(pair.en))) continue;
      if (!fr.test(wordsOf(pair.text))) out.push(`${pair.label}: ${name} is not said ${fr}`);
      if (not?.test(wordsOf(pair.text))) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  // Approval and sign-off are two things the member does: neither borrows the other's word.
  for (const pair of pairs) {
    const english = wordsOf(pair.en);
    const french = wordsOf(pair.text);
    const signOff = SIGN_OFF_EN.test(english);
    const approval = /approv/i.test(english);
    if (signOff && !approval && APPROVAL_FR.test(french)) out.push(`${pair.label}: sign-off said as approval`);
    if (approval && !signOff && SIGN_OFF_FR.test(french)) out.push(`${pair.label}: approval said as sign-off`);
  }
  return out;
}

/**
 * The panel's English names of call kinds, states and statuses, which must never stand in a French value; a
 * name French writes the same («Question») is French.
 */
function englishNames(en: Forms, fr: Forms): string[] {
  const names = [...en]
    .filter(([key]) => /^(words\.callStatus|words\.callState|callKind|history\.callStatus)\./.test(key))
    .filter(([key, forms]) => fr.get(key)?.[''] !== forms[''])
    .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
    .filter((name) => /\p{L}{3}/u.test(name));
  return [...new Set(names)];
}

/** English left in a value: the call kinds' names, common English words, and the API's own field names. */
function englishSlips(pairs: readonly Pair[], names: readonly string[]): string[] {
  const out: string[] = [];
  const common = word('the|and|your|with|call|calls|approval|sign-off|findings?|charged|held|passed|failed|switch');
  for (const { label, text: fr } of pairs) {
    const french = wordsOf(fr);
    for (const name of names)
      if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(french)) out.push(`${label}: “${name}”`);
    if (common.test(french)) out.push(`${label}: an English word`);
    // keepFindings, reasonKind, did_not_help, starting_files: the API's words, not the member's.
    if (/(?<!\p{L})\p{Ll}+\p{Lu}\p{L}*|(?<!\p{L})\p{L}+_\p{L}+/u.test(french)) out.push(`${label}: an API name`);
    if (word('membres?').test(french)) out.push(`${label}: «membre» (the member is «vous»)`);
  }
  return out;
}

/** A label the member reads on a button, tab or option, quoted by another message: quoted as it reads. */
const QUOTED_LABELS: readonly [message: string, label: string, fill?: Record<string, string>][] = [
  ['sessions.empty', 'preview.kindSession'],
  ['sessions.intro', 'preview.kindSession'],
  ['welcome.step3', 'connect.connect'],
  ['attach.drop', 'attach.choose'],
  ['keys.arrowWhat', 'app.tab.more'],
  ['notify.summary.waiting', 'app.tab.findings'],
  ['calls.empty', 'app.tab.find'],
  ['options.searches.about', 'app.tab.find'],
  ['refusal.findingsOff', 'fit.askAnyway', { agent: 'preview.thisAgent' }],
  ['local.reasonKindNeeded', 'report.didNotHelp'],
];

/** The menu item, its selection written …, as the hints and the store listing quote it. */
const MENU_QUOTED = ['find.selectHint', 'find.selectHintKey', 'calls.empty', 'store.long'];

function quotedLabelSlips(fr: Forms, store: Forms): string[] {
  const text = (key: string) => (key === 'store.long' ? store.get('long') : fr.get(key))?.[''] ?? '';
  const quoted = (key: string) => [...text(key).matchAll(/«\u00a0([^»]*)\u00a0»/g)].map((m) => m[1]?.toLowerCase());
  const out: string[] = [];
  for (const [message, label, fill = {}] of QUOTED_LABELS) {
    let reads = text(label);
    for (const [name, key] of Object.entries(fill)) reads = reads.replace(`{${name}}`, text(key));
    if (!quoted(message).includes(reads.toLowerCase())) out.push(`${message}: does not quote ${label} («${reads}»)`);
  }
  const menu = text('background.menu').replace(`«${NBSP}%s${NBSP}»`, '…').toLowerCase();
  for (const message of MENU_QUOTED)
    if (!quoted(message).includes(menu)) out.push(`${message}: does not quote the menu item («${menu}»)`);
  // «Dépenser au plus» is quoted as the field's label begins.
  for (const message of ['errors.overMax', 'refusal.overMax']) {
    const q = quoted(message)[0] ?? '';
    if (q === '' || !text('preview.maxLabel').toLowerCase().startsWith(q)) out.push(`${message}: not the label`);
  }
  return out;
}

/**
 * Agreement where a slip was: a French word agrees with what it names, and where that name comes from
 * elsewhere (an amount, a field, a secret, a switch), the message is worded so that any of them agrees.
 */
function agreementSlips(fr: Forms): string[] {
  const text = (key: string) => Object.values(fr.get(key) ?? {}).join(' | ');
  const out: string[] = [];
  // An amount held is plural («jusqu’à 2,50 $ retenus»); the header's amount is «à dépenser», said of any amount.
  if (!/\{amount\} retenus(?!\p{L})/u.test(text('result.lineHeld'))) out.push('result.lineHeld: not «retenus»');
  for (const [key, forms] of fr) {
    for (const form of Object.values(forms)) {
      if (/\{(?:amount|limit)\} retenu(?!s)/u.test(form)) out.push(`${key}: an amount held, singular`);
      if (/\{amount\} disponibles?(?!\p{L})/u.test(form)) out.push(`${key}: «disponible(s)» said of any amount`);
      // {field} is the request («la requête») or the API's name of a field: no «il», no «manquant».
      if (form.includes('{field}') && (word('il|elle').test(form) || /manquant/.test(form)))
        out.push(`${key}: a word that agrees with {field}`);
      // {what} may be «une clé d’API», or two secrets: never «retirez-le».
      if (form.includes('{what}') && /retirez-l[ea](?!\p{L})/iu.test(form)) out.push(`${key}: «retirez-le» of {what}`);
    }
  }
  // A connection's state, beside its name, is feminine (une connexion).
  for (const state of ['connected', 'revoked', 'disconnected'])
    if (!/ée(?!\p{L})/u.test(text(`options.site.${state}`))) out.push(`options.site.${state}: not feminine`);
  // The count of sessions or calls used today: a noun that agrees with neither («utilisés» said of sessions).
  if (/\{allowed\} utilisé/.test(text('preview.usedOf'))) out.push('preview.usedOf: «utilisés» said of sessions');
  // Optional: the details are plural, a reason and a question feminine.
  if (!/\(facultatifs\)/.test(text('preview.detailsOptional'))) out.push('preview.detailsOptional: not «facultatifs»');
  if (!/\(facultative\)/.test(text('report.reason'))) out.push('report.reason: not «facultative»');
  // «{what} inconnu de cette version»: every {what} is masculine.
  const whats = [...fr.keys()].filter((k) => /unknownWhat\.|shortCheck\.unknownReason$/.test(k));
  for (const key of whats) if (!/^un /i.test(text(key))) out.push(`${key}: not masculine, but «{what} inconnu»`);
  // «{switch} est désactivé»: every switch's name is masculine, a switch («un interrupteur») or an infinitive.
  if (!/^Un interrupteur$/.test(text('words.switchAny'))) out.push('words.switchAny: not «Un interrupteur»');
  if (!/^L’interrupteur /.test(text('errors.switchQuoted'))) out.push('errors.switchQuoted: not «L’interrupteur»');
  for (const key of [...fr.keys()].filter((k) => k.startsWith('words.switch.')))
    if (!/^\p{L}+(?:er|ir|re)(?!\p{L})/u.test(text(key))) out.push(`${key}: not an infinitive`);
  // The panel's name carries its own article: «la barre latérale» (Firefox), «le panneau latéral».
  if (text('welcome.sidebar') !== 'la barre latérale') out.push('welcome.sidebar: not «la barre latérale»');
  if (text('welcome.sidePanel') !== 'le panneau latéral') out.push('welcome.sidePanel: not «le panneau latéral»');
  for (const [key, forms] of fr)
    if (Object.values(forms).some((f) => /(?<!\p{L})(?:le|du|au) \{panel\}/u.test(f)))
      out.push(`${key}: an article before {panel}`);
  return out;
}

let en: Forms;
let fr: Forms;
let frStore: Forms;
let panel: Pair[];
let store: Pair[];

beforeAll(async () => {
  en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  fr = await messages(path.join(LOCALES_DIR, 'fr.yml'));
  // French's 0 form says the count in the singular; English has only 1 and n, so it is held against n.
  panel = panelPairs(en, fr);
  frStore = await messages(path.join(LOCALES_DIR, 'store', 'fr.yml'));
  // The listing's lines translate the English ones in order, so each is held against its own.
  store = storePairs(await messages(path.join(LOCALES_DIR, 'store', 'en.yml')), frStore);
});

describe('French: grammar, register and typography', () => {
  it('agreement holds where it slipped: amounts, fields, secrets, switches, a connection’s state', () => {
    expect(agreementSlips(fr)).toEqual([]);
  });

  it('one register: vous, and the extension naming itself', () => {
    expect(registerSlips([...panel, ...store])).toEqual([]);
  });

  it('French typography throughout, in the panel and the store listing', () => {
    expect(typographySlips([...panel, ...store])).toEqual([]);
  });
});

describe('French: words', () => {
  it('where English names a concept, the chosen term says it, in the panel and the store listing', () => {
    expect(conceptSlips([...panel, ...store])).toEqual([]);
    // Approval and sign-off, two words; a switch is the listing's «interrupteur» as the panel's.
    expect(fr.get('approval.approve')?.['']).toMatch(/^Approuver/);
    expect(fr.get('findings.signOff')?.['']).toMatch(/^Valider/);
    expect(frStore.get('long')?.['']).toMatch(/Approbations, validations et interrupteurs/);
  });

  it('labels are quoted as they read', () => {
    expect(quotedLabelSlips(fr, frStore)).toEqual([]);
  });

  it('no English left: neither the call kinds’ and statuses’ English names, nor English words, nor API names', () => {
    expect(englishSlips([...panel, ...store], englishNames(en, fr))).toEqual([]);
  });
});

describe('the French rules', () => {
  it('catch each kind of slip the file had before it was read again', () => {
    const sample = (label: string, frText: string, enText = ''): Pair => ({ label, en: enText, text: frText });
    expect(
      typographySlips([
        sample('colon', 'Non envoyé : {problem}'),
        sample('semicolon', `Rien n’a été lancé${NBSP}; relancez-la.`),
        sample('question', `De quoi avez-vous besoin${NNBSP}?`),
        sample('quotes', `Le site a répondu${NBSP}: “{message}”`),
        sample('guillemets', `L’option « {reason} »`),
      ]),
    ).toEqual([
      'colon: a colon without a no-break space before it',
      'semicolon: ; ? or ! without a narrow no-break space before it',
      'quotes: a quotation mark other than «…», or a straight apostrophe',
      'guillemets: «…» without its no-break spaces',
    ]);
    expect(
      registerSlips([
        sample('otherRun', `Le site répond au sujet d’un autre appel${NNBSP}; nous continuons d’essayer.`),
        sample('tu', 'Tu peux l’activer sur le site.'),
      ]),
    ).toEqual(['otherRun: nous (the extension names itself)', 'tu: tu']);
    expect(
      conceptSlips([
        sample('spendingOff', 'Chaque appel attend votre accord.', 'It waits for your approval.'),
        sample('holds', 'Lancer · bloque jusqu’à {limit}', 'Start · holds up to {limit}'),
        sample('returned', 'sa facturation a été annulée', 'its charge went back'),
        sample('balance', 'Votre solde suit le chiffre du site.', 'Your balance follows the site’s figure.'),
        sample('switch', 'Une option', 'A switch'),
        sample('preview', 'Prévisualisez un appel.', 'Preview a call.'),
        sample('request', 'si votre demande convient', 'whether your request fits'),
        sample('tooLarge', 'Cela dépasse la taille maximale du site.', 'This is over the site’s size limit.'),
        sample('intro', 'Vous approuvez les brouillons sur le site.', 'You sign off drafts on the site.'),
      ]),
    ).toEqual([
      'spendingOff: approval is not said /approb|approuv/i',
      'spendingOff: approval said another way (/(?<!\\p{L})(?:accord)(?!\\p{L})/iu)',
      'intro: sign-off is not said /valid(?:er|ez|ation|é)/i',
      'holds: hold is not said /ret(?:en|ien|ient)/i',
      'holds: hold said another way (/bloqu|blocage|réserv/i)',
      'returned: returned is not said /rembours/i',
      'returned: returned said another way (/annul/i)',
      'balance: credits is not said /crédit/i',
      'balance: credits said another way (/(?<!\\p{L})(?:solde)(?!\\p{L})/iu)',
      'tooLarge: limit is not said /limite/i',
      'tooLarge: limit said another way (/taille maximale/i)',
      'switch: switch is not said /interrupteur/i',
      'switch: switch said another way (/(?<!\\p{L})(?:options?)(?!\\p{L})/iu)',
      'preview: preview is not said /aperçu/i',
      'preview: preview said another way (/prévisualis/i)',
      'request: request is not said /requête/i',
      'request: request said another way (/(?<!\\p{L})(?:(?:la|une|votre|cette) demande)(?!\\p{L})/iu)',
      'intro: sign-off said as approval',
    ]);
    expect(
      englishSlips(
        [
          sample('keepFindings', 'keepFindings ne peut pas être envoyé : le choix appartient au membre'),
          sample('reasonKind', 'reasonKind est requis avec did_not_help'),
          sample('kind', 'Plan or work · charged {amount}'),
        ],
        ['Plan or work'],
      ),
    ).toEqual([
      'keepFindings: an API name',
      'keepFindings: «membre» (the member is «vous»)',
      'reasonKind: an API name',
      'kind: “Plan or work”',
      'kind: an English word',
    ]);

    // The file's old words, put back one by one: each agreement rule and each quoted label catches its own.
    const old = new Map(fr);
    const set = (key: string, text: string) => old.set(key, { '': text });
    set('result.lineHeld', 'jusqu’à {amount} retenu');
    set('app.spendable', '{amount} disponibles');
    set('local.missing', '{field} est manquant');
    set('find.secret', `Ceci semble contenir {what}. Rien n’a été envoyé${NNBSP}; retirez-le et réessayez.`);
    set('options.site.connected', 'connecté');
    set('preview.usedOf', '{used} sur {allowed} utilisés');
    set('preview.detailsOptional', 'Détails (facultatif)');
    set('report.reason', 'Raison (facultatif)');
    set('words.switchAny', 'Une option');
    set('welcome.sidebar', 'panneau latéral');
    set('welcome.openPanel', 'Ouvrir le {panel} pour se connecter');
    set('welcome.step3', 'Saisissez l’adresse de votre site et le code, appuyez sur Se connecter.');
    set('calls.empty', `Faites un clic droit sur «${NBSP}Trouver des agents IA${NBSP}», ou utilisez Trouver.`);
    expect(agreementSlips(old)).toEqual([
      'result.lineHeld: not «retenus»',
      'app.spendable: «disponible(s)» said of any amount',
      'local.missing: a word that agrees with {field}',
      'find.secret: «retirez-le» of {what}',
      'result.lineHeld: an amount held, singular',
      'options.site.connected: not feminine',
      'preview.usedOf: «utilisés» said of sessions',
      'preview.detailsOptional: not «facultatifs»',
      'report.reason: not «facultative»',
      'words.switchAny: not «Un interrupteur»',
      'welcome.sidebar: not «la barre latérale»',
      'welcome.openPanel: an article before {panel}',
    ]);
    expect(quotedLabelSlips(old, frStore)).toEqual([
      'welcome.step3: does not quote connect.connect («Se connecter»)',
      'calls.empty: does not quote app.tab.find («Trouver»)',
      'calls.empty: does not quote the menu item («trouver des agents ia pour …»)',
    ]);
  });
});
