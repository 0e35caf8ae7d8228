/**
 * Traditional Chinese (Taiwan), read again in full beside English: the slips that reading fixed, held here so
 * they cannot come back. Traditional characters and Taiwan's words only (檔案, 網路, 程式), one word per concept (a
 * call that passed is 成功, never an exam's 通過; the member approves a paid step (核准) and signs off findings
 * (簽核), two different words; a hold is 預留, never 預扣 or 保留), sizes never counted as items (個, 件), no API
 * names, and the store listing in the panel's words. SLIPS_ZH_TW_MESSAGES and SLIPS_ZH_TW_STORE point it at other
 * copies of the files (a check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { englishFor, flat, matchesIn, messages, storeText as listingText } from './pairs';

const en = flat(await messages(path.join(LOCALES_DIR, 'en.yml')));
const zh = flat(await messages(process.env.SLIPS_ZH_TW_MESSAGES ?? path.join(LOCALES_DIR, 'zh_TW.yml')));
const storeText = listingText(
  await messages(process.env.SLIPS_ZH_TW_STORE ?? path.join(LOCALES_DIR, 'store', 'zh_TW.yml')),
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

/** Simplified-only characters (their traditional forms differ) and the mainland's words where Taiwan's fit. */
const SIMPLIFIED =
  /[这个们说过档网处体时会为与对开关发现划数资讯认设选择错误帮检请运结费额预读写载页项传号连线应话动问题见点击从让还没无将吗]/;
const MAINLAND_WORDS = /(?<!官方)文件|网络|網絡|程序|信息|默認|設置|用戶|登錄|視頻|鼠標|服務器|軟件|項目經理|智能體/;

/** One word per concept: a message whose English names it says the chosen word. */
const CONCEPTS: readonly { concept: string; english: RegExp; chinese: RegExp; word: string }[] = [
  { concept: 'approval', english: /approv/i, chinese: /核准/, word: '核准' },
  { concept: 'sign-off', english: /sign(ed|s)?[- ]?(them |it )?off/i, chinese: /簽核/, word: '簽核' },
  {
    concept: 'hold',
    english: /\bheld\b|holds? up to|\bits hold\b|hold (and|or) charge/i,
    chinese: /預留/,
    word: '預留',
  },
  { concept: 'charge returned', english: /\breturned\b|went back/i, chinese: /退款/, word: '退款' },
  { concept: 'revision', english: /revis/i, chinese: /修訂/, word: '修訂' },
  { concept: 'preview', english: /preview/i, chinese: /預覽/, word: '預覽' },
  { concept: 'session', english: /session/i, chinese: /工作階段/, word: '工作階段' },
  { concept: 'finding', english: /\bfindings?\b(?!…| agents)/i, chinese: /研究成果/, word: '研究成果' },
  { concept: 'file', english: /\bfiles?\b/i, chinese: /檔/, word: '檔案' },
  {
    concept: 'spendable',
    english: /spendable|\bto spend\b|your credits(,| set)/i,
    chinese: /可用|點數/,
    word: '可用點數',
  },
];

/** The other words a concept was said with, and our code's words where the member's fit: never in a message. */
const NOT_SAID: readonly { word: RegExp; instead: string }[] = [
  { word: /通過/, instead: '成功 / 已符合 (a call that passed is no exam)' },
  { word: /預扣|保留 \{limit\}|保留金額/, instead: '預留' },
  { word: /退回|退還/, instead: '退款' },
  { word: /限額/, instead: '上限' },
  { word: /餘額/, instead: '點數' },
  { word: /批准|確認你的研究成果|最終確認/, instead: '核准 or 簽核' },
  { word: /主動式/, instead: '可執行程式碼的檔案' },
  { word: /reasonKind|did_not_help|keepFindings|會員|貢獻者/, instead: 'the member’s own words' },
  { word: /我們/, instead: '擴充功能 (the extension is no “we”)' },
];

/** A call that passed: its status and its notifications. */
const PASSED_KEYS = ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree'];

/** A message about a size: English names a unit, or it fills in a size. */
const SIZE = /\b\d+\s?(KB|kB|MB|bytes?)\b|\{(size|left|allowance|most|exact)\}/;

/** A counter word for items (個, and 件 but not the 件 of 文件 or 套件): never for bytes. */
const COUNTER = /個|(?<![文條郵軟插附套])件/;

/** A particle a message may not start with: it reads as the tail of another line. */
const LONE_START = /^[的了嗎呢]/;

function conceptProblems(): string[] {
  const out: string[] = [];
  for (const [key, text] of Object.entries(zh)) {
    const english = englishOf(key);
    for (const { concept, english: named, chinese, word } of CONCEPTS) {
      if (named.test(english) && !chinese.test(text)) out.push(`${key}: names the ${concept} without ${word}`);
    }
    if (/approv/i.test(english) && /簽核/.test(text)) out.push(`${key}: an approval said as 簽核`);
    if (/sign(ed|s)?[- ]?off/i.test(english) && /核准/.test(text)) out.push(`${key}: a sign-off said as 核准`);
  }
  for (const key of PASSED_KEYS) if (!zh[key]?.includes('成功')) out.push(`${key}: passed without 成功`);
  return out;
}

describe('Traditional Chinese (Taiwan) slips (locales/zh_TW.yml, locales/store/zh_TW.yml)', () => {
  it('writes traditional characters and Taiwan’s words only', () => {
    expect(matching(SIMPLIFIED)).toEqual([]);
    expect(matching(MAINLAND_WORDS)).toEqual([]);
  });

  it('says one word per concept: 核准 and 簽核 apart, 預留, 退款, 修訂, 檔案, 成功 for passed', () => {
    expect(conceptProblems()).toEqual([]);
  });

  it('never says a concept’s other words, nor our code’s', () => {
    const found = NOT_SAID.flatMap(({ word, instead }) => matching(word).map((hit) => `${hit}, say ${instead}`));
    expect(found).toEqual([]);
  });

  it('never counts a size with 個 or 件', () => {
    const sizes = Object.keys(zh).filter((key) => SIZE.test(englishFor(en, key)));
    expect(sizes).toEqual(expect.arrayContaining(['resultFiles.leftOf', 'attach.hint.n', 'share.draft.packageSize']));
    expect(sizes.filter((key) => COUNTER.test(zh[key] ?? ''))).toEqual([]);
  });

  it('starts no message with a lone particle', () => {
    expect(Object.keys(zh).filter((key) => LONE_START.test((zh[key] ?? '').trim()))).toEqual([]);
  });

  it('the store listing says the panel’s words', () => {
    for (const word of ['核准', '簽核', '研究成果', '預覽', '點數', '預留', '回報', '可執行程式碼的檔案', '檔案']) {
      expect(storeText, word).toContain(word);
    }
  });

  it('each rule catches the slip it was written for (the ones main’s files did not already show)', () => {
    expect(matching(SIMPLIFIED, [['common.copied', '这段文字已複製。']])).toEqual(['common.copied: 这']);
    expect(matching(MAINLAND_WORDS, [['files.label', '結果文件']])).toEqual(['files.label: 文件']);
    expect(matching(MAINLAND_WORDS, [['findingWords.sourceKind.officialDocs', '官方文件']])).toEqual([]);
    expect(LONE_START.test('的內容已複製。')).toBe(true);
  });
});
