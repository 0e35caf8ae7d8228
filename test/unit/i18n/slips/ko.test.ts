/**
 * Korean, read again in full beside English: the slips that reading fixed, held here so they cannot come back. One
 * politeness level (합니다 / 하세요, never 해요 or 한다), one word per concept (a call that passed is 성공, never an exam's 통과
 * or 합격; the member approves a paid step (승인) and signs off findings (최종 확인), two different words; a hold is 보류,
 * never 확보 or 잡아 두다; a charge that went back is 환불), sizes never counted as items (개, 건), no API names, and the
 * store listing in the panel's words. Read again: one spelling per word (미리보기, 개인정보, 옵션), an agent still New is 신규,
 * calls counted with 개, no second quotes around {switch}. SLIPS_KO_MESSAGES and SLIPS_KO_STORE point it at other
 * copies of the files (a check that each assertion fails on the text it was written against).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import { englishFor, flat, matchesIn, messages, storeText as listingText } from './pairs';

const en = flat(await messages(path.join(LOCALES_DIR, 'en.yml')));
const ko = flat(await messages(process.env.SLIPS_KO_MESSAGES ?? path.join(LOCALES_DIR, 'ko.yml')));
const storeText = listingText(await messages(process.env.SLIPS_KO_STORE ?? path.join(LOCALES_DIR, 'store', 'ko.yml')));

/** English's words for a key without its {names}, its singular form where Korean has only the n form. */
function englishOf(key: string): string {
  return englishFor(en, key).replace(/\{[A-Za-z0-9_]+\}/g, '');
}

/** Every text: the panel's messages, then the store listing as one text. */
function allTexts(): Array<[string, string]> {
  return [...Object.entries(ko), ['store', storeText]];
}

function matching(pattern: RegExp, texts = allTexts()): string[] {
  return matchesIn(texts, pattern);
}

/** One word per concept: a message whose English names it says the chosen word. */
const CONCEPTS: readonly { concept: string; english: RegExp; korean: RegExp; word: string }[] = [
  { concept: 'approval', english: /approv/i, korean: /승인/, word: '승인' },
  { concept: 'sign-off', english: /sign(ed|s)?[- ]?(them |it )?off/i, korean: /최종 확인/, word: '최종 확인' },
  {
    concept: 'hold',
    english: /\bheld\b|holds? up to|\bits hold\b|hold (and|or) charge/i,
    korean: /보류/,
    word: '보류',
  },
  { concept: 'charge returned', english: /\breturned\b|went back/i, korean: /환불/, word: '환불' },
  { concept: 'preview', english: /preview/i, korean: /미리/, word: '미리보기' },
  { concept: 'session', english: /session/i, korean: /세션/, word: '세션' },
  { concept: 'finding', english: /\bfindings?\b(?!…| agents)/i, korean: /발견 사항/, word: '발견 사항' },
  { concept: 'spendable', english: /spendable|\bto spend\b|your credits(,| set)/i, korean: /크레딧/, word: '크레딧' },
];

/** The other words a concept was said with, and our code's words where the member's fit: never in a message. */
const NOT_SAID: readonly { word: RegExp; instead: string }[] = [
  { word: /통과|합격/, instead: '성공 / 충족 (a call that passed is no exam)' },
  { word: /확보(?!하거나| 공간|$)|확보됨|잡아 두|잡아 둔/, instead: '보류' },
  { word: /반환|청구가 취소/, instead: '환불' },
  { word: /잔액/, instead: '사용 가능한 크레딧' },
  { word: /승인을 기다리는 발견|발견 사항[^.]*승인/, instead: '최종 확인 (a sign-off is no approval)' },
  { word: /활성 파일|활성으로/, instead: '코드를 실행할 수 있는 파일' },
  { word: /reasonKind|did_not_help|keepFindings|회원|기여자/, instead: 'the member’s own words' },
  { word: /저희|우리가/, instead: '확장 프로그램 (the extension is no “we”)' },
];

/** One politeness level: 합니다 and 하세요; never the 해요 style nor the plain 한다 style at a sentence's end. */
const OTHER_REGISTER = /(해요|돼요|있어요|없어요|세요요|[가-힣]어요|[가-힣]아요|했다|한다|된다|있다|없다)(?=[.!?]|$)/;

/** A call that passed: its status and its notifications. */
const PASSED_KEYS = ['words.callStatus.passed', 'notify.passedCharged', 'notify.passedFree'];

/** A message about a size: English names a unit, or it fills in a size. */
const SIZE = /\b\d+\s?(KB|kB|MB|bytes?)\b|\{(size|left|allowance|most|exact)\}/;

