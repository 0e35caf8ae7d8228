/**
 * Japanese, read again in full beside English: the slips that reading fixed, held here so they cannot come
 * back. One word per concept (a call that passed is 成功, never an exam's 合格; the member approves a paid step
 * (承認) and signs off findings (確定), two different words), sizes never counted as items (件), no message
 * that starts with a particle or puts a verb in a label a narrow panel wraps, full-width brackets and colons,
 * and the store listing in the panel's words.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { englishFor, flat, messages } from './pairs';

type Messages = Record<string, string>;

async function load(file: string): Promise<Messages> {
  return flat(await messages(path.join(LOCALES_DIR, file)));
}

/** English's words for a key, its singular form where Japanese has only the n form. */
function englishOf(en: Messages, key: string): string {
  return englishFor(en, key).replace(/\{[A-Za-z0-9_]+\}/g, '');
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A call that passed: its status, its notifications and a check it passed. */
const PASSED_KEYS = ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree', 'result.checkPassed'];

/**
 * One word per concept: a message whose English names it says the chosen word. English is read without its
 * {names}, and the word is matched where it means the concept (a field that "may hold at most" is no hold).
 */
const CONCEPTS: readonly { concept: string; english: RegExp; japanese: RegExp; word: string }[] = [
  { concept: 'approval', english: /approv/i, japanese: /承認/, word: '承認' },
  { concept: 'sign-off', english: /sign(ed)?[- ]?off/i, japanese: /確定/, word: '確定' },
  { concept: 'finding', english: /\bfindings?\b(?!…| agents)/i, japanese: /知見/, word: '知見' },
  {
    concept: 'hold',
    english: /\bheld\b|holds? up to|\bits hold\b|hold (and|or) charge/i,
    japanese: /確保/,
    word: '確保',
  },
  { concept: 'charge', english: /\bcharge/i, japanese: /請求/, word: '請求' },
  {
    concept: 'spendable',
    english: /spendable|\bto spend\b|can spend|your credits(,| set)/i,
    japanese: /利用可能残高/,
    word: '利用可能残高',
  },
  { concept: 'charge returned', english: /\breturned\b|went back/i, japanese: /返金/, word: '返金' },
  { concept: 'top up', english: /top up/i, japanese: /チャージ/, word: 'チャージ' },
  { concept: 'plan', english: /\bplan\b/i, japanese: /計画/, word: '計画' },
  { concept: 'revision', english: /revis/i, japanese: /改訂/, word: '改訂' },
  { concept: 'preview', english: /preview/i, japanese: /プレビュー/, word: 'プレビュー' },
  { concept: 'session', english: /session/i, japanese: /セッション/, word: 'セッション' },
  { concept: 'limit', english: /\blimit/i, japanese: /上限/, word: '上限' },
];

/** The other words a concept was said with, or internal words where the member's fit: never in a message. */
const NOT_SAID: readonly { word: RegExp; instead: string }[] = [
  { word: /合格/, instead: '成功 (a call that passed is no exam)' },
  { word: /プラン/, instead: '計画' },
  { word: /確認画面|確認中の呼び出し/, instead: 'プレビュー' },
  { word: /サインオフ/, instead: '確定' },
  { word: /利用可能(?!残高)|使える(クレジット|金額|額|残高)|クレジット残高/, instead: '利用可能残高' },
  { word: /アクティブ/, instead: 'コードを実行できるファイル' },
  { word: /ブラウザ(?!ー)/, instead: 'ブラウザー' },
];

/** The New badge (an agent listed recently) is 新着; 新しいエージェント is the one research makes. */
const NEW_BADGE_KEYS = ['agentCard.new', 'words.switch.tryNewAgents', 'words.switchShort.tryNewAgents'];

/**
 * Labels of the Connection list (term, then its value at the line's end): at 320 px they wrap, so each is a
 * noun phrase, with no verb whose る could start a line on its own (同時に実行でき / る…).
 */
const FACT_LABELS = [
  'status.spendableNow',
  'status.held',
  'status.bought',
  'status.earned',
  'status.promo',
  'status.spentWindow',
  'status.sessionsWithoutAsking',
  'status.callsWithoutAsking',
  'status.openCallsMax',
  'status.approvalUsable',
  'status.downloadsLeft',
  'status.findingsKept',
  'words.switch.sharing',
  'words.switch.files',
  'words.switch.spending',
  'words.switch.askBeforeNewAgent',
  'words.switch.tryNewAgents',
];

/** A message that is about a size: English names a unit, or it fills in a size. */
const SIZE = /\b\d+\s?(KB|kB|MB|bytes?)\b|\{(size|left|allowance|most|exact)\}/;

/** A particle, or a verb's ending, a message may not start with: it reads as the tail of another line. */
const LONE_START = /^(を|る|[がはにでのへとも](?=[\p{Script=Han}\p{Script=Katakana}「{（、。 ]))/u;

function wordProblems(ja: Messages, en: Messages): string[] {
  const out: string[] = [];
  for (const [key, text] of Object.entries(ja)) {
    for (const { word, instead } of NOT_SAID) {
      const said = text.match(word)?.[0];
      if (said) out.push(`${key}: ${said}, say ${instead}`);
    }
    const english = englishOf(en, key);
    for (const { concept, english: named, japanese, word } of CONCEPTS) {
      if (named.test(english) && !japanese.test(text)) out.push(`${key}: names the ${concept} without ${word}`);
    }
    // Two concepts, two words: an approval is never 確定, a sign-off never 承認.
    if (/approv/i.test(english) && /確定/.test(text)) out.push(`${key}: an approval said as 確定`);
    if (/sign(ed)?[- ]?off/i.test(english) && /承認/.test(text)) out.push(`${key}: a sign-off said as 承認`);
  }
  for (const key of PASSED_KEYS) if (!ja[key]?.includes('成功')) out.push(`${key}: passed without 成功`);
  for (const key of NEW_BADGE_KEYS) if (!ja[key]?.includes('新着')) out.push(`${key}: the New badge without 新着`);
  return out;
}

function sizeProblems(ja: Messages, en: Messages): string[] {
  return Object.keys(ja)
    .filter((key) => SIZE.test(englishFor(en, key)) && ja[key]?.includes('件'))
    .map((key) => `${key}: a size counted with 件`);
}

function breakProblems(ja: Messages): string[] {
  const out: string[] = [];
  for (const [key, text] of Object.entries(ja)) {
    if (LONE_START.test(text.trim())) out.push(`${key}: starts with a particle or an ending`);
  }
  for (const key of FACT_LABELS) {
    const text = ja[key] ?? '';
    if (text.includes('る') || /[すうくつむぶぬぐ]$/.test(text)) out.push(`${key}: a verb in a wrapping label`);
  }
  // "Just now" (under 45 s ago) as Intl says a past time ("3 分前"): no たった今 to split (たっ / た今), and it
  // reads right after "（…から）" and "更新：".
  const justNow = ja['format.justNow'] ?? '';
  if (justNow.includes('たった') || !justNow.endsWith('前')) out.push(`format.justNow: ${justNow}, say 数秒前`);
  // A switch's name goes in as it is: quoted once by its own message, never 「「…」スイッチ」.
  const switchedOff = ja['errors.switchedOff'] ?? '';
  for (const name of [fill(ja['errors.switchQuoted'] ?? '', { reason: 'x' }), ja['words.switchAny'] ?? '']) {
    const text = fill(switchedOff, { switch: name });
    if (/「[^」]*「|「いずれか/.test(text)) out.push(`errors.switchedOff: quotes a quoted name (${text})`);
  }
  return out;
}

function typography(ja: Messages): string[] {
  const out: string[] = [];
  for (const [key, text] of Object.entries(ja)) {
    if (/[()]/.test(text)) out.push(`${key}: half-width brackets, use （）`);
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]:/u.test(text)) out.push(`${key}: half-width colon`);
  }
  return out;
}

