/**
 * Simplified Chinese, read again in full beside English: the slips that reading fixed, held here so they cannot
 * come back. Simplified characters and mainland words only, one word per concept (a call that passed is 成功,
 * never an exam's 通过; the member approves a paid step (批准) and signs off findings (确认), two different
 * words; a hold is 预留, never 冻结), sizes never counted as items (个, 件), no API names, and the store listing
 * in the panel's words. SLIPS_ZH_CN_MESSAGES and SLIPS_ZH_CN_STORE point it at other copies of the files (a check
 * that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { englishFor, flat, matchesIn, messages, storeText as listingText } from './pairs';

const en = flat(await messages(path.join(LOCALES_DIR, 'en.yml')));
const zh = flat(await messages(process.env.SLIPS_ZH_CN_MESSAGES ?? path.join(LOCALES_DIR, 'zh_CN.yml')));
const storeText = listingText(
  await messages(process.env.SLIPS_ZH_CN_STORE ?? path.join(LOCALES_DIR, 'store', 'zh_CN.yml')),
);

/** English's words for a key without its {names}, its singular form where Chinese has only the n form. */
function englishOf(key: string): string {
  return englishFor(en, key).replace(/\{[A-Za-z0-9_]+\}/g, '');
}

/** Every text: the panel's messages, then the store listing as one text. */
function allTexts(): Array<[string, string]> {
  return [...Object.entries(zh), ['store', storeText]];
}

function matching(pattern: RegExp, texts = allTexts()): string[] {
  return matchesIn(texts, pattern);
}

/** Traditional-only characters (their simplified forms differ) and Taiwan's words where the mainland's fit. */
const TRADITIONAL =
  /[這個們說過檔網處體時會為與對開關發現劃數資訊認設選擇錯誤幫檢請運結費額預讀寫載頁項傳號連線應話動問題見點擊從讓還沒無將嗎]/;
const TAIWAN_WORDS = /档案|程式|网路|登入|资讯|软体|预设|呼叫|滑鼠|萤幕|伺服器/;

/** One word per concept: a message whose English names it says the chosen word. */
const CONCEPTS: readonly { concept: string; english: RegExp; chinese: RegExp; word: string }[] = [
  { concept: 'approval', english: /approv/i, chinese: /批准/, word: '批准' },
  { concept: 'sign-off', english: /sign(ed|s)?[- ]?(them |it )?off/i, chinese: /确认/, word: '确认' },
  {
    concept: 'hold',
    english: /\bheld\b|holds? up to|\bits hold\b|hold (and|or) charge/i,
    chinese: /预留/,
    word: '预留',
  },
  { concept: 'charge returned', english: /\breturned\b|went back/i, chinese: /退款/, word: '退款' },
  { concept: 'revision', english: /revis/i, chinese: /修订/, word: '修订' },
  { concept: 'preview', english: /preview/i, chinese: /预览/, word: '预览' },
  { concept: 'session', english: /session/i, chinese: /会话/, word: '会话' },
  { concept: 'finding', english: /\bfindings?\b(?!…| agents)/i, chinese: /发现/, word: '发现' },
  {
    concept: 'spendable',
    english: /spendable|\bto spend\b|your credits(,| set)/i,
    chinese: /可用|额度/,
    word: '可用额度',
  },
];

/** The other words a concept was said with, and our code's words where the member's fit: never in a message. */
const NOT_SAID: readonly { word: RegExp; instead: string }[] = [
  { word: /通过/, instead: '成功 / 已满足 (a call that passed is no exam)' },
  { word: /冻结/, instead: '预留' },
  { word: /退回|退还/, instead: '退款' },
  { word: /限额/, instead: '上限' },
  { word: /余额/, instead: '额度' },
  { word: /签核|最终确认/, instead: '确认' },
  { word: /举报/, instead: '报告' },
  { word: /活动(的)?文件|标记为活动/, instead: '可运行代码的文件' },
  { word: /reasonKind|did_not_help|keepFindings|会员|贡献者/, instead: 'the member’s own words' },
  { word: /我们/, instead: '扩展程序 (the extension is no “we”)' },
];

/** A call that passed: its status and its notifications. */
const PASSED_KEYS = ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree'];

/** A message about a size: English names a unit, or it fills in a size. */
const SIZE = /\b\d+\s?(KB|kB|MB|bytes?)\b|\{(size|left|allowance|most|exact)\}/;

/** A counter word for items (个, and 件 but not the 件 of 文件): never for bytes. */
const COUNTER = /个|(?<![文条邮软插附])件/;

/** A particle a message may not start with: it reads as the tail of another line. */
const LONE_START = /^[的了吗呢]/;

function conceptProblems(): string[] {
  const out: string[] = [];
  for (const [key, text] of Object.entries(zh)) {
    const english = englishOf(key);
    for (const { concept, english: named, chinese, word } of CONCEPTS) {
      if (named.test(english) && !chinese.test(text)) out.push(`${key}: names the ${concept} without ${word}`);
    }
    if (/approv/i.test(english) && /确认/.test(text)) out.push(`${key}: an approval said as 确认`);
    if (/sign(ed|s)?[- ]?off/i.test(english) && /批准/.test(text)) out.push(`${key}: a sign-off said as 批准`);
    // 确认 is the sign-off's word alone: a message about anything else does not borrow it.
    if (/确认/.test(text) && !/sign(ed|s)?[- ]?(them |it )?off/i.test(english))
      out.push(`${key}: 确认 outside a sign-off`);
  }
  for (const key of PASSED_KEYS) if (!zh[key]?.includes('成功')) out.push(`${key}: passed without 成功`);
  return out;
}

describe('Simplified Chinese slips (locales/zh_CN.yml, locales/store/zh_CN.yml)', () => {
  it('writes simplified characters and mainland words only', () => {
    expect(matching(TRADITIONAL)).toEqual([]);
    expect(matching(TAIWAN_WORDS)).toEqual([]);
  });

  it('says one word per concept: 批准 and 确认 apart, 预留, 退款, 修订, 成功 for passed', () => {
    expect(conceptProblems()).toEqual([]);
  });

  it('never says a concept’s other words, nor our code’s', () => {
    const found = NOT_SAID.flatMap(({ word, instead }) => matching(word).map((hit) => `${hit}, say ${instead}`));
    expect(found).toEqual([]);
  });

  it('never counts a size with 个 or 件', () => {
    const sizes = Object.keys(zh).filter((key) => SIZE.test(englishFor(en, key)));
    expect(sizes).toEqual(expect.arrayContaining(['resultFiles.leftOf', 'attach.hint.n', 'share.draft.packageSize']));
    expect(sizes.filter((key) => COUNTER.test(zh[key] ?? ''))).toEqual([]);
  });

  it('starts no message with a lone particle', () => {
    expect(Object.keys(zh).filter((key) => LONE_START.test((zh[key] ?? '').trim()))).toEqual([]);
  });

  it('the store listing says the panel’s words', () => {
    for (const word of ['批准', '确认', '发现', '预览', '额度', '预留', '报告', '可运行代码的文件']) {
      expect(storeText, word).toContain(word);
    }
  });

  it('each rule catches the slip it was written for (the ones main’s files did not already show)', () => {
    expect(matching(TRADITIONAL, [['common.copied', '這段文字已复制。']])).toEqual(['common.copied: 這']);
    expect(matching(TAIWAN_WORDS, [['files.label', '结果档案']])).toEqual(['files.label: 档案']);
    expect(LONE_START.test('的内容已复制。')).toBe(true);
  });
});
