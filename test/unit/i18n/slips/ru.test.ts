/**
 * Russian, read again in full beside English (the register and the terms are listed at the top of
 * locales/ru.yml): the kinds of slip that reading fixed in the panel's words and the store listing, held so they
 * cannot come back. One term per concept wherever English names it, with approval (a paid step, on the site) and
 * sign-off (findings, drafts) in different words; «кредиты» (which reads as loans) never used for the member's
 * balance; a call's statuses in the words of a call, not of an exam; «вы» throughout and nothing that assumes the
 * member's gender; counts that read right for 2, 5 and 21 with the module's two forms; our own words filled into a
 * sentence agreeing with it; no English or API field names left; sizes in Intl's units.
 *
 * The files are read with the repo's YAML loader (@wxt-dev/i18n's parseMessagesFile), as locales.test.ts reads
 * them; each line of the store listing is held against the English line it translates. SLIPS_RU_MESSAGES and
 * SLIPS_RU_STORE point the test at another copy of the two files (a check that each assertion fails on the text
 * it was written against).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { type Forms, messages, type Pair, panelPairs, storePairs, word, wordsOf } from './pairs';

const MESSAGES_FILE = process.env.SLIPS_RU_MESSAGES ?? path.join(LOCALES_DIR, 'ru.yml');
const STORE_FILE = process.env.SLIPS_RU_STORE ?? path.join(LOCALES_DIR, 'store', 'ru.yml');

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

let en: Forms;
let ru: Forms;
let panel: Pair[];
let store: Pair[];
let all: Pair[];

const text = (key: string, form = ''): string => ru.get(key)?.[form] ?? '';

/** Where a Russian text (without its {names}) matches `pattern`, as "label: text". */
function matching(pattern: RegExp, pairs: readonly Pair[] = all): string[] {
  return pairs.filter((p) => pattern.test(wordsOf(p.text))).map((p) => `${p.label}: ${p.text}`);
}

beforeAll(async () => {
  en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  ru = await messages(MESSAGES_FILE);
  panel = panelPairs(en, ru);
  // The listing's lines translate the English ones in order, so each is held against its own.
  store = storePairs(await messages(path.join(LOCALES_DIR, 'store', 'en.yml')), await messages(STORE_FILE));
  all = [...panel, ...store];
});

/**
 * One term per concept: where the English says it, the Russian says the chosen term, and not a word refused
 * for it. `skip` names the messages where the English word is not the concept ("Please report this" is a bug).
 */
interface Concept {
  name: string;
  en: RegExp;
  ru: RegExp;
  not?: RegExp;
  skip?: readonly string[];
}

function conceptSlips(concepts: readonly Concept[], pairs: readonly Pair[] = all): string[] {
  const out: string[] = [];
  for (const { name, en: english, ru: russian, not, skip } of concepts) {
    for (const pair of pairs) {
      if (!english.test(wordsOf(pair.en)) || skip?.includes(pair.label)) continue;
      if (!russian.test(wordsOf(pair.text))) out.push(`${pair.label}: ${name} is not said ${russian}: ${pair.text}`);
      if (not?.test(wordsOf(pair.text))) out.push(`${pair.label}: ${name} said another way (${not}): ${pair.text}`);
    }
  }
  return out;
}

const APPROVAL = /approv/i;
const SIGN_OFF = /\bsign(?:s|ed)?(?:[- ]offs?| it off| them off)\b/i;
const ODOBR = /одобр/i;
const UTVER = /утвер/i;

