/**
 * Ukrainian's slips, held so they cannot come back: one word per concept in the panel and the store listing
 * (a hold is резерв/зарезервувати, never утримати; approval схвалення and sign-off підтвердження never share a
 * word, so a confirm dialog does not say підтвердження; a revision is правка; top up is "поповнити кошти"),
 * «…» quotes only, counts in the n form as "noun: $1" (the panel has one plural form for 2-4 and 5+), and no
 * English or code names left. SLIPS_UK_MESSAGES and SLIPS_UK_STORE point it at another copy of the files (a
 * check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { parseMessagesFile } from '@wxt-dev/i18n/build';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';

/** Every message by key, its forms (one, or a plural's) joined; the store listing's keys prefixed "store.". */
async function messages(file: string, prefix = ''): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const m of await parseMessagesFile(file)) {
    const key = m.key.join('.');
    if (key.startsWith('@@')) continue;
    out.set(
      prefix + key,
      m.type === 'plural' ? Object.values(m.plurals as Record<string, string>).join(' ') : m.message,
    );
  }
  return out;
}

async function both(panel: string, store: string): Promise<Map<string, string>> {
  return new Map([...(await messages(panel)), ...(await messages(store, 'store.'))]);
}

const en = await both(path.join(LOCALES_DIR, 'en.yml'), path.join(LOCALES_DIR, 'store', 'en.yml'));
const uk = await both(
  process.env.SLIPS_UK_MESSAGES ?? path.join(LOCALES_DIR, 'uk.yml'),
  process.env.SLIPS_UK_STORE ?? path.join(LOCALES_DIR, 'store', 'uk.yml'),
);

/** A message's words: its {names}, $1 counts and %s left out. */
const words = (text: string) => text.replace(/\{[A-Za-z0-9_]+\}|\$[1-9$]|%s/g, '');

/** "key: text" for each Hebrew message matching `pattern` (and, if given, whose English matches `when`). */
function matching(pattern: RegExp, when?: RegExp): string[] {
  return [...uk]
    .filter(([key, text]) => pattern.test(words(text)) && (!when || when.test(words(en.get(key) ?? ''))))
    .map(([key, text]) => `${key}: ${text}`);
}

/** The listing's long text is checked line by line, beside the English line. */
function pairs(): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const [key, source] of en) {
    const target = uk.get(key) ?? '';
    if (key !== 'store.long') out.push([key, source, target]);
    else {
      const b = target.split('\n');
      for (const [i, line] of source.split('\n').entries()) out.push([`${key} line ${i + 1}`, line, b[i] ?? '']);
    }
  }
  return out;
}

/** Wherever English names the concept (`en`), Hebrew says `he` and never `not`. */
function concept(source: RegExp, target: RegExp, not?: RegExp, except: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const [key, s, t] of pairs()) {
    if (except.includes(key) || !source.test(words(s))) continue;
    if (!target.test(t)) out.push(`${key}: not ${target.source} in ${t}`);
    if (not?.test(t)) out.push(`${key}: ${not.source} in ${t}`);
  }
  return out;
}

/** Each plural message's n form, as [key, text]: Ukrainian's 2-4 and 5+ share it. */
const plurals: [string, string][] = [];
for (const m of await parseMessagesFile(process.env.SLIPS_UK_MESSAGES ?? path.join(LOCALES_DIR, 'uk.yml'))) {
  if (m.type === 'plural') plurals.push([m.key.join('.'), (m.plurals as Record<string, string>).n ?? '']);
}

const SIGN_OFF_EN = /\bsign(ed|s)?[ -]?(it |them )?off\b|sign-off/i;
const SIGN_OFF_UK = /підтвер/i;
const APPROVAL_UK = /схвал/i;
const HOLD_UK = /резерв/i;

