import { describe, expect, it } from 'vitest';
import { ClaimAnswerSchema, ConnectionSchema, CONNECTION_KEY_PATTERN } from '@/lib/contract/connection';
import { DEMO_KEY, expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

async function code(options: Record<string, unknown> = {}) {
  return emu.ctl<{ code: string; connectionId: string; memberId: string; expiresAt: string }>(
    'POST',
    '/connect-codes',
    options,
  );
}

function claim(c: unknown) {
  return emu.api('/connections/claim', { key: null, body: { code: c } });
}

describe('POST /connections/claim', () => {
  it('swaps a code once for a gpc_ key, with the connection, switches and env', async () => {
    const made = await code({ name: 'CI runner', switches: { files: true, sharing: false }, keepsFindings: true });
    expect(made.code).toMatch(/^GLD-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const res = await claim(made.code);
    expect(res.status).toBe(200);
    const answer = parse(ClaimAnswerSchema, res.body);
    expect(answer.key).toMatch(CONNECTION_KEY_PATTERN);
    expect(answer.siteUrl).toBe(emu.url);
    expect(answer.connection).toEqual({ id: made.connectionId, name: 'CI runner', sessionId: null });
    expect(answer.switches).toMatchObject({ files: true, sharing: false, spending: true, tryNewAgents: true });
    expect(answer.env.map((e) => e.variable)).toContain('GUILD_FILES_DIR');
    const me = parse(ConnectionSchema, (await emu.api('/me', { key: answer.key })).body);
    expect(me.connection.id).toBe(made.connectionId);
    expect(me.keepsFindings).toBe(true);
    // Used: the same refusal as an unknown code, and nothing changes.
    expectError(await claim(made.code), 400, 'code_not_valid');
  });

  it('ignores case, spaces and dashes', async () => {
    const made = await code();
    const messy = ` ${made.code.toLowerCase().replace(/-/g, ' - ')} `;
    expect((await claim(messy)).status).toBe(200);
    const again = await code();
    expect((await claim(again.code.replace(/-/g, ''))).status).toBe(200);
  });

  it('works for 15 minutes only; expired, unknown and wrongly shaped codes get the same refusal', async () => {
    const made = await code();
    await emu.advance(15 * 60 - 1);
    const fresh = await code();
    await emu.advance(2);
    const expired = expectError(await claim(made.code), 400, 'code_not_valid');
    const unknown = expectError(await claim('GLD-AAAA-BBBB'), 400, 'code_not_valid');
    const shaped = expectError(await claim('not a code at all'), 400, 'code_not_valid');
    expect(expired.message).toBe(unknown.message);
    expect(shaped.message).toBe(unknown.message);
    expect((await claim(fresh.code)).status).toBe(200);
  });

  it('answers invalid_input for a missing, non-string or over-long code', async () => {
    expect(
      expectError(await emu.api('/connections/claim', { key: null, body: {} }), 400, 'invalid_input').fields,
    ).toEqual(['code']);
    expectError(await claim(42), 400, 'invalid_input');
    expectError(await claim(''), 400, 'invalid_input');
    expectError(await claim('A'.repeat(41)), 400, 'invalid_input');
    expectError(await emu.api('/connections/claim', { key: null, raw: '{"code":' }), 400, 'invalid_json');
  });

  it('limits claims per address (20 a minute) with Retry-After', async () => {
    for (let i = 0; i < 20; i++)
      expectError(await claim(`GLD-AAAA-${String(i).padStart(4, 'X')}`), 400, 'code_not_valid');
    const limited = await claim('GLD-AAAA-ZZZZ');
    expectError(limited, 429, 'rate_limited');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    await emu.advance(61);
    expectError(await claim('GLD-AAAA-ZZZZ'), 400, 'code_not_valid');
  });

  it('limits tries at one code (10 in 15 minutes)', async () => {
    const made = await code();
    await emu.ctl('POST', `/connections/${made.connectionId}/revoke`);
    for (let i = 0; i < 10; i++) {
      expectError(await claim(made.code), 400, 'code_not_valid');
      if (i % 5 === 4) await emu.advance(61); // stay under the per-address limit
    }
    expectError(await claim(made.code.toLowerCase()), 429, 'rate_limited');
  });
});

describe('the key', () => {
  it('answers 401 unauthenticated without a key, with a wrong one, or with a signed-in access token', async () => {
    expectError(await emu.api('/me', { key: null }), 401, 'unauthenticated');
    expectError(await emu.api('/me', { key: `gpc_${'A'.repeat(43)}` }), 401, 'unauthenticated');
    expectError(await emu.api('/me', { key: 'mcp_at_3f9a8b7c6d5e4f3a2b1c' }), 401, 'unauthenticated');
    const res = await emu.request('/api/v1/me', { key: null, headers: { Authorization: `Basic ${DEMO_KEY}` } });
    expectError(res, 401, 'unauthenticated');
    expect((await emu.api('/me')).status).toBe(200);
  });

  it('answers 401 key_revoked once the member revokes the connection', async () => {
    const { key, connectionId } = await emu.connect();
    expect((await emu.api('/me', { key })).status).toBe(200);
    await emu.ctl('POST', `/connections/${connectionId}/revoke`);
    expectError(await emu.api('/me', { key }), 401, 'key_revoked');
    expectError(await emu.api('/find', { key, body: { description: 'postgres' } }), 401, 'key_revoked');
  });

  it('answers 403 account_suspended for a suspended member, and works again when lifted', async () => {
    await emu.ctl('POST', '/members/mem_demo/suspend');
    expectError(await emu.api('/me'), 403, 'account_suspended');
    expectError(
      await emu.api('/calls', { body: { agentId: 'agt_postgres', callId: 'question' } }),
      403,
      'account_suspended',
    );
    await emu.ctl('POST', '/members/mem_demo/suspend', { suspended: false });
    expect((await emu.api('/me')).status).toBe(200);
  });

  it("a revoked connection's unclaimed code no longer works", async () => {
    const made = await code();
    await emu.ctl('POST', `/connections/${made.connectionId}/revoke`);
    expectError(await claim(made.code), 400, 'code_not_valid');
  });
});

describe('session-scoped keys', () => {
  it('reach only their session, its plan, questions and calls', async () => {
    const session = (
      await emu.api('/sessions', {
        body: { agentId: 'agt_postgres', way: 'plan', details: 'Postgres 16, mostly reads' },
      })
    ).body as {
      sessionId: string;
    };
    const other = (await emu.api('/sessions', { body: { agentId: 'agt_postgres', way: 'question' } })).body as {
      sessionId: string;
    };
    const { key } = await emu.connect({ sessionId: session.sessionId });
    const me = parse(ConnectionSchema, (await emu.api('/me', { key })).body);
    expect(me.sessionId).toBe(session.sessionId);
    expect((await emu.api(`/sessions/${session.sessionId}`, { key })).status).toBe(200);
    expectError(await emu.api(`/sessions/${other.sessionId}`, { key }), 403, 'session_scoped');
    expectError(await emu.api('/sessions/ses_nothing', { key }), 403, 'session_scoped');
    expectError(await emu.api('/find', { key, body: { description: 'postgres' } }), 403, 'session_scoped');
    expectError(await emu.api('/agents', { key }), 403, 'session_scoped');
    expectError(await emu.api('/agents/agt_postgres', { key }), 403, 'session_scoped');
    expectError(await emu.api('/agents/agt_postgres/calls/apply/preview', { key }), 403, 'session_scoped');
    expectError(
      await emu.api('/calls/quote', { key, body: { agentId: 'agt_postgres', callId: 'question' } }),
      403,
      'session_scoped',
    );
    expectError(await emu.api('/findings', { key }), 403, 'session_scoped');
    expectError(
      await emu.api('/sessions', { key, body: { agentId: 'agt_postgres', way: 'plan' } }),
      403,
      'session_scoped',
    );
    expectError(await emu.api('/shared-projects', { key }), 403, 'session_scoped');
    // A call needs its session: none (a new session) or another one is refused.
    expectError(
      await emu.api('/calls', { key, body: { agentId: 'agt_postgres', callId: 'question' } }),
      403,
      'session_scoped',
    );
    expectError(
      await emu.api('/calls', {
        key,
        body: { agentId: 'agt_postgres', callId: 'question', sessionId: other.sessionId },
      }),
      403,
      'session_scoped',
    );
    const started = await emu.start(
      { agentId: 'agt_postgres', callId: 'question', sessionId: session.sessionId, question: 'Why is vacuum slow?' },
      key,
    );
    expect((await emu.api(`/calls/${started.runId}`, { key })).status).toBe(200);
    const outside = await emu.start({
      agentId: 'agt_postgres',
      callId: 'question',
      sessionId: other.sessionId,
      question: 'Index?',
    });
    expectError(await emu.api(`/calls/${outside.runId}`, { key }), 403, 'session_scoped');
    expectError(await emu.api(`/calls/${outside.runId}/stop`, { key, body: {} }), 403, 'session_scoped');
  });
});
