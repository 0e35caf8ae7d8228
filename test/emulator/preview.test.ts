import { describe, expect, it } from 'vitest';
import { PreviewSchema } from '@/lib/contract/calls';
import { SessionSchema } from '@/lib/contract/sessions';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

async function preview(path: string, key?: string) {
  const res = await emu.api(path, key ? { key } : {});
  expect(res.status).toBe(200);
  return parse(PreviewSchema, res.body);
}

async function quote(body: Record<string, unknown>, key?: string) {
  const res = await emu.api('/calls/quote', { body, ...(key ? { key } : {}) });
  expect(res.status).toBe(200);
  return parse(PreviewSchema, res.body);
}

describe('GET /agents/{agentId}/calls/{callId}/preview', () => {
  it('answers the line to show, the limit (not a price), today, and a fit that is always unclear', async () => {
    const p = await preview('/agents/agt_postgres/calls/question/preview');
    expect(p).toMatchObject({
      agentId: 'agt_postgres',
      callId: 'question',
      untrustedName: { untrustedText: 'Ask a question', truncated: false },
      chargedFor: 'what_it_uses',
      limitCents: 2500,
      limitBy: 'safety_ceiling',
      holdCents: 2500,
      spendableCents: 2850,
      refusal: null,
      needsApproval: false,
      approvalReason: null,
      approvalLine: null,
      today: { sessionsUsed: 0, sessionsAllowed: 3, callsUsed: 0, callsAllowed: 20 },
      isNew: false,
      gate: null,
      fit: { verdict: 'unclear', sentence: null, otherAgent: null, choice: null, canStartAgent: true },
      largestCallCents: 2500,
      neverMoreThanCents: 2500,
      perCall: null,
      usualCents: null,
    });
    expect(p.sentence).toMatch(/\$25\.00/);
    expect(p.privacyLine).toMatch(/Guild/);
    // Nothing is held.
    expect(((await emu.api('/me')).body as { balance: { heldCents: number } }).balance.heldCents).toBe(0);
  });

  it('limitBy credits when credits are the smallest; isNew; the refusal a call would get', async () => {
    await emu.ctl('POST', '/members/mem_demo/credits', { purchasedCents: 100, earnedCents: 0, promoCents: 0 });
    expect(await preview('/agents/agt_legal/calls/question/preview')).toMatchObject({
      limitCents: 100,
      limitBy: 'credits',
      isNew: true,
    });
    await emu.ctl('POST', '/members/mem_demo/credits', { purchasedCents: 3 });
    expect((await preview('/agents/agt_postgres/calls/apply/preview')).refusal).toBe('short');
    expect((await preview('/agents/agt_perl/calls/question/preview')).refusal).toBe('agent_unavailable');
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { tryNewAgents: false } });
    expect((await preview('/agents/agt_legal/calls/question/preview')).refusal).toBe('switched_off');
  });

  it('with sessionId: the session as it stands, with the gate of the apply call', async () => {
    const session = parse(
      SessionSchema,
      (await emu.api('/sessions', { body: { agentId: 'agt_postgres', way: 'plan' } })).body,
    );
    const p = await preview(`/agents/agt_postgres/calls/apply/preview?sessionId=${session.sessionId}`);
    expect(p.gate?.ready).toBe(false);
    expect(p.gate?.missing.map((m) => m.key)).toEqual(['pg_version', 'workload']);
    expect(p.refusal).toBe('details_missing');
    expect(
      (await preview(`/agents/agt_postgres/calls/question/preview?sessionId=${session.sessionId}`)).gate,
    ).toBeNull();
    expectError(await emu.api('/agents/agt_postgres/calls/apply/preview?sessionId=ses_nothing'), 404, 'not_found');
    expectError(await emu.api('/agents/agt_nobody/calls/apply/preview'), 404, 'not_found');
    expectError(await emu.api('/agents/agt_postgres/calls/nothing/preview'), 404, 'not_found');
  });
});

describe('POST /calls/quote', () => {
  it('judges the exact request: the fit reads its words', async () => {
    expect(
      (await quote({ agentId: 'agt_postgres', callId: 'question', question: 'my postgres index' })).fit,
    ).toMatchObject({ verdict: 'fits', sentence: null });
    const another = (
      await quote({ agentId: 'agt_postgres', callId: 'question', question: 'kubernetes helm chart rollout' })
    ).fit;
    expect(another.verdict).toBe('another_agent');
    expect(another.otherAgent).toMatchObject({ agentId: 'agt_k8s', slug: 'kubernetes-deploy-planner' });
    expect(another.sentence?.untrustedText).toMatch(/Kubernetes Deploy Planner/);
    const none = (
      await quote({ agentId: 'agt_postgres', callId: 'question', question: 'Which violin strings sound warmest?' })
    ).fit;
    expect(none).toMatchObject({ verdict: 'no_agent', otherAgent: null, choice: null, canStartAgent: true });
    expect((await quote({ agentId: 'agt_postgres', callId: 'question', question: '!!! ??' })).fit.verdict).toBe(
      'unclear',
    );
  });

  it('maxCents sets the limit (caller_max); refusals come as refusal; the session keeps the choice', async () => {
    expect(await quote({ agentId: 'agt_postgres', callId: 'question', maxCents: 77 })).toMatchObject({
      limitCents: 77,
      limitBy: 'caller_max',
      holdCents: 77,
    });
    expect((await quote({ agentId: 'agt_postgres', callId: 'apply', maxCents: 5 })).refusal).toBe('over_max');
    const { key } = await emu.connect({ keepsFindings: false });
    const off = { agentId: 'agt_postgres', callId: 'question', question: 'Which violin strings sound warmest?' };
    const p = await quote({ ...off, subject: 'new_agent' }, key);
    expect(p.refusal).toBe('findings_off');
    expect(p.fit.canStartAgent).toBe(false);
    const started = await emu.start({ ...off, subject: 'ask_anyway', maxCents: 50 }, key);
    expect((await quote({ ...off, sessionId: started.sessionId }, key)).fit.choice).toBe('ask_anyway');
    expectError(await emu.api('/calls/quote', { body: { callId: 'question' } }), 400, 'invalid_input');
    expectError(
      await emu.api('/calls/quote', { body: { agentId: 'agt_nobody', callId: 'question' } }),
      404,
      'not_found',
    );
    // A quote needs no Idempotency-Key and starts nothing.
    expect(((await emu.api('/me', { key })).body as { today: { callsUsed: number } }).today.callsUsed).toBe(1);
  });
});