describe('Russian: one word per concept, in the panel and the store listing', () => {
  it('approval is одобрение and sign-off утверждение: neither borrows the other’s word, nor подтверждение', () => {
    const concepts: Concept[] = [
      { name: 'approval', en: APPROVAL, ru: ODOBR, not: /подтвер|соглас/i },
      { name: 'sign-off', en: SIGN_OFF, ru: UTVER, not: /подтвер|соглас/i },
    ];
    const out = conceptSlips(concepts);
    for (const pair of all) {
      const english = wordsOf(pair.en);
      if (SIGN_OFF.test(english) && !APPROVAL.test(english) && ODOBR.test(pair.text))
        out.push(`${pair.label}: sign-off said as approval`);
      if (APPROVAL.test(english) && !SIGN_OFF.test(english) && UTVER.test(pair.text))
        out.push(`${pair.label}: approval said as sign-off`);
    }
    expect(out).toEqual([]);
    // «Подтвердить» is left to the one dialog that asks the member to confirm a save.
    expect(matching(/подтвер/i).map((line) => line.split(':')[0])).toEqual(['resultFiles.activeConfirm']);
  });

  it('credits and balance are баланс, topped up as «пополнить баланс»; «кредиты» (loans) is never used', () => {
    expect(matching(/кредит/i)).toEqual([]);
    expect(
      conceptSlips([
        { name: 'credits', en: /\bcredits\b|\bbalance\b/i, ru: /баланс/i },
        { name: 'top-up', en: /\btop up\b/i, ru: /пополн\p{L}* баланс/iu, not: /сч[её]т/i },
      ]),
    ).toEqual([]);
  });

  it('a hold is резерв (резервирует, зарезервировано), never удержание', () => {
    expect(matching(/удерж/i)).toEqual([]);
    // "holds" in the sense of "contains" (a field, a share, what a text looks like it holds) is no money.
    const contains = [
      'local.secrets',
      'local.atMostItems',
      'local.atLeastItems',
      'share.files.tooMany',
      'share.package.tooManyFiles',
    ];
    expect(conceptSlips([{ name: 'hold', en: /\b(?:hold|holds|held)\b/i, ru: /резерв/i, skip: contains }])).toEqual([]);
  });

  it('a charge is списание (списано, списывается), never «оплачивается» or «оплаченный»', () => {
    expect(conceptSlips([{ name: 'charge', en: /\bcharg/i, ru: /спис/i, not: /оплач|оплат/i }])).toEqual([]);
  });

  it('a limit is лимит (never предел or ограничение), a ceiling потолок', () => {
    expect(matching(/предел|ограничен/i)).toEqual([]);
    expect(
      conceptSlips([
        { name: 'limit', en: /\blimits?\b/i, ru: /лимит/i },
        { name: 'ceiling', en: /\bceiling\b/i, ru: /потол/i },
      ]),
    ).toEqual([]);
  });

  it('a session is сеанс (never сессия); a call вызов, a finding находка, an expiry истечь, details детали', () => {
    expect(matching(/сесси/i)).toEqual([]);
    expect(
      conceptSlips([
        { name: 'session', en: /\bsessions?\b/i, ru: /сеанс/i },
        { name: 'call', en: /\bcalls?\b|\bcalling\b/i, ru: /выз/i },
        { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, ru: /находк|находок/i },
        { name: 'expiry', en: /\b(?:expire[sd]?|ran out|runs out)\b/i, ru: /истек|истеч|истёк/i },
        { name: 'details', en: /\bdetails?\b/i, ru: /детал/i, not: /подробност/i },
      ]),
    ).toEqual([]);
  });

  it('a preview is предпросмотр, never «просмотреть»', () => {
    expect(matching(/(?<!пред)просмотр/i)).toEqual([]);
    expect(conceptSlips([{ name: 'preview', en: /\bpreview/i, ru: /предпросмотр/i }])).toEqual([]);
  });

  it('a report of a result is жалоба (never отзыв, which also reads as a revocation)', () => {
    expect(matching(/отзыв/i)).toEqual([]);
    expect(
      conceptSlips([
        { name: 'report', en: /\breport/i, ru: /жалоб|жалов/i, not: /отзыв|сообщ/i, skip: ['errors.invalidJson'] },
      ]),
    ).toEqual([]);
  });

  it('"without asking" is без одобрения: «без вопросов» would read as a session’s questions', () => {
    expect(matching(/без вопросов|без спроса/i)).toEqual([]);
    expect(conceptSlips([{ name: 'without asking', en: /without asking/i, ru: /без одобрения/i }])).toEqual([]);
    expect(text('words.switch.spending')).toBe('Тратить без одобрения');
  });

  it('a revision is правка (the store listing said «редакции»); a status or state is состояние, never статус', () => {
    expect(matching(/редакци/i)).toEqual([]);
    expect(
      conceptSlips([
        { name: 'revision', en: /\brevisions?\b/i, ru: /правк/i },
        { name: 'status', en: /\b(?:status|state)\b/i, ru: /состояни/i, not: /статус/i },
      ]),
    ).toEqual([]);
  });

  it('sharing is публикация or поделиться, never «совместный доступ» (shared access to a document)', () => {
    expect(matching(/совместн/i)).toEqual([]);
    expect(text('words.switchShort.sharing')).toBe('Публикация');
  });

  it('the listing says the panel’s words: без сети, учётная запись (not офлайн, аккаунт)', () => {
    expect(matching(/офлайн|онлайн|аккаунт/i)).toEqual([]);
    expect(matching(/без сети/i, store)).toHaveLength(1);
  });
});

