/**
 * Arabic's slips, held so they cannot come back: quotation marks that read right to left («…», never “…”), a
 * button's or option's label quoted as it reads, counts inside the sentence (Arabic has one plural form here,
 * so never "الدقائق: 30"), one word per concept in the panel and the store listing, no English left in a value,
 * one spelling of the tanween. Each rule is a function of the messages, so the last test can show it catching
 * the slip it is for.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { type Forms, joined, keyedPairs, messages } from './pairs';

/** A locale's panel and store listing, each message by key with its forms (one, or a plural's). */
interface Locale {
  panel: Forms;
  store: Forms;
}

async function locale(name: string): Promise<Locale> {
  return {
    panel: await messages(path.join(LOCALES_DIR, `${name}.yml`)),
    store: await messages(path.join(LOCALES_DIR, 'store', `${name}.yml`)),
  };
}

const arabic = () => locale('ar');

/** A message's words: its {names}, $1 counts and %s left out. */
function words(text: string): string {
  return text.replace(/\{[A-Za-z0-9_]+\}|\$[1-9$]|%s/g, '');
}

/** A message's forms as one text (a plural's joined). */
function text(m: Forms, key: string): string {
  return Object.values(m.get(key) ?? {}).join(' ');
}

/**
 * Messages as [key, English, Arabic], the store listing's keys prefixed "store." and its long text line by line
 * ("store.long line 3"; the two listings are written line for line), so each rule reads each line on its own.
 */
type Pairs = [string, string, string][];