/** The store listing in the panel's words: 承認 and 確定 apart, 知見, リクエスト, エクスポート. */
function storeProblems(store: Messages): string[] {
  const text = `${store.short ?? ''}\n${store.long ?? ''}`;
  const out: string[] = [];
  for (const word of ['承認', '確定', '知見', 'プレビュー', 'クレジット']) {
    if (!text.includes(word)) out.push(`store: no ${word}`);
  }
  const wrong: readonly [RegExp, string][] = [
    [/サインオフ/, '確定'],
    [/承認待ちの(調査結果|知見)|調査結果/, '確定を待っている知見'],
    [/依頼/, 'リクエスト'],
    [/書き出/, 'エクスポート'],
    [/アクティブ/, 'コードを実行できるファイル'],
    [/ブラウザ(?!ー)/, 'ブラウザー'],
  ];
  for (const [word, instead] of wrong) {
    const said = text.match(word)?.[0];
    if (said) out.push(`store: ${said}, say ${instead}`);
  }
  return out;
}

const en = await load('en.yml');
const ja = await load('ja.yml');
const store = await load('store/ja.yml');

describe('Japanese slips (locales/ja.yml, locales/store/ja.yml)', () => {
  it('says one word per concept: 成功 for passed, 承認 and 確定 apart, 利用可能残高, 返金, 計画, プレビュー', () => {
    expect(wordProblems(ja, en)).toEqual([]);
  });

  it('never counts a size with 件', () => {
    const sizes = Object.keys(ja).filter((key) => SIZE.test(englishFor(en, key)));
    expect(sizes).toEqual(expect.arrayContaining(['resultFiles.leftOf', 'local.tooLarge', 'share.draft.packageSize']));
    expect(sizeProblems(ja, en)).toEqual([]);
  });

  it('breaks well: no message starts with a particle, the Connection labels are nouns, “just now” as a past time', () => {
    expect(breakProblems(ja)).toEqual([]);
  });

  it('uses full-width brackets and colons', () => {
    expect(typography(ja)).toEqual([]);
  });

  it('says what set a limit without saying 上限 twice (not サイトの安全上限による上限)', () => {
    const reasons = Object.keys(ja).filter((key) => key.startsWith('format.limitBy.'));
    expect(reasons.length).toBeGreaterThan(2);
    const doubled = ['money.holdsBy', 'format.limitSentenceBy'].flatMap((key) =>
      reasons
        .map((reason) => fill(ja[key] ?? '', { by: ja[reason] ?? '', limit: '$1', spendable: '$2', amount: '$1' }))
        .filter((text) => /上限[^。（）]{0,4}上限/.test(text)),
    );
    expect(doubled).toEqual([]);
  });

  it('the store listing says the panel’s words', () => {
    expect(storeProblems(store)).toEqual([]);
  });

  it('each rule catches the slip it was written for', () => {
    const slipped: Messages = {
      ...ja,
      'words.callStatus.passed': '合格',
      'sessionView.loadingPlan': 'プランを読み込み中…',
      'status.spendableNow': '今使える額',
      'result.lineReturned': '請求は取り消されました',
      'findings.signOff': 'サイトで承認',
      'words.switchShort.tryNewAgents': '新しいエージェント',
      'resultFiles.leftOf': '{allowance} 件中 {left} 件',
      'common.copied': 'をコピーしました。',
      'common.loading': 'が読み込み中…',
      'status.openCallsMax': '同時に実行できる呼び出しの上限',
      'format.justNow': 'たった今',
      'errors.switchedOff': '「{switch}」はオフです。',
      'background.fileHostRefused': 'ホストが拒否しました (HTTP {status})。',
      'common.siteSaid': 'サイトからのメッセージ:「{message}」',
    };
    expect(wordProblems(slipped, en)).toEqual(
      expect.arrayContaining([
        'words.callStatus.passed: 合格, say 成功 (a call that passed is no exam)',
        'words.callStatus.passed: passed without 成功',
        'sessionView.loadingPlan: プラン, say 計画',
        'status.spendableNow: 使える額, say 利用可能残高',
        'result.lineReturned: names the charge returned without 返金',
        'findings.signOff: a sign-off said as 承認',
        'words.switchShort.tryNewAgents: the New badge without 新着',
      ]),
    );
    expect(sizeProblems(slipped, en)).toEqual(['resultFiles.leftOf: a size counted with 件']);
    expect(breakProblems(slipped)).toEqual([
      'common.copied: starts with a particle or an ending',
      'common.loading: starts with a particle or an ending',
      'status.spendableNow: a verb in a wrapping label',
      'status.openCallsMax: a verb in a wrapping label',
      'format.justNow: たった今, say 数秒前',
      'errors.switchedOff: quotes a quoted name (「「x」スイッチ」はオフです。)',
      'errors.switchedOff: quotes a quoted name (「いずれかのスイッチ」はオフです。)',
    ]);
    expect(typography(slipped)).toEqual([
      'common.siteSaid: half-width colon',
      'background.fileHostRefused: half-width brackets, use （）',
    ]);
    expect(
      storeProblems({
        short: store.short ?? '',
        long: '承認待ちの調査結果、サインオフ、ブラウザ、アクティブなファイル',
      }),
    ).toEqual(
      expect.arrayContaining(['store: no 確定', 'store: サインオフ, say 確定', 'store: ブラウザ, say ブラウザー']),
    );
  });
});
