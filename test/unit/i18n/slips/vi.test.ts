/**
 * Vietnamese, read again in full: the kinds of slip that reading fixed in the panel's words and the store
 * listing, held so they cannot come back. One word per concept wherever the English names it, with approval
 * (phê duyệt, a paid step on the site) and sign-off (xác nhận, of findings and drafts) in different words; a call
 * that passed is Thành công and a check met is đáp ứng (Đạt reads as passing an exam); a call is a lượt gọi, an
 * agent a tác nhân; no English, no code names. SLIPS_VI_MESSAGES and SLIPS_VI_STORE point it at another copy of
 * the files (run once against main's, where each assertion fails).
 */
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCALES_DIR } from '@/testing/messages';
import {
  APPROVAL,
  CONTAINS,
  type Forms,
  messages,
  type Pair,
  panelPairs,
  SIGN_OFF,
  storePairs,
  word,
  wordsOf,
} from './pairs';

/**
 * One term per concept: where the English says it, the Vietnamese says the chosen term, and not a word refused
 * for it. Approval (phê duyệt) and sign-off (xác nhận) refuse each other's words (a text naming both may say both).
 */
const CONCEPTS: readonly { name: string; en: RegExp; nl: RegExp; not?: RegExp; skip?: ReadonlySet<string> }[] = [
  { name: 'approval', en: APPROVAL, nl: /phê duyệt/iu, not: /xác nhận/iu },
  { name: 'sign-off', en: SIGN_OFF, nl: /xác nhận/iu, not: /duyệt/iu },
  { name: 'hold', en: /\b(?:holds?|held)\b/i, nl: /giữ/iu, skip: CONTAINS },
  { name: 'call', en: /\bcalls?\b/i, nl: /lượt gọi|lượt|gọi/iu, not: /lần gọi/iu },
  { name: 'charge', en: /\bcharged?\b/i, nl: /tính phí|phí/iu },
  { name: 'finding', en: /\b[Ff]indings\b|\bfinding\b/, nl: /phát hiện/iu },
  { name: 'session', en: /\bsessions?\b/i, nl: /phiên/iu },
  { name: 'top-up', en: /\btop up\b/i, nl: /nạp thêm tín dụng/iu },
  { name: 'agent', en: /(?<!AI-)\bagents?\b(?! Connection)/i, nl: /tác nhân/iu, not: /tác tử/iu },
];

function conceptSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { name, en, nl, not, skip } of CONCEPTS) {
    for (const pair of pairs) {
      const english = wordsOf(pair.en);
      const words = wordsOf(pair.text);
      if (!en.test(english) || skip?.has(pair.label.replace(/\[.*\]$/, ''))) continue;
      if (!nl.test(words)) out.push(`${pair.label}: ${name} is not said ${nl}`);
      const both = APPROVAL.test(english) && SIGN_OFF.test(english);
      if (not?.test(words) && !both) out.push(`${pair.label}: ${name} said another way (${not})`);
    }
  }
  return out;
}

/** Words refused anywhere: an exam's pass, code names, API jargon, the other spelling of khoá, English left. */
const REFUSED: readonly [RegExp, string][] = [
  [word('đạt|không đạt|chưa đạt'), 'a call that passed is thành công, a check met is đáp ứng, not an exam’s đạt'],
  [/reasonKind|did_not_help|keepFindings/, 'a code name'],
  [word('thành viên'), 'API jargon (member): the member is bạn'],
  [word('khóa'), 'key is spelled khoá, as everywhere else'],
  [word('tác tử|lần gọi'), 'an agent is a tác nhân, a call a lượt gọi'],
  [word('header|script'), 'an English word where Vietnamese has one (tiêu đề, tập lệnh)'],
  [/Manage Extension|Pin to Toolbar/, 'the browser’s own Vietnamese labels'],
];

function refusedSlips(pairs: readonly Pair[]): string[] {
  const out: string[] = [];
  for (const { label, text: nl } of pairs)
    for (const [pattern, why] of REFUSED) if (pattern.test(wordsOf(nl))) out.push(`${label}: ${why}`);
  return out;
}

/** The panel's English names of call kinds, states and statuses, which must never stand in a Vietnamese message. */
function englishNames(en: Forms): string[] {
  const names = [...en]
    .filter(([key]) => /^(words\.callStatus|words\.callState|callKind|history\.callStatus|preview\.kind)/.test(key))
    .flatMap(([, forms]) => Object.values(forms).map((f) => wordsOf(f).trim()))
    .filter((name) => /\p{L}{3}/u.test(name) && !/^(Status)$/i.test(name));
  return [...new Set(names)];
}

function englishLeft(pairs: readonly Pair[], names: readonly string[]): string[] {
  const out: string[] = [];
  const common = word(
    'the|and|your|with|call|calls|approval|sign-off|findings?|charged|held|passed|failed|running|manage|extension|shortcuts|pin|toolbar',
  );
  for (const { label, text: nl } of pairs) {
    const text = wordsOf(nl);
    for (const name of names)
      if (word(name.replace(/[.*+?^$()[\]\\|]/g, '\\$&'), 'u').test(text)) out.push(`${label}: “${name}”`);
    if (common.test(text)) out.push(`${label}: an English word`);
  }
  return out;
}

let nl: Forms;
let all: Pair[];
const text = (key: string, form = ''): string => nl.get(key)?.[form] ?? '';

beforeAll(async () => {
  const en = await messages(path.join(LOCALES_DIR, 'en.yml'));
  nl = await messages(process.env.SLIPS_VI_MESSAGES ?? path.join(LOCALES_DIR, 'vi.yml'));
  const enStore = await messages(path.join(LOCALES_DIR, 'store', 'en.yml'));
  const nlStore = await messages(process.env.SLIPS_VI_STORE ?? path.join(LOCALES_DIR, 'store', 'vi.yml'));
  all = [...panelPairs(en, nl), ...storePairs(enStore, nlStore)];
  englishKinds = englishNames(en);
});
let englishKinds: string[] = [];

describe('Vietnamese: one term per concept, in the panel and the store listing', () => {
  it('where English names a concept, the chosen term says it; approval and sign-off keep apart', () => {
    expect(conceptSlips(all)).toEqual([]);
  });

  it('no refused word: đạt, code names, thành viên, khóa, tác tử, lần gọi, header', () => {
    expect(refusedSlips(all)).toEqual([]);
  });

  it('a call that passed is Thành công and one that failed Thất bại, wherever the status shows', () => {
    expect(text('words.callStatus.passed')).toBe('Thành công');
    expect(text('words.callStatus.failed')).toBe('Thất bại');
    expect(text('notify.passedCharged')).toMatch(/^Thành công · /);
    expect(text('notify.passedFree')).toMatch(/^Thành công · /);
    expect(text('notify.failedFree')).toMatch(/^Thất bại · /);
  });

  it('a check that passed is met (đã đáp ứng), one that missed is not yet met', () => {
    expect(text('result.checkPassed')).toMatch(/^đã đáp ứng/);
    expect(text('result.checkMissed')).toMatch(/^chưa đáp ứng/);
  });

  it('the example amount is written as the field takes it (a decimal point)', () => {
    expect(text('preview.maxPlaceholder')).toMatch(/\d\.\d{2}$/);
  });
});

describe('Vietnamese: no English left', () => {
  it('neither the panel’s English call kinds and statuses nor its common words', () => {
    expect(englishKinds.length).toBeGreaterThan(5);
    expect(englishLeft(all, englishKinds)).toEqual([]);
  });
});
