import { describe, expect, it } from 'vitest';
import { AgentCardSchema } from '@/lib/contract/find';
import { CALL_STATUSES, CallResultSchema, PreviewSchema } from '@/lib/contract/calls';
import { ClaimAnswerSchema, ConnectionSchema } from '@/lib/contract/connection';
import { charCount } from '@/lib/format/chars';
import { ErrorBodySchema } from '@/lib/contract/errors';
import { FindingSchema } from '@/lib/contract/findings';
import { isUnknownValue, knownValue } from '@/lib/contract/tolerant';
import { SessionSchema } from '@/lib/contract/sessions';
import { tolerantEnum } from '@/lib/contract/conventions';
import { AnswerInputSchema, StartCallRequestSchema } from '@/lib/contract/calls';
import { agentCard, callResult, claimAnswer, connection, finding, preview, questions, session } from './fixtures';

function issuePaths(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }): string[] {
  return (result.error?.issues ?? []).map((i) => i.path.join('.'));
}

describe('tolerant enums', () => {
  const Status = tolerantEnum(CALL_STATUSES);

  it('keeps a known value as itself', () => {
    expect(Status.parse('passed')).toBe('passed');
  });

  it('keeps an unknown value as { unknown }', () => {
    const value = Status.parse('refunded');
    expect(value).toEqual({ unknown: 'refunded' });
    expect(isUnknownValue(value)).toBe(true);
    expect(knownValue(value)).toBeUndefined();
    expect(knownValue(Status.parse('failed'))).toBe('failed');
  });

  it('still fails on a wrong type', () => {
    expect(Status.safeParse(3).success).toBe(false);
  });

  it('an unknown enum deep in an answer does not fail the answer', () => {
    const answer = session({
      status: 'frozen' as 'open',
      results: [callResult({ status: 'queued' as 'passed' })],
    });
    const parsed = SessionSchema.parse(answer);
    expect(parsed.status).toEqual({ unknown: 'frozen' });
    expect(parsed.results[0]?.status).toEqual({ unknown: 'queued' });
  });

  it('unknown values in cards, findings and previews are kept', () => {
    expect(AgentCardSchema.parse(agentCard({ connection: 'muted' as 'allowed' })).connection).toEqual({
      unknown: 'muted',
    });
    const f = FindingSchema.parse(finding({ kind: 'recipe' as 'pitfall', contributionState: 'paused' as 'kept' }));
    expect(f.kind).toEqual({ unknown: 'recipe' });
    expect(f.contributionState).toEqual({ unknown: 'paused' });
    const p = PreviewSchema.parse(
      preview({ approvalReason: 'night_mode' as 'new_agent', limitBy: 'weather' as 'credits' }),
    );
    expect(p.approvalReason).toEqual({ unknown: 'night_mode' });
    expect(p.limitBy).toEqual({ unknown: 'weather' });
  });
});

describe('unknown fields', () => {
  it('are dropped, at every level', () => {
    const parsed = CallResultSchema.parse({
      ...callResult(),
      brandNew: 1,
      charge: { ...callResult().charge, taxMicros: 5 },
    });
    expect(parsed).not.toHaveProperty('brandNew');
    expect(parsed.charge).not.toHaveProperty('taxMicros');
  });
});

describe('wrong types fail naming the path', () => {
  it('a string where cents are expected', () => {
    const bad = { ...connection(), balance: { ...connection().balance, spendableCents: '500' } };
    expect(issuePaths(ConnectionSchema.safeParse(bad))).toEqual(['balance.spendableCents']);
  });

  it('cents and micros that are not whole are "could not be read" there, not a failure (G34)', () => {
    const bad = callResult();
    const result = CallResultSchema.parse({
      ...bad,
      charge: { ...bad.charge, chargedCents: 1.5, runningCostMicros: 0.1 },
    });
    expect(result.charge).toMatchObject({ chargedCents: { notRead: 1.5 }, runningCostMicros: { notRead: 0.1 } });
  });

  it('a UT given as a plain string', () => {
    const result = SessionSchema.safeParse({ ...session(), questions: { ...questions(), untrustedDetails: 'plain' } });
    expect(issuePaths(result)).toEqual(['questions.untrustedDetails']);
  });

  it('a missing field the contract requires', () => {
    const { partial: _partial, ...rest } = callResult();
    expect(issuePaths(CallResultSchema.safeParse(rest))).toEqual(['partial']);
  });

  it('the claim answer key must be gpc_ and 43 characters', () => {
    expect(ClaimAnswerSchema.safeParse(claimAnswer()).success).toBe(true);
    expect(issuePaths(ClaimAnswerSchema.safeParse(claimAnswer({ key: 'gpc_short' })))).toEqual(['key']);
  });
});