/** A counter word for items after a number: never for bytes. */
const COUNTER = /(\d|\$\d|\})\s?(개|건)/;

/** A particle a message may not start with: it reads as the tail of another line. */
const LONE_START = /^(을|를|은|는|이\(|가 |에게|의 |와 |과 |\(으\)로|으로 |로 |도 |만 )/;

function conceptProblems(): string[] {
  const out: string[] = [];
  for (const [key, text] of Object.entries(ko)) {
    const english = englishOf(key);
    for (const { concept, english: named, korean, word } of CONCEPTS) {
      if (named.test(english) && !korean.test(text)) out.push(`${key}: names the ${concept} without ${word}`);
    }
    if (/approv/i.test(english) && /최종 확인/.test(text)) out.push(`${key}: an approval said as 최종 확인`);
    if (/sign(ed|s)?[- ]?off/i.test(english) && /승인/.test(text)) out.push(`${key}: a sign-off said as 승인`);
  }
  for (const key of PASSED_KEYS) if (!ko[key]?.includes('성공')) out.push(`${key}: passed without 성공`);
  return out;
}

describe('Korean slips (locales/ko.yml, locales/store/ko.yml)', () => {
  it('keeps one politeness level (합니다 / 하세요)', () => {
    expect(matching(OTHER_REGISTER)).toEqual([]);
  });

  it('says one word per concept: 승인 and 최종 확인 apart, 보류, 환불, 크레딧, 성공 for passed', () => {
    expect(conceptProblems()).toEqual([]);
  });

  it('never says a concept’s other words, nor our code’s', () => {
    const found = NOT_SAID.flatMap(({ word, instead }) => matching(word).map((hit) => `${hit}, say ${instead}`));
    expect(found).toEqual([]);
  });

  it('never counts a size with 개 or 건', () => {
    const sizes = Object.keys(ko).filter((key) => SIZE.test(englishFor(en, key)));
    expect(sizes).toEqual(expect.arrayContaining(['resultFiles.leftOf', 'attach.hint.n', 'share.draft.packageSize']));
    expect(sizes.filter((key) => COUNTER.test(ko[key] ?? ''))).toEqual([]);
  });

  it('starts no message with a lone particle', () => {
    expect(Object.keys(ko).filter((key) => LONE_START.test((ko[key] ?? '').trim()))).toEqual([]);
  });

  it('the store listing says the panel’s words', () => {
    for (const word of [
      '승인',
      '최종 확인',
      '발견 사항',
      '미리보기',
      '크레딧',
      '보류',
      '신고',
      '코드를 실행할 수 있는 파일',
    ]) {
      expect(storeText, word).toContain(word);
    }
  });

  it('one spelling per word: 미리보기, 개인정보, 옵션 where English says option', () => {
    expect(matching(/미리 보기/)).toEqual([]);
    expect(matching(/개인 정보/)).toEqual([]);
    const options = Object.keys(ko).filter((key) => /\boptions?\b/i.test(englishOf(key)));
    expect(options.length).toBeGreaterThan(3);
    expect(options.filter((key) => !/옵션/.test(ko[key] ?? '') || /선택지/.test(ko[key] ?? ''))).toEqual([]);
  });

  it('an agent still New is 신규 (새로움 is newness), apart from a new agent born of research (새 에이전트)', () => {
    expect(ko['agentCard.new']).toBe('신규');
    expect(ko['words.switch.tryNewAgents']).toContain('신규');
    expect(ko['words.switchShort.tryNewAgents']).toContain('신규');
    expect(matching(/새로움|새로운 에이전트/)).toEqual([]);
  });

  it('calls are counted with 개, never 건', () => {
    expect(matching(/(\d|\$\d|\})\s?건/)).toEqual([]);
  });

  it('no second quotes around a name that comes quoted (errors.switchQuoted fills {switch})', () => {
    expect(ko['errors.switchQuoted']).toMatch(/“\{reason\}”/);
    expect(ko['errors.switchedOff']).not.toMatch(/[“”「」]\{switch\}|\{switch\}[“”」]/);
  });

  it('the literal slips read once: an example is 예:, a check status 검사, a contribution is 반영 (no 합류)', () => {
    expect(ko['preview.maxPlaceholder']).toMatch(/^예: /);
    expect(ko['session.unknownWhat.checkStatus']).toContain('검사');
    expect(matching(/합류/)).toEqual([]);
  });

  it('each rule catches the slip it was written for (the ones main’s files did not already show)', () => {
    expect(matching(OTHER_REGISTER, [['common.copied', '복사했어요.']])).toEqual(['common.copied: 했어요']);
    expect(LONE_START.test('을(를) 복사했습니다.')).toBe(true);
  });
});
