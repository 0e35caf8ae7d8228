import { describe, expect, it } from 'vitest';
import { QuestionsSchema, SessionSchema } from '@/lib/contract/sessions';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

async function open(body: Record<string, unknown>, key?: string) {
  const res = await emu.api('/sessions', { body, ...(key ? { key } : {}) });
  expect(res.status).toBe(201);
  return parse(SessionSchema, res.body);
}

async function session(id: string, key?: string) {
  return parse(SessionSchema, (await emu.api(`/sessions/${id}`, key ? { key } : {})).body);
}

async function putDetails(id: string, details: string) {
  const res = await emu.api(`/sessions/${id}/details`, { method: 'PUT', body: { details } });
  expect(res.status).toBe(200);
  return parse(QuestionsSchema, res.body);
}

async function putAnswers(id: string, answers: Record<string, unknown>) {
  return emu.api(`/sessions/${id}/answers`, { method: 'PUT', body: { answers } });
}

describe('POST /sessions and the question read', () => {
  it('a plan session without details: its questions, the required ones, and a gate that waits', async () => {
    const s = await open({ agentId: 'agt_postgres', way: 'plan' });
    expect(s).toMatchObject({
      status: 'open',
      way: 'plan',
      research: false,
      calls: 0,
      chargedCents: 0,
      lastCallAt: null,
      startedByThisConnection: true,
      results: [],
    });
    const q = s.questions;
    expect(q?.pass).toMatchObject({
      status: 'done',
      skippedWhy: null,
      verdict: 'fits',
      covers: false,
      current: true,
      fit: null,
      readsLeft: 2,
      canReread: true,
      planResultExists: false,
    });
    expect(q?.questions?.opening.map((x) => x.key)).toEqual(['pg_version', 'workload', 'hosting']);
    expect(q?.questions).toMatchObject({ followUps: [], required: ['pg_version', 'workload'], forQuestion: [] });
    expect(q?.shown.map((x) => x.key)).toEqual(['pg_version', 'workload', 'hosting']);
    const first = q?.questions?.opening[0];
    expect(first?.options.length).toBeGreaterThanOrEqual(2);
    expect(first).toMatchObject({ recommended: 'v16', multiple: false, showIf: null, forQuestion: false });
    expect(q?.gate).toEqual({
      ready: false,
      missing: [
        { key: 'pg_version', untrustedDetail: { untrustedText: 'Postgres version', truncated: false } },
        { key: 'workload', untrustedDetail: { untrustedText: 'Workload', truncated: false } },
      ],
    });
    expect(q?.answers).toEqual([]);
    expect(q?.shortCheck).toBeNull();
  });

  it('fills answers from the request (fromPrompt) and covers when every question is answered', async () => {
    const s = await open({
      agentId: 'agt_postgres',
      way: 'plan',
      details: 'Postgres 16, mostly reads, on a managed service',
    });
    const q = s.questions;
    expect(q?.untrustedDetails?.untrustedText).toBe('Postgres 16, mostly reads, on a managed service');
    expect(q?.answers.map((a) => [a.key, a.kind, a.optionKeys, a.fromPrompt, a.by])).toEqual([
      ['pg_version', 'option', ['v16'], true, 'connection'],
      ['workload', 'option', ['reads'], true, 'connection'],
      ['hosting', 'option', ['managed'], true, 'connection'],
    ]);
    expect(q?.pass.covers).toBe(true);
    expect(q?.shown).toEqual([]);
    expect(q?.gate).toEqual({ ready: true, missing: [] });
    expect(q?.details.map((d) => [d.key, d.untrustedDetail.untrustedText, d.untrustedAnswer.untrustedText])).toEqual([
      ['pg_version', 'Postgres version', 'Postgres 16'],
      ['workload', 'Workload', 'Mostly reads'],
      ['hosting', 'Hosting', 'Managed service'],
    ]);
  });

  it('judges a request about another kind of project as off, with the fit', async () => {
    // What the emulator sends (G20); the client reads only the fit's sentence (G34).
    const sent = async (details: string) => {
      const res = await emu.api('/sessions', { body: { agentId: 'agt_postgres', way: 'plan', details } });
      expect(res.status).toBe(201);
      return (res.body as { questions: { pass: { verdict: string; fit: Record<string, unknown> | null } } }).questions
        .pass;
    };
    const off = await sent('Write a React hooks migration for my frontend');
    expect(off.verdict).toBe('off');
    expect(off.fit).toMatchObject({
      verdict: 'another_agent',
      otherAgent: { agentId: 'agt_react' },
      choice: null,
      canStartAgent: true,
    });
    expect((await sent('Which violin strings sound warmest?')).fit?.verdict).toBe('no_agent');
  });

  it('a question session has no read, no questions to show, and a gate that never waits', async () => {
    const s = await open({ agentId: 'agt_postgres', way: 'question', details: 'Is vacuum full safe?' });
    expect(s.way).toBe('question');
    expect(s.questions).toMatchObject({
      way: 'question',
      questions: null,
      shown: [],
      gate: { ready: true, missing: [] },
    });
    expect(s.questions?.pass.status).toBeNull();
  });

  it('refuses bad bodies, unknown and retired agents, and secrets', async () => {
    expectError(await emu.api('/sessions', { body: { agentId: 'agt_postgres', way: 'chat' } }), 400, 'invalid_input');
    expectError(await emu.api('/sessions', { body: { agentId: 'agt_nobody', way: 'plan' } }), 404, 'not_found');
    expectError(await emu.api('/sessions', { body: { agentId: 'agt_perl', way: 'plan' } }), 409, 'agent_unavailable');
    expectError(
      await emu.api('/sessions', {
        body: { agentId: 'agt_postgres', way: 'plan', details: 'token: ghp_abcdefghijklmnopqrstuvwxyz0123456789' },
      }),
      400,
      'secret_in_details',
    );
  });
});