/** Quotation marks: «…» only, at least one pair for each pair English has, opened and closed in order. */
function quoteProblems(all: Pairs): string[] {
  const out: string[] = [];
  for (const [key, en, ar] of all) {
    if (/[“”„‟‘’‚"]/.test(ar.replace(/[’‘](?=\p{L})/gu, ''))) out.push(`${key}: a quotation mark other than «…»`);
    // Arabic may quote a label English names bare; it keeps every quotation English has.
    const opened = [...ar.matchAll(/«/g)].length;
    const english = [...en.matchAll(/“/g)].length;
    if (opened < english) out.push(`${key}: ${opened} «…» where English quotes ${english}`);
    if (!/^[^«»]*(«[^«»]*»[^«»]*)*$/.test(ar)) out.push(`${key}: «…» not opened and closed in order`);
  }
  return out;
}

/**
 * A message that names a button, option, menu item or tab quotes it as that label reads. `{agent}` in an
 * option's label reads "this agent" when the message names no agent.
 */
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
const MENU_QUOTED = ['find.selectHint', 'find.selectHintKey', 'store.long'];

function quotedLabelProblems(ar: Locale): string[] {
  const out: string[] = [];
  const all = joined(ar.panel, ar.store);
  const quoted = (key: string) => [...(all.get(key) ?? '').matchAll(/«([^»]*)»/g)].map((m) => m[1]);
  for (const [message, label, fill = {}] of QUOTED_LABELS) {
    let reads = text(ar.panel, label);
    for (const [name, key] of Object.entries(fill)) reads = reads.replace(`{${name}}`, text(ar.panel, key));
    if (!quoted(message).includes(reads)) out.push(`${message}: does not quote ${label} as it reads («${reads}»)`);
  }
  const menu = text(ar.panel, 'background.menu').replace('«%s»', '…');
  for (const message of MENU_QUOTED) {
    if (!quoted(message).includes(menu)) out.push(`${message}: does not quote the menu item as it reads («${menu}»)`);
  }
  // "spend at most" is quoted as the field's label begins.
  for (const message of ['errors.overMax', 'refusal.overMax']) {
    const q = quoted(message)[0] ?? '';
    if (q === '' || !text(ar.panel, 'preview.maxLabel').startsWith(q)) out.push(`${message}: not the field's label`);
  }
  return out;
}

/** A count after a colon ("الدقائق: $1", "(العدد: $1)") reads as a form; the count goes inside the sentence. */
function countProblems(ar: Forms): string[] {
  const out: string[] = [];
  for (const [key, forms] of ar) {
    for (const form of Object.values(forms)) {
      if (/:\s*(نحو\s+)?\$1(?!\d)|العدد:/.test(form)) out.push(`${key}: a count after a colon (${form})`);
    }
  }
  return out;
}

/**
 * One word per concept: wherever English says it, the Arabic says the chosen word, and never the other one.
 * `en` finds the messages about the concept; `ar` must be in each of them; `not` in none of them.
 */
interface Term {
  concept: string;
  en: RegExp;
  ar: RegExp;
  not?: RegExp;
  /** English that names the other concept too (the listing's "Approvals, sign-offs and switches"): both words. */
  both?: RegExp;
  except?: readonly string[];
}

const SIGN_OFF_EN = /\bsign(ed|s)?[ -]?(it |them )?off\b|sign-off/i;
const SIGN_OFF_AR = /عتمد|اعتماد/;

const TERMS: readonly Term[] = [
  { concept: 'call', en: /\bcalls?\b|\bcalled\b|\bcalling\b/i, ar: /استدع/, not: /مكالم|نداء/ },
  { concept: 'session', en: /\bsessions?\b/i, ar: /جلس/ },
  // "Finding…" and "Finding agents…" are the search running, not a finding.
  { concept: 'finding', en: /\bfindings?\b/i, ar: /اكتشاف/, except: ['find.finding', 'find.findingAgents'] },
  { concept: 'approval', en: /\bapprov/i, ar: /وافق|موافق/, not: SIGN_OFF_AR, both: SIGN_OFF_EN },
  { concept: 'sign-off', en: SIGN_OFF_EN, ar: SIGN_OFF_AR, not: /وافق|موافق/, both: /\bapprov/i },
  { concept: 'preview', en: /\bpreview/i, ar: /معاين|عاين/, not: /راجع|مراجع/ },
  { concept: 'credits, balance', en: /\bcredits\b|\bbalance\b/i, ar: /رصيد/ },
  { concept: 'top up', en: /\btop up\b/i, ar: /اشحن/ },
  { concept: 'charge', en: /\bcharg/i, ar: /خصم|خُصم|يُخصم|تُخصم|يخصم|مخصوم/, not: /ويُحتسب|وهو يُحتسب/ },
  {
    concept: 'hold (money)',
    en: /\bholds? up to\b|\bheld\b|\bhold or charge\b|hold and charge|limit it holds|what it holds/i,
    ar: /حجز|يحجز|محجوز|يُحجز|حُجز/,
    except: ['export.saved'],
  },
  { concept: 'limit', en: /\blimits?\b/i, ar: /حد|حدود/ },
  {
    concept: 'switch (not key)',
    en: /\bswitch(es)?\b(?! (it|them) on)/i,
    ar: /مفتاح التبديل|مفاتيح التبديل/,
    not: /(مفتاح|مفاتيح)(?! التبديل)/,
  },
  {
    concept: 'switched off',
    en: /\bswitched off\b|^Off\b/i,
    ar: /معطّل|عطّل/,
    not: /متوقف/,
    // The badge's "off" says the site cannot be reached, not a switch.
    except: ['background.badge.offText'],
  },
  { concept: 'switch on', en: /\bswitch (it|them) on\b/i, ar: /فعّل|تفعيل/, not: /تشغيل/ },
  {
    concept: 'token (not code)',
    en: /\btokens?\b/i,
    ar: /(رمز|رموز|رمزاً|الرمز|الرموز) (مميز|مميزة|مميزاً|المميز|المميزة)/,
  },
  { concept: 'disconnect', en: /\bdisconnect\b/i, ar: /قطع الاتصال|اقطع/, not: /فصل|افصل/ },
  // The member told to try again; "the extension will try again" is said otherwise.
  { concept: 'try again', en: /(^|[.:;,] |then )try again/i, ar: /حاول مجدداً/, not: /حاول مرة أخرى/ },
];

function termProblems(all: Pairs): string[] {
  const out: string[] = [];
  for (const { concept, en, ar, not, both, except = [] } of TERMS) {
    for (const [key, source, target] of all) {
      // The long listing says each concept many times: its lines come one by one, each checked on its own.
      if (except.includes(key) || !en.test(words(source)) || /^(money\.label|result\.line)$/.test(key)) continue;
      if (!ar.test(target)) out.push(`${key} (${concept}): not ${ar.source} in «${target}»`);
      if (not?.test(target) && !both?.test(words(source)))
        out.push(`${key} (${concept}): ${not.source} in «${target}»`);
    }
  }
  return out;
}

/** Latin words a value may hold: names, formats, keys of a keyboard, units and the contract's header. */
const LATIN_ALLOWED = new Set(
  (
    'Agent Connection AI-Agent API v1 HTTP https http JSON Web Token CSV GitHub GitLab Slack Google Stripe AWS ' +
    'Firefox Chrome Authorization Enter Shift Ctrl Esc Home End Tab Space KB kB MB localhost gpc_ sk- ABC-DEFG-HJKL'
  ).split(' '),
);

function englishProblems(all: Pairs, callKinds: readonly string[]): string[] {
  const out: string[] = [];
  for (const [key, , target] of all) {
    if (key === 'meta.locale') continue;
    const latin = words(target).match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? [];
    const left = latin.filter((w) => !LATIN_ALLOWED.has(w) && !LATIN_ALLOWED.has(w.replace(/[-.]$/, '')));
    if (left.length > 0) out.push(`${key}: English left (${left.join(', ')})`);
    for (const kind of callKinds) if (target.includes(kind)) out.push(`${key}: the English call kind «${kind}»`);
  }
  return out;
}

/** One spelling: the tanween on the letter before alif ("سعراً", not "سعرًا"), and تعذّر with its shadda. */
function spellingProblems(all: Pairs): string[] {
  const out: string[] = [];
  for (const [key, , target] of all) {
    if (/ًا/.test(target)) out.push(`${key}: tanween after alif`);
    if (/تعذر(?!ّ)/.test(target)) out.push(`${key}: تعذر without its shadda`);
  }
  return out;
}

async function allProblems(ar: Locale) {
  const en = await locale('en');
  const all = keyedPairs(joined(en.panel, en.store), joined(ar.panel, ar.store));
  const callKinds = ['callKind.apply', 'callKind.question', 'callKind.startingFiles'].map((k) => text(en.panel, k));
  return {
    quotes: quoteProblems(all),
    labels: quotedLabelProblems(ar),
    counts: countProblems(ar.panel),
    terms: termProblems(all),
    english: englishProblems(all, [...callKinds, 'apply', 'starting_files']),
    spelling: spellingProblems(all),
  };
}

describe('Arabic slips', () => {
  it('uses «…» only, quotes each label as it reads, puts counts in the sentence, one word per concept', async () => {
    expect(await allProblems(await arabic())).toEqual({
      quotes: [],
      labels: [],
      counts: [],
      terms: [],
      english: [],
      spelling: [],
    });
  });

  it('approval and sign-off are two words, in the panel and the store listing', async () => {
    const { panel, store } = await arabic();
    expect(text(panel, 'approval.approve')).toMatch(/وافق/);
    expect(text(panel, 'findings.signOff')).toMatch(/اعتمد/);
    expect(text(store, 'long')).toMatch(/الموافقات والاعتمادات ومفاتيح التبديل/);
  });

  it('each rule catches the slip it is for', async () => {
    const ar = await arabic();
    const set = (key: string, value: string) => ar.panel.set(key, { '': value });
    set('common.siteSaid', 'قال الموقع: “{message}”');
    set('sessions.empty', 'لا جلسات بعد. راجع استدعاءً واختر «خطّط مع الوكيل أولاً».');
    set('preview.kindSession', 'خطّط معه أولاً');
    set('status.minutes', 'الدقائق: $1');
    set('preview.kindSessionByCall', 'هنا تبدأ الجلسة بأول استدعاء، وهو الذي يضع الخطة ويُحتسب.');
    set('words.switchAny', 'أحد المفاتيح');
    set('status.disconnectBrowser', 'افصل هذا المتصفح');
    set('local.keepFindings', 'لا يمكن إرسال keepFindings');
    set('sessions.callState', 'Plan or work: {state} · {time}');
    set('money.tryAgain', 'حاول مرة أخرى');
    set('money.history', 'استدعاءاتك الأخيرة (العدد: $1): {range} (سجلك أنت، وليس سعرًا).');
    const found = await allProblems(ar);
    expect(found.quotes).toEqual([
      'common.siteSaid: a quotation mark other than «…»',
      'common.siteSaid: 0 «…» where English quotes 1',
    ]);
    expect(found.labels).toEqual([
      'sessions.empty: does not quote preview.kindSession as it reads («خطّط معه أولاً»)',
      'sessions.intro: does not quote preview.kindSession as it reads («خطّط معه أولاً»)',
    ]);
    expect(found.counts).toEqual([
      'status.minutes: a count after a colon (الدقائق: $1)',
      'money.history: a count after a colon (استدعاءاتك الأخيرة (العدد: $1): {range} (سجلك أنت، وليس سعرًا).)',
    ]);
    expect(found.terms).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^sessions\.empty \(preview\)/),
        expect.stringMatching(/^preview\.kindSessionByCall \(charge\)/),
        expect.stringMatching(/^words\.switchAny \(switch/),
        expect.stringMatching(/^status\.disconnectBrowser \(disconnect\)/),
        expect.stringMatching(/^money\.tryAgain \(try again\)/),
      ]),
    );
    expect(found.english).toEqual(
      expect.arrayContaining([
        'sessions.callState: English left (Plan, or, work)',
        'sessions.callState: the English call kind «Plan or work»',
        'local.keepFindings: English left (keepFindings)',
      ]),
    );
    expect(found.spelling).toEqual(['money.history: tanween after alif']);
  });
});
