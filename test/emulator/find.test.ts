import { describe, expect, it } from 'vitest';
import { AgentDetailSchema, AgentsAnswerSchema, FindAnswerSchema } from '@/lib/contract/find';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

async function find(description: string, key?: string) {
  const res = await emu.api('/find', { body: { description }, ...(key ? { key } : {}) });
  expect(res.status).toBe(200);
  return parse(FindAnswerSchema, res.body).agents;
}

describe('POST /find', () => {
  it('matches words against what each agent holds, best match first, then most used', async () => {
    const agents = await find('My Postgres query is slow and vacuum is stuck');
    expect(agents[0]?.matchBps).toBeLessThan(10000);
    expect((await find('postgres query slow vacuum'))[0]?.matchBps).toBe(10000);
    expect(agents[0]?.agentId).toBe('agt_postgres');
    for (let i = 1; i < agents.length; i++) {
      const [prev, cur] = [agents[i - 1], agents[i]];
      if (!prev || !cur) continue;
      expect(
        prev.matchBps > cur.matchBps || (prev.matchBps === cur.matchBps && prev.countedCalls >= cur.countedCalls),
      ).toBe(true);
    }
    const tie = await find('deploy a script');
    expect(tie.length).toBeGreaterThan(0);
  });

  it('answers at most 10 agents, and none for words no agent holds', async () => {
    const many = await find(
      'postgres shell script html react kubernetes security contract pipeline model ios rust api docs windows installer',
    );
    expect(many).toHaveLength(10);
    expect(await find('zzzz qqqq')).toEqual([]);
  });

  it('carries New until 10 counted calls, deprecated fields null, and the connection state', async () => {
    const cards = await find('contract nda licence fine-tuning lora rust borrow');
    const legal = cards.find((c) => c.agentId === 'agt_legal');
    expect(legal).toMatchObject({
      isNew: true,
      countedCalls: 0,
      connection: 'allowed',
      usualCents: null,
      neverMoreThanCents: null,
      usualSource: null,
      helpRateBps: null,
      likelyToCostLess: null,
    });
    expect(cards.find((c) => c.agentId === 'agt_rust')).toMatchObject({ isNew: true, countedCalls: 9 });
    // askBeforeNewAgent on: not_asked, then pending while an approval waits, then blocked after a decline.
    const { key } = await emu.connect({ switches: { askBeforeNewAgent: true } });
    expect((await find('rust borrow', key))[0]?.connection).toBe('not_asked');
    const refused = expectError(
      await emu.api('/calls', { key, body: { agentId: 'agt_rust', callId: 'question', question: 'why?' } }),
      403,
      'needs_approval',
    );
    expect((await find('rust borrow', key))[0]?.connection).toBe('pending');
    await emu.ctl('POST', `/approvals/${refused.approvalId}/decline`);
    expect((await find('rust borrow', key))[0]?.connection).toBe('blocked');
  });

  it('becomes not New once an agent reaches 10 counted calls, counting at most 3 per member in 30 days', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { limits: { openCallsMax: 10, sessionsPerDay: 10 } });
    await emu.start({ agentId: 'agt_rust', callId: 'question', question: 'borrow?', maxCents: 100 });
    await emu.advance(60);
    expect((await find('rust borrow'))[0]).toMatchObject({ countedCalls: 10, isNew: false });
    for (let i = 0; i < 3; i++)
      await emu.start({ agentId: 'agt_rust', callId: 'question', question: `borrow ${i}?`, maxCents: 100 });
    await emu.advance(60);
    // Only 3 from one member in 30 days count.
    expect((await find('rust borrow'))[0]?.countedCalls).toBe(12);
    await emu.advance(30 * 86400);
    await emu.start({ agentId: 'agt_rust', callId: 'question', question: 'a month later?', maxCents: 100 });
    await emu.advance(60);
    expect((await find('rust borrow'))[0]?.countedCalls).toBe(13);
    // A contributor's calls are never counted.
    const { key } = await emu.connect({ memberId: 'mem_contrib' });
    await emu.start({ agentId: 'agt_postgres', callId: 'question', question: 'vacuum?' }, key);
    await emu.advance(60);
    expect((await find('postgres'))[0]?.countedCalls).toBe(412);
  });

  it('keeps hostile text as data, cut at 2000 characters with truncated true', async () => {
    const cards = await find('security owasp xss pipeline kafka airflow');
    const sec = cards.find((c) => c.agentId === 'agt_security');
    expect(sec?.untrustedName.untrustedText).toContain("<img src=x onerror=alert('name')>");
    expect(sec?.untrustedStyleLine?.untrustedText).toContain('<script>');
    expect(sec?.untrustedKnows.untrustedText).toContain('javascript:');
    const data = cards.find((c) => c.agentId === 'agt_data');
    expect(data?.untrustedKnows.truncated).toBe(true);
    expect(Array.from(data?.untrustedKnows.untrustedText ?? '')).toHaveLength(2000);
  });

  it('refuses descriptions outside 3 to 2000 characters, secrets, bad JSON and bodies over 64 KB', async () => {
    expect(expectError(await emu.api('/find', { body: { description: 'ab' } }), 400, 'invalid_input').fields).toEqual([
      'description',
    ]);
    expectError(await emu.api('/find', { body: { description: 'x'.repeat(2001) } }), 400, 'invalid_input');
    expect((await emu.api('/find', { body: { description: '🐘🐘🐘' } })).status).toBe(200);
    expectError(await emu.api('/find', { body: {} }), 400, 'invalid_input');
    expectError(
      await emu.api('/find', { body: { description: 'postgres password=hunter2xyz1 slow' } }),
      400,
      'secret_in_details',
    );
    expectError(
      await emu.api('/find', { body: { description: `postgres ghp_${'a1'.repeat(20)}` } }),
      400,
      'secret_in_details',
    );
    expectError(await emu.api('/find', { raw: '{"description": "postgres"' }), 400, 'invalid_json');
    expectError(
      await emu.api('/find', { body: { description: 'postgres', pad: 'x'.repeat(70_000) } }),
      413,
      'too_large',
    );
  });
});

describe('GET /agents and GET /agents/{agentId}', () => {
  it('lists live agents, most used first, up to limit', async () => {
    const all = parse(AgentsAnswerSchema, (await emu.api('/agents?limit=50')).body).agents;
    expect(all.map((a) => a.agentId)).not.toContain('agt_perl');
    expect(all.length).toBeGreaterThanOrEqual(12);
    for (let i = 1; i < all.length; i++)
      expect((all[i - 1]?.countedCalls ?? 0) >= (all[i]?.countedCalls ?? 0)).toBe(true);
    expect(parse(AgentsAnswerSchema, (await emu.api('/agents')).body).agents.length).toBeLessThanOrEqual(20);
    expect(parse(AgentsAnswerSchema, (await emu.api('/agents?limit=2')).body).agents).toHaveLength(2);
    expectError(await emu.api('/agents?limit=0'), 400, 'invalid_input');
    expectError(await emu.api('/agents?limit=51'), 400, 'invalid_input');
  });

  it('answers an agent with the calls it offers', async () => {
    const detail = parse(AgentDetailSchema, (await emu.api('/agents/agt_api')).body);
    expect(detail.agent.slug).toBe('rest-api-designer');
    expect(detail.calls.map((c) => [c.callId, c.kind])).toEqual([
      ['apply', 'apply'],
      ['question', 'question'],
      ['starting_files', 'starting_files'],
      ['openapi_review', 'custom'],
    ]);
    expectError(await emu.api('/agents/agt_nobody'), 404, 'not_found');
  });
});
