import { describe, expect, it } from 'vitest';
import { planResultExists, resultRole, revisionWords } from '@/lib/sessions/plan-revision';
import { answerByWords, sessionStatusWords, shortCheckWords, skippedWhyWords, wayWords } from '@/lib/words/sessions';
import { callResult, questionsObject, session } from './fixtures';

describe('session words', () => {
  it('words every skippedWhy and names an unknown one', () => {
    expect(skippedWhyWords(null)).toBeNull();
    expect(skippedWhyWords('switched_off')).toMatch(/switched off/);
    expect(skippedWhyWords('session_limit')).toMatch(/3 reads/);
    expect(skippedWhyWords('member_limit')).toMatch(/5 an hour, 20 a day/);
    expect(skippedWhyWords('site_budget')).toMatch(/can’t read more requests/);
    expect(skippedWhyWords('too_large')).toMatch(/too large/);
    expect(skippedWhyWords({ unknown: 'moon_phase' })).toMatch(/unknown.*moon_phase/);
  });

  it('words the short check', () => {
    expect(shortCheckWords(null)).toBeNull();
    expect(shortCheckWords({ status: 'clear', skippedWhy: null })).toMatch(/clear/);
    expect(shortCheckWords({ status: 'asked', skippedWhy: null })).toMatch(/optional/);
    expect(shortCheckWords({ status: 'skipped', skippedWhy: 'member_limit' })).toMatch(/3 checks for today/);
    expect(shortCheckWords({ status: 'failed', skippedWhy: null })).toMatch(/as written/);
  });

  it('words the session status, way and who answered', () => {
    expect(sessionStatusWords('open')).toBe('Open');
    expect(sessionStatusWords('closed')).toMatch(/new session/);
    expect(sessionStatusWords({ unknown: 'frozen' })).toMatch(/frozen/);
    expect(wayWords('plan')).toBe('Plan my project');
    expect(wayWords('question')).toBe('Ask a question');
    expect(answerByWords('member', false)).toBe('Answered by you');
    expect(answerByWords('connection', false)).toBe('Answered by this connection');
    expect(answerByWords('member', true)).toBe('Filled in from your request');
  });
});

describe('plan revisions', () => {
  it('knows from the questions object, or from the results, whether a plan exists', () => {
    expect(planResultExists(session())).toBe(false);
    expect(planResultExists(session({ questions: questionsObject({ pass: { planResultExists: true } }) }))).toBe(true);
    expect(planResultExists(session({ questions: null, results: [callResult()] }))).toBe(true);
    expect(planResultExists(session({ questions: null, results: [callResult({ callId: 'question' })] }))).toBe(false);
  });

  it('tells each result’s part in the plan', () => {
    expect(resultRole(callResult())).toBe('plan');
    expect(resultRole(callResult({ revisesPlan: true }))).toBe('plan_revised');
    expect(resultRole(callResult({ revisesPlan: true, planUnchanged: true }))).toBe('plan_unchanged');
    expect(resultRole(callResult({ revisesPlan: true, status: 'failed' }))).toBe('revision_not_done');
    expect(resultRole(callResult({ callId: 'question' }))).toBe('answer_alone');
    expect(resultRole(callResult({ callId: 'starting_files' }))).toBe('other');
  });

  it('says planUnchanged keeps the earlier plan, and a question call leaves it', () => {
    expect(revisionWords(callResult({ revisesPlan: true, planUnchanged: true }), true)).toMatch(/stays as it was/);
    expect(revisionWords(callResult({ revisesPlan: true }), true)).toMatch(/revised the plan/);
    expect(revisionWords(callResult({ revisesPlan: true, status: 'failed' }), true)).toMatch(/stays as it was/);
    expect(revisionWords(callResult({ callId: 'question' }), true)).toMatch(/on its own/);
    expect(revisionWords(callResult({ callId: 'question' }), false)).toBeNull();
  });
});
