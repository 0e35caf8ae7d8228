// Builders for session objects as lib/api parses them (on the API fixtures of test/fixtures/api.ts, with
// this folder's ids and texts); each test states only what it is about.
import type { Answer, Question, Questions, Session } from '@/lib/contract/sessions';
import type { CallResult } from '@/lib/contract/calls';
import { callResult as apiCallResult, questions as apiQuestions, session as apiSession, ut } from '@/test/fixtures/api';

export { ut };

export function question(key: string, over: Partial<Question> = {}): Question {
  return {
    key,
    untrustedAsk: ut(`Ask ${key}?`),
    untrustedWhy: ut(`Why ${key}`),
    untrustedDetail: ut(`Detail ${key}`),
    options: [
      { key: 'a', untrustedLabel: ut('Option A'), untrustedDescription: ut('About A') },
      { key: 'b', untrustedLabel: ut('Option B'), untrustedDescription: ut('About B') },
      { key: 'c', untrustedLabel: ut('Option C'), untrustedDescription: ut('About C') },
    ],
    recommended: 'b',
    untrustedRecommendedWhy: ut('B suits most projects'),
    multiple: false,
    showIf: null,
    forQuestion: false,
    ...over,
  };
}

export function answer(key: string, over: Partial<Answer> = {}): Answer {
  return {
    key,
    kind: 'option',
    optionKeys: ['a'],
    untrustedOwn: null,
    by: 'member',
    at: '2026-11-01T10:00:00Z',
    fromPrompt: false,
    ...over,
  };
}

type PassOver = Partial<Questions['pass']>;

export function questionsObject(over: Partial<Omit<Questions, 'pass'>> & { pass?: PassOver } = {}): Questions {
  const { pass, ...rest } = over;
  const opening = rest.shown ?? [question('stack'), question('hosting')];
  // The answer as sent; the same read but for fields read leniently (G34).
  const base = apiQuestions() as Questions;
  return {
    ...base,
    sessionId: 's1',
    agentId: 'ag1',
    untrustedDetails: ut('Build me a shop'),
    pass: { ...base.pass, at: '2026-11-01T09:00:00Z', ...pass },
    questions: { opening, followUps: [], required: opening.map((q) => q.key), forQuestion: [] },
    shown: opening,
    answers: [],
    details: [],
    gate: {
      ready: false,
      missing: opening.map((q) => ({ key: q.key, untrustedDetail: q.untrustedDetail })),
    },
    ...rest,
  };
}

export function callResult(over: Partial<CallResult> = {}): CallResult {
  return {
    ...apiCallResult(),
    runId: 'r1',
    sessionId: 's1',
    agentId: 'ag1',
    note: ut('The plan'),
    files: [],
    checks: [],
    charge: null,
    ...over,
  };
}

export function session(over: Partial<Session> = {}): Session {
  return {
    ...apiSession(),
    sessionId: 's1',
    agentId: 'ag1',
    untrustedAgentName: ut('Shop Builder'),
    calls: 0,
    chargedCents: 0,
    lastCallAt: null,
    questions: questionsObject(),
    results: [],
    ...over,
  };
}