describe('answers, details and reads', () => {
  it('PUT answers keeps answers by key; left_to_agent takes the recommended option; the gate opens', async () => {
    const s = await open({ agentId: 'agt_postgres', way: 'plan' });
    const res = await putAnswers(s.sessionId, {
      pg_version: { kind: 'option', optionKeys: ['v15'] },
      workload: { kind: 'left_to_agent' },
    });
    expect(res.status).toBe(200);
    const q = parse(QuestionsSchema, res.body);
    expect(q.answers.map((a) => [a.key, a.kind, a.optionKeys, a.fromPrompt])).toEqual([
      ['pg_version', 'option', ['v15'], false],
      ['workload', 'left_to_agent', ['mixed'], false],
    ]);
    expect(q.details.find((d) => d.key === 'workload')?.untrustedAnswer.untrustedText).toBe(
      'Left to the agent: Mixed reads and writes',
    );
    expect(q.gate).toEqual({ ready: true, missing: [] });
    expect(q.shown.map((x) => x.key)).toEqual(['hosting']);
    const bad = expectError(
      await putAnswers(s.sessionId, { hosting: { kind: 'option', optionKeys: [] } }),
      400,
      'invalid_answers',
    );
    expect(bad.problems).toEqual([{ key: 'hosting', problem: 'no_option' }]);
    expectError(await putAnswers(s.sessionId, { hosting: { kind: 'guess' } }), 400, 'invalid_input');
    await emu.ctl('PATCH', `/sessions/${s.sessionId}`, { status: 'closed' });
    expectError(await putAnswers(s.sessionId, { hosting: { kind: 'left_to_agent' } }), 409, 'session_closed');
  });

  it('PUT details reads again, 3 reads a session; a skipped read lets the request go in as written', async () => {
    const s = await open({ agentId: 'agt_postgres', way: 'plan' });
    let q = await putDetails(s.sessionId, 'Postgres 13 please');
    expect(q.pass).toMatchObject({ status: 'done', readsLeft: 1, current: true });
    expect(q.answers.find((a) => a.key === 'pg_version')?.optionKeys).toEqual(['v13']);
    q = await putDetails(s.sessionId, 'Postgres 13, mostly writes');
    expect(q.pass.readsLeft).toBe(0);
    q = await putDetails(s.sessionId, 'Postgres 13, mostly writes, self-hosted');
    expect(q.pass).toMatchObject({ status: 'skipped', skippedWhy: 'session_limit', current: false, readsLeft: 0 });
    expect(q.gate).toEqual({ ready: true, missing: [] });
    expect(q.untrustedDetails?.untrustedText).toBe('Postgres 13, mostly writes, self-hosted');
  });

  it('member reads: 5 an hour and 20 a day', async () => {
    for (let i = 0; i < 5; i++)
      expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass.status).toBe('done');
    expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass).toMatchObject({
      status: 'skipped',
      skippedWhy: 'member_limit',
    });
    for (let hour = 1; hour < 4; hour++) {
      await emu.advance(3601);
      for (let i = 0; i < 5; i++)
        expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass.status).toBe('done');
    }
    await emu.advance(3601);
    expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass).toMatchObject({
      status: 'skipped',
      skippedWhy: 'member_limit',
    });
    await emu.advance(20 * 3600);
    expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass.status).toBe('done');
  });

  it('reads skipped as the site says: switched_off, site_budget, too_large; or failed', async () => {
    await emu.behaviour('agt_shell', { reads: 'switched_off' });
    expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass.skippedWhy).toBe('switched_off');
    await emu.behaviour('agt_shell', { reads: 'site_budget' });
    expect((await open({ agentId: 'agt_shell', way: 'plan' })).questions?.pass.skippedWhy).toBe('site_budget');
    await emu.behaviour('agt_shell', { reads: 'fail' });
    const failed = await open({ agentId: 'agt_shell', way: 'plan' });
    expect(failed.questions?.pass).toMatchObject({ status: 'failed', skippedWhy: null, readsLeft: 2 });
    expect(failed.questions?.gate.ready).toBe(true);
    await emu.behaviour('agt_shell', { reads: 'on' });
    expect(
      (await open({ agentId: 'agt_shell', way: 'plan', details: 'bash '.repeat(1700) })).questions?.pass.skippedWhy,
    ).toBe('too_large');
  });

  it('details cannot be rewritten once the plan call ran (409 invalid_state, reason plan_ran)', async () => {
    const s = await open({ agentId: 'agt_shell', way: 'plan', details: 'bash on linux' });
    await emu.start({
      agentId: 'agt_shell',
      callId: 'apply',
      sessionId: s.sessionId,
      answers: { shell: { kind: 'option', optionKeys: ['bash'] } },
    });
    const refused = expectError(
      await emu.api(`/sessions/${s.sessionId}/details`, { method: 'PUT', body: { details: 'zsh' } }),
      409,
      'invalid_state',
    );
    expect(refused.reason).toBe('plan_ran');
    expect((await session(s.sessionId)).questions?.pass.canReread).toBe(false);
  });

  it('short checks: an unclear typed answer is asked back (optional); 3 a day per member', async () => {
    const s = await open({ agentId: 'agt_postgres', way: 'plan' });
    let q = parse(
      QuestionsSchema,
      (await putAnswers(s.sessionId, { hosting: { kind: 'own', own: 'We run three Hetzner VMs in Falkenstein' } }))
        .body,
    );
    expect(q.shortCheck).toMatchObject({ status: 'clear', skippedWhy: null });
    q = parse(QuestionsSchema, (await putAnswers(s.sessionId, { pg_version: { kind: 'own', own: 'idk' } })).body);
    expect(q.shortCheck?.status).toBe('asked');
    const asked = q.shown.find((x) => x.key === 'pg_version_check');
    expect(asked?.untrustedAsk.untrustedText).toContain('"idk"');
    expect(q.questions?.required).not.toContain('pg_version_check');
    // Answering what was asked back is allowed.
    expect((await putAnswers(s.sessionId, { pg_version_check: { kind: 'option', optionKeys: ['v16'] } })).status).toBe(
      200,
    );
    q = parse(
      QuestionsSchema,
      (await putAnswers(s.sessionId, { workload: { kind: 'own', own: 'Lots of small writes from sensors' } })).body,
    );
    expect(q.shortCheck?.status).toBe('clear');
    q = parse(
      QuestionsSchema,
      (await putAnswers(s.sessionId, { workload: { kind: 'own', own: 'Sensors writing all day long' } })).body,
    );
    expect(q.shortCheck).toMatchObject({ status: 'skipped', skippedWhy: 'member_limit' });
    await emu.advance(24 * 3600);
    await emu.behaviour('agt_postgres', { shortChecks: 'site_budget' });
    q = parse(
      QuestionsSchema,
      (await putAnswers(s.sessionId, { workload: { kind: 'own', own: 'Sensors writing all day long' } })).body,
    );
    expect(q.shortCheck).toMatchObject({ status: 'skipped', skippedWhy: 'site_budget' });
    await emu.behaviour('agt_postgres', { shortChecks: 'on' });
    q = parse(
      QuestionsSchema,
      (await putAnswers(s.sessionId, { workload: { kind: 'own', own: `Sensors ${'x'.repeat(1000)}` } })).body,
    );
    expect(q.shortCheck).toMatchObject({ status: 'skipped', skippedWhy: 'too_large' });
  });
});

