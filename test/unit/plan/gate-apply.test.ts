import { describe, expect, it } from 'vitest';
import { applyRefusalWords, decideApplyCall } from '@/lib/sessions/apply-call';
import { gateView, missingFirstAskedFirst } from '@/lib/sessions/gate';
import { decideRewrite, rereadWords, rewriteWords } from '@/lib/sessions/rewrite';
import { callResult, question, questionsObject, session, ut } from './fixtures';

const keys = (list: { key: string }[]) => list.map((m) => m.key);

describe('gate view', () => {
  it('lists what is missing first asked first, even when the site lists it in another order', () => {
    const q = questionsObject({ shown: [question('stack'), question('hosting'), question('budget')] });
    q.gate.missing = [q.gate.missing[2]!, q.gate.missing[0]!, q.gate.missing[1]!];
    expect(keys(missingFirstAskedFirst(q))).toEqual(['stack', 'hosting', 'budget']);
  });

  it('keeps the site order for keys it cannot place, after the asked ones', () => {
    const q = questionsObject({ shown: [question('stack')] });
    q.gate.missing = [
      { key: 'zeta', untrustedDetail: ut('Z') },
      { key: 'alpha', untrustedDetail: ut('A') },
      { key: 'stack', untrustedDetail: ut('S') },
    ];
    expect(keys(missingFirstAskedFirst(q))).toEqual(['stack', 'zeta', 'alpha']);
  });

  it('counts unsent answers as answered, and is ready when they cover everything', () => {
    const q = questionsObject();
    const part = gateView(q, { stack: { kind: 'left_to_agent' } });
    expect(part.ready).toBe(false);
    expect(keys(part.missing)).toEqual(['hosting']);
    expect(keys(part.answeredLocally)).toEqual(['stack']);

    const all = gateView(q, { stack: { kind: 'left_to_agent' }, hosting: { kind: 'own', own: 'On my server' } });
    expect(all.ready).toBe(true);
    expect(all.missing).toEqual([]);
  });

  it('is ready when the site says so', () => {
    const q = questionsObject({ gate: { ready: true, missing: [] } });
    expect(gateView(q).ready).toBe(true);
  });
});

describe('deciding an apply call', () => {
  it('waits for the gate and names what is missing, first asked first', () => {
    const d = decideApplyCall(session(), { details: '' });
    expect(d.send).toBe(false);
    if (d.send || d.reason !== 'details_missing') throw new Error('expected details_missing');
    expect(keys(d.missing)).toEqual(['stack', 'hosting']);
    expect(applyRefusalWords(d)).toMatch(/2 more details/);
  });

  it('goes once the answers sent with it fill the gate', () => {
    const answers = {
      stack: { kind: 'option' as const, optionKeys: ['a'] },
      hosting: { kind: 'left_to_agent' as const },
    };
    const d = decideApplyCall(session(), { details: '', answers });
    expect(d).toEqual({ send: true, revisesPlan: false, answers });
  });

  it('lets the first call of a new session go (the site answers details_missing if it must wait)', () => {
    expect(decideApplyCall(null, { details: 'Build a shop' }).send).toBe(true);
  });

  it('lets the site judge when the questions are unreadable', () => {
    expect(decideApplyCall(session({ questions: null }), { details: '' }).send).toBe(true);
  });

  it('refuses a closed, archived or deleted session', () => {
    for (const status of ['closed', 'archived', 'deleted'] as const) {
      const d = decideApplyCall(session({ status }), { details: 'x' });
      expect(d.send ? null : d.reason, status).toBe('session_closed');
    }
  });

  it('refuses an empty revision once the plan passed, and accepts each thing a revision may carry', () => {
    const planned = session({
      questions: questionsObject({
        pass: { planResultExists: true, canReread: false },
        gate: { ready: true, missing: [] },
      }),
    });
    const empty = decideApplyCall(planned, { details: '   \n ', question: ' ', fileIds: [], answers: {} });
    expect(empty.send ? null : empty.reason).toBe('revision_empty');
    if (!empty.send) expect(applyRefusalWords(empty)).toMatch(/what to change/);

    expect(decideApplyCall(planned, { details: 'Use Postgres' })).toMatchObject({ send: true, revisesPlan: true });
    expect(decideApplyCall(planned, { details: '', question: 'Why Postgres?' })).toMatchObject({
      send: true,
      revisesPlan: true,
    });
    expect(decideApplyCall(planned, { details: '', fileIds: ['f1'] })).toMatchObject({ send: true, revisesPlan: true });
    expect(decideApplyCall(planned, { details: '', answers: { stack: { kind: 'left_to_agent' } } })).toMatchObject({
      send: true,
      revisesPlan: true,
    });
  });

  it('sees a passed plan in the results when the questions are unreadable', () => {
    const planned = session({ questions: null, results: [callResult({ callId: 'apply', status: 'passed' })] });
    const d = decideApplyCall(planned, { details: '' });
    expect(d.send ? null : d.reason).toBe('revision_empty');
    const failed = session({ questions: null, results: [callResult({ callId: 'apply', status: 'failed' })] });
    expect(decideApplyCall(failed, { details: '' }).send).toBe(true);
  });

  it('refuses texts over their limits and too many files, counting characters as code points', () => {
    expect(decideApplyCall(null, { details: 'x'.repeat(20001) })).toMatchObject({
      send: false,
      reason: 'details_too_long',
    });
    expect(decideApplyCall(null, { details: '😀'.repeat(20000) }).send).toBe(true);
    expect(decideApplyCall(null, { details: '', question: 'q'.repeat(4001) })).toMatchObject({
      send: false,
      reason: 'question_too_long',
    });
    expect(decideApplyCall(null, { details: '', fileIds: ['1', '2', '3', '4', '5', '6', '7'] })).toMatchObject({
      send: false,
      reason: 'too_many_files',
    });
  });
});

describe('rewriting the request', () => {
  it('is refused once the plan ran', () => {
    const d = decideRewrite(questionsObject({ pass: { canReread: false } }), 'New request');
    expect(d).toEqual({ send: false, reason: 'plan_ran' });
    expect(rewriteWords({ send: false, reason: 'plan_ran' })).toMatch(/can no longer be rewritten/);
  });

  it('refuses an empty or unchanged request, and says whether it reads again', () => {
    const q = questionsObject();
    expect(decideRewrite(q, '  ')).toEqual({ send: false, reason: 'empty' });
    expect(decideRewrite(q, 'Build me a shop')).toEqual({ send: false, reason: 'unchanged' });
    expect(decideRewrite(q, 'Build me a bakery shop')).toEqual({ send: true, rereads: true });
    const noReads = decideRewrite(questionsObject({ pass: { readsLeft: 0 } }), 'Another');
    expect(noReads).toEqual({ send: true, rereads: false });
  });

  it('says once, where a rewrite spends one, how many reads the session has left', () => {
    expect(rereadWords({ readsLeft: 2 })).toBe(
      'Saving the new request reads it again and may ask new questions. It can be read 2 more times in this session.',
    );
    expect(rereadWords({ readsLeft: 1 })).toMatch(/It can be read once more in this session\.$/);
    expect(rereadWords({ readsLeft: 0 })).toMatch(/^No reads left in this session: the new request goes in as written/);
    // A count that could not be read is not guessed: the read again is said without it.
    expect(rereadWords({ readsLeft: { notRead: -1 } })).toBe(
      'Saving the new request reads it again and may ask new questions.',
    );
  });
});