describe('Ukrainian slips', () => {
  it('quotes with «…» only, as many as English has, opened and closed in order', () => {
    const out: string[] = [];
    for (const [key, s, t] of pairs()) {
      if (/[“”„"]/.test(t)) out.push(`${key}: a mark other than «…»`);
      if ([...t.matchAll(/«/g)].length < [...s.matchAll(/“/g)].length) out.push(`${key}: fewer «…» than English`);
      if (!/^[^«»]*(«[^«»]*»[^«»]*)*$/.test(t)) out.push(`${key}: «…» not opened and closed in order`);
    }
    expect(out).toEqual([]);
  });

  it('leaves no English word, call kind or code name in a value', () => {
    const allowed = new Set(
      (
        'Agent Connection AI-Agent API v1 HTTP http https JSON Web Token CSV GitHub GitLab Slack Google Stripe ' +
        'AWS Firefox Chrome Authorization Enter Shift Ctrl Esc Home End Tab localhost gpc_ sk- ABC-DEFG-HJKL uk'
      ).split(' '),
    );
    const kinds = ['callKind.apply', 'callKind.question', 'callKind.startingFiles'].map((k) => en.get(k) ?? k);
    const out: string[] = [];
    for (const [key, text] of uk) {
      const left = (words(text).match(/[A-Za-z][A-Za-z0-9_-]*/g) ?? []).filter((w) => !allowed.has(w));
      if (left.length > 0) out.push(`${key}: ${left.join(', ')}`);
      for (const kind of kinds) if (text.includes(kind)) out.push(`${key}: the English call kind ${kind}`);
    }
    expect(out).toEqual([]);
    // "member" is the API's word: the panel speaks to "you".
    expect(matching(/учасник/, /\bmember\b/i)).toEqual([]);
  });

  it('a hold on credits is резерв everywhere, never утримати', () => {
    expect(
      concept(/\bholds? up to\b|\bheld\b|hold (or|and) charge|(may|can|it) hold\b/i, HOLD_UK, /утрим/i, [
        'export.saved',
        'local.atMostItems',
      ]),
    ).toEqual([]);
    expect(matching(/утрим/i)).toEqual([]);
  });

  it('approval and sign-off are two words, in the panel and the store listing', () => {
    expect(concept(/\bapprov/i, APPROVAL_UK, SIGN_OFF_UK, ['store.long line 18'])).toEqual([]);
    expect(concept(SIGN_OFF_EN, SIGN_OFF_UK, APPROVAL_UK, ['store.long line 18'])).toEqual([]);
    expect(uk.get('store.long')).toMatch(/Схвалення, підтвердження й перемикачі/);
    // Only a sign-off says підтвердження: a confirm dialog or the browser's permission says otherwise.
    expect(matching(SIGN_OFF_UK, /\bconfirm\b|\ballow (it|access)\b/i)).toEqual([]);
  });

  it('one word per concept: top up, revision, limit, call, session, finding', () => {
    expect(concept(/\btop up\b/i, /поповн\S* кошти/i, /рахунок/)).toEqual([]);
    expect(concept(/\brevision(s)?\b/i, /правк/i, /редакці|зміну/)).toEqual([]);
    expect(concept(/\(set by \{by\}\)/, /ліміт задає/, /межу|визначає/)).toEqual([]);
    expect(concept(/\bcalls?\b/i, /виклик/i, /дзвін/i)).toEqual([]);
    expect(concept(/\bsessions?\b/i, /сеанс/i, /сесі/i)).toEqual([]);
    expect(concept(/\bfindings?\b/i, /знахід/i, undefined, ['find.finding', 'find.findingAgents'])).toEqual([]);
    expect(concept(/\bsharing\b/i, /поширен|ділитис/i, /спільний доступ/i)).toEqual([]);
  });

  it('a call that finished well succeeded, not "passed" an exam', () => {
    for (const key of ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree']) {
      expect(uk.get(key)).toMatch(/^Успішно/);
    }
  });

  it('a count in an n form reads "noun: $1", never a noun whose case depends on the number', () => {
    const out: string[] = [];
    for (const m of plurals) {
      if (/\$1\s+[а-яіїєґ’]+(ів|ій|ей|ок|ень|ин|хвилин|днів)\b/i.test(m[1])) out.push(`${m[0]}: ${m[1]}`);
    }
    expect(out).toEqual([]);
  });
});