/** The statuses of a call, in the words of a call: «Пройден» is an exam's. */
const CALL_STATUS = { passed: 'Выполнен успешно', failed: 'Не удался', returned: 'Возврат средств' };

describe('Russian: a call’s statuses', () => {
  it('a call that passed is «Выполнен успешно», never an exam’s «Пройден»; a single check is still «пройдена»', () => {
    for (const [status, words] of Object.entries(CALL_STATUS)) expect(text(`words.callStatus.${status}`)).toBe(words);
    expect(text('notify.passedCharged')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.passedFree')).toMatch(new RegExp(`^${CALL_STATUS.passed} · `));
    expect(text('notify.failedFree')).toMatch(new RegExp(`^${CALL_STATUS.failed} · `));
    expect(text('history.callStatus.failed')).toBe(`${CALL_STATUS.failed} или ${CALL_STATUS.returned.toLowerCase()}`);
    expect(matching(word('пройден'))).toEqual([]);
    expect(text('result.checkPassed')).toMatch(/^пройдена/);
  });
});

describe('Russian: register', () => {
  it('says вы (capitalised only where a sentence starts), never ты, and assumes no gender of the member', () => {
    const thou = word(
      'ты|тебя|тебе|тобой|твой|твоя|твоё|твое|твои|твоего|твоей|твоему|твоим|твоих|' +
        'нажми|выбери|введи|открой|закрой|подожди|попробуй|убери|добавь|напиши|сохрани|проверь|подключись|' +
        'запусти|повтори|одобри|утверди|пополни|скопируй|выдели|дождись|отправь|перетащи|измени|разреши|создай|' +
        'начни|ответь',
    );
    expect(matching(thou)).toEqual([]);
    expect(matching(/(?<=[\p{Ll}\d,;:—–)»] )(?:Вы|Вас|Вам|Вами|Ваш\p{L}*)(?!\p{L})/u)).toEqual([]);
    // «Я одобрил», «Остаться подключённым»: a man's forms, said by or of a member who may not be one.
    expect(matching(/(?<!\p{L})я\s+(?:уже\s+)?\p{L}+л(?!\p{L})/iu)).toEqual([]);
    expect(matching(word('подключ[её]нн(?:ым|ой)|уверен|уверена|готова?'), panel.filter(notCallState))).toEqual([]);
  });

  it('the notification choices all read after their legend the same way, each capitalised', () => {
    expect(text('options.notify.tellMe')).toBe('Сообщать, когда');
    for (const key of ['callFinished', 'approvals', 'findingsSignOff', 'findingsReminder'])
      expect(text(`options.notify.${key}`), key).toMatch(/^\p{Lu}/u);
  });

  it('the top of the file says which register and which terms it keeps', async () => {
    const head = (await readFile(MESSAGES_FILE, 'utf8')).split('\n').slice(0, 16).join('\n');
    expect(head).toMatch(/^#.*«вы» со строчной/m);
    expect(head).toMatch(/^#.*sign-off.*утверждение/m);
  });
});

/** A call's own state (its «Готов к отправке» is the call's, not the member's). */
function notCallState(pair: Pair): boolean {
  return !pair.label.startsWith('words.callState.');
}

describe('Russian: counts with the module’s two forms', () => {
  it('an n form reads right for 2, 5 and 21: its number after a colon, in brackets or before an abbreviation', () => {
    const out: string[] = [];
    for (const [key, forms] of ru) {
      const n = forms.n;
      if (n === undefined) continue;
      // "$1 вызова" would be right for 2 and wrong for 5 and 21; an abbreviation does not decline.
      if (/\$1\s+(?!(?:мин|дн\.|симв\.|с\.?)(?!\p{L}))\p{L}/u.test(n)) out.push(`${key}[n]: ${n}`);
    }
    expect(out).toEqual([]);
    // A count that completes a phrase is that phrase's value, no colon: "Одобрение истекает через" → "30 мин",
    // "За сколько дней … напомнить" → "За 5 дн." (never «через минут: 30» or «дней: 5» beside «за 1 день»).
    expect(ru.get('status.minutes')).toEqual({ '1': '1 мин', n: '$1 мин' });
    expect(ru.get('options.notify.days')).toEqual({ '1': 'За 1 день', n: 'За $1 дн.' });
    expect(text('retention.olderThan', 'n')).toBe('старше $1 дн.');
  });

  it('no number the member sets stands before a noun that would have to agree with it', () => {
    // {max} files for one call is the site's figure, 1 or 21 as well as 6: «не больше {max} файлов» breaks.
    expect(text('attach.tooManyForCall')).not.toMatch(/\{max\} \p{L}/u);
    // Field lengths come from the contract: «длина не больше 21», never «не больше 21 симв.» in one form and
    // another wording in the other.
    expect(text('local.atMostChars', 'n')).toMatch(/длина не больше \$1 \(/);
    expect(text('local.atLeastChars', 'n')).toMatch(/длина не меньше \$1 \(/);
    expect(text('local.atMostChars', '1')).toMatch(/одного символа/);
  });
});

describe('Russian: our own words filled into a sentence agree with it', () => {
  it('an unknown value’s kind (Способ, Причина, Состояние…) is not agreed with one gender', () => {
    const template = text('words.unknownValue');
    expect(template).not.toMatch(/\{what\},? неизвестн/);
    for (const key of ['session.unknownWhat.way', 'session.unknownWhat.reason', 'findingWords.unknownWhat.kind']) {
      expect(fill(template, { what: text(key), value: 'x' })).not.toMatch(/^\p{L}+, неизвестн(?:ое|ый|ая)/u);
    }
  });

  it('an agent with no name reads as a phrase of its own, never «агента этого агента»', () => {
    const filled = [
      fill(text('preview.heading'), { agent: text('preview.thisAgent') }),
      fill(text('fit.askAnyway'), { agent: text('preview.thisAgent') }),
      fill(text('agentCard.previewLabel'), { agent: text('preview.thisAgent') }),
      fill(text('fit.useOther'), { agent: text('fit.theOtherAgent') }),
      fill(text('app.unfinishedCall'), { agent: text('app.anAgent') }),
    ];
    expect(filled.filter((line) => /агент\p{L}*\s+(?:\p{L}+\s+)?агент/iu.test(line))).toEqual([]);
    expect(filled[0]).toBe('Вызвать этого агента');
  });

  it('a field’s name is followed by a colon, so nothing agrees with it («запрос должно» cannot be written)', () => {
    const keys = ['atMost', 'atLeast', 'atMostItems', 'atLeastItems', 'wholeNumber', 'ofType', 'notValid'];
    for (const key of keys) expect(text(`local.${key}`), key).toMatch(/^\{field\}: /);
    expect(fill(text('local.atMost'), { field: text('local.theRequest'), max: '5' })).toBe('запрос: не больше 5');
  });

  it('a call that may not have been sent is «не отправлен», like the rest of its line', () => {
    const unsent = [...ru.keys()].filter((key) => key.startsWith('words.unsent.'));
    expect(unsent.length).toBeGreaterThan(5);
    expect(unsent.filter((key) => /не отправлено/i.test(text(key)))).toEqual([]);
  });
});

describe('Russian: nothing left in English, sizes as Intl writes them', () => {
  it('no English call-kind or status name, no API field name, no «хост»', () => {
    const names = [...en]
      .filter(([key]) => /^(words\.callStatus|words\.callState|callKind|history\.callStatus)\./.test(key))
      .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
      .filter((name) => /\p{L}{3}/u.test(name));
    const out: string[] = [];
    for (const { label, text: russian } of all) {
      const words = wordsOf(russian);
      for (const name of names)
        if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(words)) out.push(`${label}: “${name}”`);
    }
    expect(out).toEqual([]);
    expect(matching(/did_not_help|reasonKind|keepFindings|хост/i)).toEqual([]);
  });

  it('a size is in kilobytes as Intl writes them in Russian (кБ, МБ), never КБ', () => {
    expect(new Intl.NumberFormat('ru', { style: 'unit', unit: 'kilobyte', unitDisplay: 'short' }).format(64)).toBe(
      '64 кБ',
    );
    expect(matching(/КБ/)).toEqual([]);
    expect(text('errors.tooLarge')).toContain('64 кБ');
  });
});
