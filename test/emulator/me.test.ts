import { describe, expect, it } from 'vitest';
import { ConnectionSchema } from '@/lib/contract/connection';
import { StartCallAnswerSchema } from '@/lib/contract/calls';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

async function me(key?: string, query = '') {
  const res = await emu.api(`/me${query}`, key ? { key } : {});
  expect(res.status).toBe(200);
  return parse(ConnectionSchema, res.body);
}

describe('GET /me', () => {
  it('answers every field of the Connection object', async () => {
    const answer = await me();
    expect(answer).toMatchObject({
      apiVersion: 'v1',
      connection: { id: 'con_demo', name: 'Demo laptop' },
      keepsFindings: true,
      sessionId: null,
      switches: { sharing: true, files: true, spending: true, askBeforeNewAgent: false, tryNewAgents: true },
      limits: {
        sessionsPerDay: 3,
        callsPerDay: 20,
        openCallsMax: 3,
        approvalMinutes: 30,
        downloadBytesPerDay: 20_000_000,
      },
      today: { sessionsUsed: 0, callsUsed: 0 },
      spentInWindowCents: 0,
      spentSinceCents: null,
      downloadsLeftBytes: 20_000_000,
      balance: { purchasedCents: 2000, earnedCents: 350, promoCents: 500, heldCents: 0, spendableCents: 2850 },
    });
    expect(answer.privacyLine).toMatch(/Guild/);
  });

  it('records the privacy line as shown on the first read (G8), and keeps that time', async () => {
    const { key } = await emu.connect();
    const first = await me(key);
    expect(first.privacyLineShownAt).not.toBeNull();
    await emu.advance(60);
    expect((await me(key)).privacyLineShownAt).toBe(first.privacyLineShownAt);
    // "The first call through a connection returns the privacy line": even when GET /me showed it before.
    const started = parse(
      StartCallAnswerSchema,
      (await emu.api('/calls', { key, body: { agentId: 'agt_postgres', callId: 'question', question: 'Index?' } }))
        .body,
    );
    expect(started.privacyLine).toMatch(/Guild/);
    const second = parse(
      StartCallAnswerSchema,
      (await emu.api('/calls', { key, body: { agentId: 'agt_postgres', callId: 'question', question: 'Vacuum?' } }))
        .body,
    );
    expect(second.privacyLine).toBeNull();
    expect((await me(key)).privacyLineShownAt).toBe(first.privacyLineShownAt);
  });

  it('a key reads but cannot change switches, limits or the findings choice', async () => {
    const res = await emu.api('/me', { method: 'PATCH', body: { switches: { spending: false } } });
    expect(res.status).toBe(404);
    await emu.ctl('PATCH', '/connections/con_demo', {
      switches: { spending: false },
      limits: { callsPerDay: 12 },
      keepsFindings: false,
    });
    const answer = await me();
    expect(answer.switches.spending).toBe(false);
    expect(answer.limits.callsPerDay).toBe(12);
    expect(answer.keepsFindings).toBe(false);
  });

  it('counts sessions and calls over a rolling 24 hours, with holds and charges in spentInWindowCents', async () => {
    const a = await emu.start({ agentId: 'agt_postgres', callId: 'question', question: 'Why slow?' });
    // The first call holds the safety ceiling (2500); the second what is left.
    expect(a.holdCents).toBe(2500);
    const b = await emu.start({
      agentId: 'agt_postgres',
      callId: 'question',
      sessionId: a.sessionId,
      question: 'And vacuum?',
    });
    expect(b.holdCents).toBe(350);
    let answer = await me();
    expect(answer.today).toEqual({ sessionsUsed: 1, callsUsed: 2 });
    expect(answer.balance).toMatchObject({ heldCents: 2850, spendableCents: 0 });
    expect(answer.spentInWindowCents).toBe(2850);
    await emu.advance(60);
    answer = await me();
    expect(answer.balance.heldCents).toBe(0);
    // agt_postgres: 180000 + 45000 micros = 23 cents per call.
    expect(answer.spentInWindowCents).toBe(46);
    expect(answer.balance.spendableCents).toBe(2850 - 46);
    expect(answer.balance.promoCents).toBe(500 - 46);
    await emu.advance(24 * 3600 - 60);
    answer = await me();
    // The calls left the window; their charges (made a few seconds after the start) have not yet.
    expect(answer.today).toEqual({ sessionsUsed: 0, callsUsed: 0 });
    expect(answer.spentInWindowCents).toBe(46);
    await emu.advance(60);
    answer = await me();
    expect(answer.spentInWindowCents).toBe(0);
  });

  it('answers spentSinceCents with the running cost of failed calls, and refuses a bad spentSince', async () => {
    const before = new Date(Date.parse((await emu.ctl<{ now: string }>('GET', '/clock')).now) - 1000).toISOString();
    await emu.start({ agentId: 'agt_postgres', callId: 'question', question: 'Why slow?' });
    await emu.start({ agentId: 'agt_k8s', callId: 'question', question: 'Helm or kustomize?' });
    await emu.advance(60);
    const answer = await me(undefined, `?spentSince=${encodeURIComponent(before)}`);
    // 23 charged + 12 cents of running cost of the failed call (120000 micros).
    expect(answer.spentSinceCents).toBe(23 + 12);
    expect(answer.spentInWindowCents).toBe(23);
    const later = await me(
      undefined,
      `?spentSince=${encodeURIComponent(new Date(Date.now() + 10 * 86400_000).toISOString())}`,
    );
    expect(later.spentSinceCents).toBe(0);
    expect(expectError(await emu.api('/me?spentSince=yesterday'), 400, 'invalid_input').fields).toEqual(['spentSince']);
    expectError(await emu.api('/me?spentSince=2026-11-01T10:00:00'), 400, 'invalid_input');
  });

  it('answers null for money it cannot read right now', async () => {
    await emu.ctl('POST', '/members/mem_demo/credits', { earnedCents: null, spentUnreadable: true });
    const answer = await me(undefined, '?spentSince=2026-01-01T00:00:00Z');
    expect(answer.balance.earnedCents).toBeNull();
    expect(answer.balance.spendableCents).toBe(2000 + 500);
    expect(answer.spentInWindowCents).toBeNull();
    expect(answer.spentSinceCents).toBeNull();
  });
});
