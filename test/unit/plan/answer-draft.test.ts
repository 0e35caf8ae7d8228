import { describe, expect, it } from 'vitest';
import {
  buildAnswerInput,
  choose,
  draftFromAnswer,
  draftsToSend,
  EMPTY_DRAFT,
  toggleOption,
  validateDraft,
  writeOwn,
} from '@/lib/sessions/answer-draft';
import { answer, question, ut } from './fixtures';

const single = question('stack');
const multi = question('features', { multiple: true });
const codes = (q: Parameters<typeof validateDraft>[0], d: Parameters<typeof validateDraft>[1]) =>
  validateDraft(q, d).map((p) => p.code);

describe('building a draft', () => {
  it('keeps one option for a single-answer question and several for a multiple one', () => {
    let d = toggleOption(EMPTY_DRAFT, single, 'a', true);
    d = toggleOption(d, single, 'b', true);
    expect(d).toMatchObject({ choice: 'option', optionKeys: ['b'] });

    let m = toggleOption(EMPTY_DRAFT, multi, 'a', true);
    m = toggleOption(m, multi, 'c', true);
    m = toggleOption(m, multi, 'a', true);
    expect(m.optionKeys).toEqual(['a', 'c']);
    m = toggleOption(m, multi, 'a', false);
    expect(m.optionKeys).toEqual(['c']);
    m = toggleOption(m, multi, 'c', false);
    expect(m.choice).toBeNull();
  });

  it('keeps own words when the member switches to an option and back', () => {
    let d = writeOwn(EMPTY_DRAFT, 'Something else');
    expect(d.choice).toBe('own');
    d = toggleOption(d, single, 'a', true);
    expect(d).toMatchObject({ choice: 'option', own: 'Something else' });
    d = choose(d, 'own');
    expect(buildAnswerInput(d)).toEqual({ kind: 'own', own: 'Something else' });
    expect(writeOwn(d, '').choice).toBeNull();
  });

  it('builds each kind of AnswerInput, and nothing for an empty draft', () => {
    expect(buildAnswerInput(EMPTY_DRAFT)).toBeNull();
    expect(buildAnswerInput({ choice: 'option', optionKeys: ['a', 'a', 'c'], own: '' })).toEqual({
      kind: 'option',
      optionKeys: ['a', 'c'],
    });
    expect(buildAnswerInput({ choice: 'own', optionKeys: ['a'], own: '  mine \n' })).toEqual({
      kind: 'own',
      own: 'mine',
    });
    expect(buildAnswerInput({ choice: 'left_to_agent', optionKeys: ['a'], own: 'x' })).toEqual({
      kind: 'left_to_agent',
    });
  });

  it('starts from an answer already given', () => {
    expect(draftFromAnswer(answer('stack', { kind: 'option', optionKeys: ['c'] }))).toEqual({
      choice: 'option',
      optionKeys: ['c'],
      own: '',
    });
    expect(draftFromAnswer(answer('stack', { kind: 'own', optionKeys: [], untrustedOwn: ut('Mine') }))).toMatchObject({
      choice: 'own',
      own: 'Mine',
    });
    expect(draftFromAnswer(answer('stack', { kind: 'left_to_agent', optionKeys: ['b'] })).choice).toBe('left_to_agent');
    expect(draftFromAnswer(answer('stack', { kind: { unknown: 'voice' } })).choice).toBeNull();
  });
});

describe('validating a draft against its question', () => {
  it('accepts fitting answers of every kind', () => {
    expect(codes(single, { choice: 'option', optionKeys: ['a'], own: '' })).toEqual([]);
    expect(codes(multi, { choice: 'option', optionKeys: ['a', 'b', 'c'], own: '' })).toEqual([]);
    expect(codes(single, { choice: 'own', optionKeys: [], own: 'x'.repeat(2000) })).toEqual([]);
    expect(codes(single, { choice: 'left_to_agent', optionKeys: [], own: '' })).toEqual([]);
    expect(codes(single, EMPTY_DRAFT)).toEqual([]);
  });

  it('refuses option keys the question does not offer', () => {
    expect(codes(single, { choice: 'option', optionKeys: ['z'], own: '' })).toEqual(['unknown_option']);
  });

  it('respects multiple', () => {
    expect(codes(single, { choice: 'option', optionKeys: ['a', 'b'], own: '' })).toEqual(['one_only']);
    expect(codes(single, { choice: 'option', optionKeys: [], own: '' })).toEqual(['no_option']);
  });

  it('limits own words to 2000 characters, counted as code points, and refuses them empty', () => {
    expect(codes(single, { choice: 'own', optionKeys: [], own: 'x'.repeat(2001) })).toEqual(['own_too_long']);
    expect(codes(single, { choice: 'own', optionKeys: [], own: '😀'.repeat(2000) })).toEqual([]);
    expect(codes(single, { choice: 'own', optionKeys: [], own: ' \n ' })).toEqual(['own_empty']);
  });

  it('refuses leaving it to the agent when the agent recommends nothing', () => {
    const noRec = question('q', { recommended: null, untrustedRecommendedWhy: null });
    expect(codes(noRec, { choice: 'left_to_agent', optionKeys: [], own: '' })).toEqual(['no_recommendation']);
  });
});

describe('drafts to send', () => {
  it('sends the fitting answers and reports the rest by key', () => {
    const { answers, problems } = draftsToSend([single, multi, question('hosting')], {
      stack: { choice: 'own', optionKeys: [], own: 'Rust' },
      features: { choice: 'option', optionKeys: ['a', 'nope'], own: '' },
    });
    expect(answers).toEqual({ stack: { kind: 'own', own: 'Rust' } });
    expect(Object.keys(problems)).toEqual(['features']);
    expect(problems.features?.[0]?.message).toMatch(/no longer offered/);
  });

  it('ignores drafts for questions no longer shown', () => {
    const { answers } = draftsToSend([single], { gone: { choice: 'left_to_agent', optionKeys: [], own: '' } });
    expect(answers).toEqual({});
  });
});