describe('GET /sessions/{sessionId}', () => {
  it('older calls from the seed: a returned one is free and keeps no note; an old passed one carries G13 values', async () => {
    const findSession = async (agentId: string) => {
      const all = await emu.ctl<{ sessions: { sessionId: string; agentId: string }[] }>(
        'GET',
        '/sessions?memberId=mem_demo',
      );
      return all.sessions.find((x) => x.agentId === agentId)?.sessionId ?? '';
    };
    const returned = await session(await findSession('agt_react'));
    expect(returned.status).toBe('closed');
    expect(returned.results[0]).toMatchObject({ status: 'returned', charge: null, note: null });
    const passed = await session(await findSession('agt_postgres'));
    const old = passed.results[0];
    expect(old?.status).toBe('passed');
    expect(old?.charge?.chargedCents).toBe(35);
    const startedBefore = Date.parse(old ? (passed.lastCallAt ?? '') : '') < Date.parse('2026-10-09T00:00:00Z');
    expect(old?.charge?.usualCents).toBe(startedBefore ? 400 : null);
  });

  it('answers the session with its results, charges and who started it', async () => {
    const s = await open({ agentId: 'agt_postgres', way: 'question' });
    const { runId } = await emu.start({
      agentId: 'agt_postgres',
      callId: 'question',
      sessionId: s.sessionId,
      question: 'vacuum?',
      maxCents: 100,
    });
    await emu.advance(10);
    await emu.ctl('PATCH', `/sessions/${s.sessionId}`, { movedNote: 'A contribution about <b>replication</b> left.' });
    const read = await session(s.sessionId);
    expect(read).toMatchObject({
      calls: 1,
      chargedCents: 23,
      startedByThisConnection: true,
      untrustedMovedNote: { untrustedText: 'A contribution about <b>replication</b> left.', truncated: false },
    });
    expect(read.lastCallAt).not.toBeNull();
    expect(read.results[0]).toMatchObject({ runId, status: 'passed' });
    const { key } = await emu.connect();
    expect((await session(s.sessionId, key)).startedByThisConnection).toBe(false);
    const other = await emu.connect({ memberId: 'mem_contrib' });
    expectError(await emu.api(`/sessions/${s.sessionId}`, { key: other.key }), 404, 'not_found');
    expectError(await emu.api('/sessions/ses_nothing'), 404, 'not_found');
    await emu.ctl('PATCH', `/sessions/${s.sessionId}`, { questionsUnreadable: true });
    expect((await session(s.sessionId)).questions).toBeNull();
    await emu.ctl('PATCH', `/sessions/${s.sessionId}`, { status: 'archived' });
    expectError(
      await emu.api('/calls', { body: { agentId: 'agt_postgres', callId: 'question', sessionId: s.sessionId } }),
      409,
      'session_closed',
    );
    await emu.ctl('PATCH', `/sessions/${s.sessionId}`, { status: 'deleted' });
    expectError(await emu.api(`/sessions/${s.sessionId}`), 404, 'not_found');
  });
});