describe('times', () => {
  it('date-times need a zone; offsets and fractions are fine', () => {
    for (const at of ['2026-05-01T10:00:00Z', '2026-05-01T10:00:00+02:00', '2026-05-01T10:00:00.123Z']) {
      expect(FindingSchema.safeParse(finding({ createdAt: at })).success, at).toBe(true);
    }
    for (const at of ['2026-05-01T10:00:00', '2026-05-01', 'yesterday']) {
      expect(issuePaths(FindingSchema.safeParse(finding({ createdAt: at }))), at).toEqual(['createdAt']);
    }
  });

  it('learnedAt is YYYY-MM-DD or null', () => {
    expect(FindingSchema.safeParse(finding({ learnedAt: null })).success).toBe(true);
    expect(issuePaths(FindingSchema.safeParse(finding({ learnedAt: '2026-04-30T00:00:00Z' })))).toEqual(['learnedAt']);
    expect(issuePaths(FindingSchema.safeParse(finding({ learnedAt: '30/04/2026' })))).toEqual(['learnedAt']);
  });
});

describe('deprecated fields', () => {
  it('are accepted as null or absent', () => {
    const { usualCents: _u, likelyToCostLess: _l, ...card } = agentCard();
    expect(AgentCardSchema.safeParse(card).success).toBe(true);
    expect(AgentCardSchema.safeParse(agentCard()).success).toBe(true);
  });

  it('an always-null field with a value is read as null, not a failure', () => {
    const parsed = AgentCardSchema.parse({ ...agentCard(), helpRateBps: 9000, usualSource: 'old' });
    expect(parsed.helpRateBps).toBeNull();
    expect(parsed.usualSource).toBeNull();
  });

  it('deprecated preview and charge numbers may carry their substitute or null', () => {
    expect(PreviewSchema.parse(preview({ largestCallCents: null })).largestCallCents).toBeNull();
    const old = callResult({
      charge: {
        chargedCents: 1,
        runningCostMicros: 1,
        upchargeMicros: 0,
        usualCents: 500,
        neverMoreThanCents: 500,
        laterTriesNotCharged: 0,
      },
    });
    expect(CallResultSchema.parse(old).charge?.usualCents).toBe(500);
  });
});

describe('request schemas encode the contract limits', () => {
  const ok = { agentId: 'ag_1', callId: 'apply' };

  it.each([
    ['agentId empty', { agentId: '' }, 'agentId'],
    ['agentId 65 characters', { agentId: 'a'.repeat(65) }, 'agentId'],
    ['sessionId 65 characters', { sessionId: 's'.repeat(65) }, 'sessionId'],
    ['fromAsk empty', { fromAsk: '' }, 'fromAsk'],
    ['details 20001 characters', { details: 'd'.repeat(20_001) }, 'details'],
    ['question 4001 characters', { question: 'q'.repeat(4001) }, 'question'],
    ['7 fileIds', { fileIds: ['1', '2', '3', '4', '5', '6', '7'] }, 'fileIds'],
    ['maxCents 0', { maxCents: 0 }, 'maxCents'],
    ['maxCents 1.5', { maxCents: 1.5 }, 'maxCents'],
    ['subject unknown', { subject: 'whatever' }, 'subject'],
    ['keepFindings', { keepFindings: false }, 'keepFindings'],
    ['an answer of an unknown kind', { answers: { k: { kind: 'maybe' } } }, 'answers.k.kind'],
  ])('refuses %s', (_name, over, path) => {
    expect(issuePaths(StartCallRequestSchema.safeParse({ ...ok, ...over }))).toEqual([path]);
  });

  it('accepts the limits themselves', () => {
    const body = {
      ...ok,
      agentId: 'a'.repeat(64),
      details: 'd'.repeat(20_000),
      question: 'q'.repeat(4000),
      fileIds: ['1', '2', '3', '4', '5', '6'],
      maxCents: 1,
      subject: 'new_agent',
      answers: { k: { kind: 'left_to_agent' }, o: { kind: 'own', own: 'mine' } },
    };
    expect(StartCallRequestSchema.safeParse(body).success).toBe(true);
  });

  it('counts characters as code points (G19)', () => {
    expect(charCount('😀😀')).toBe(2);
    expect(StartCallRequestSchema.safeParse({ ...ok, question: '😀'.repeat(4000) }).success).toBe(true);
    expect(StartCallRequestSchema.safeParse({ ...ok, question: '😀'.repeat(4001) }).success).toBe(false);
  });

  it('answer inputs: option, own (≤ 2000), left_to_agent', () => {
    expect(AnswerInputSchema.safeParse({ kind: 'option', optionKeys: ['a'] }).success).toBe(true);
    expect(AnswerInputSchema.safeParse({ kind: 'own', own: 'x'.repeat(2001) }).success).toBe(false);
    expect(AnswerInputSchema.safeParse({ kind: 'left_to_agent' }).success).toBe(true);
  });
});

describe('the error body (G1)', () => {
  it('is { error: { code, message, ...extras } }', () => {
    const body = { error: { code: 'short', message: 'Too few credits', topUpUrl: 'https://guild.example/top-up' } };
    expect(ErrorBodySchema.parse(body)).toEqual(body);
    expect(ErrorBodySchema.safeParse({ code: 'short' }).success).toBe(false);
  });
});
