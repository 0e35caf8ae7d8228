import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConnectionSchema } from '@/lib/contract/connection';
import { StartCallAnswerSchema } from '@/lib/contract/calls';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

const BODY = { agentId: 'agt_postgres', callId: 'question', question: 'Why is my query slow?', maxCents: 100 };

async function callsUsed() {
  return parse(ConnectionSchema, (await emu.api('/me')).body).today.callsUsed;
}

describe('Idempotency-Key', () => {
  it('is required on POST /calls, stop and report, and must be 1 to 255 printable characters', async () => {
    expectError(await emu.api('/calls', { body: BODY, idem: null }), 400, 'idempotency_key_required');
    expectError(await emu.api('/calls', { body: BODY, idem: 'x'.repeat(256) }), 400, 'idempotency_key_required');
    expectError(await emu.api('/calls', { body: BODY, idem: 'tab\tinside' }), 400, 'idempotency_key_required');
    const { runId } = await emu.start(BODY);
    expectError(await emu.api(`/calls/${runId}/stop`, { body: {}, idem: null }), 400, 'idempotency_key_required');
    expectError(
      await emu.api(`/calls/${runId}/report`, { body: { verdict: 'helped' }, idem: null }),
      400,
      'idempotency_key_required',
    );
    expect((await emu.api('/calls', { body: BODY, idem: 'x'.repeat(255) })).status).toBe(202);
  });

  it('a resend with the same key and body answers the first answer and starts nothing twice', async () => {
    const idem = randomUUID();
    const first = await emu.api('/calls', { body: BODY, idem });
    const again = await emu.api('/calls', {
      body: { maxCents: 100, question: BODY.question, callId: 'question', agentId: 'agt_postgres' },
      idem,
    });
    expect(again.status).toBe(202);
    expect(parse(StartCallAnswerSchema, again.body)).toEqual(parse(StartCallAnswerSchema, first.body));
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await callsUsed()).toBe(1);
  });

  it('answers 422 when the key was used for a different request', async () => {
    const idem = randomUUID();
    await emu.api('/calls', { body: BODY, idem });
    expectError(
      await emu.api('/calls', { body: { ...BODY, question: 'Another question?' }, idem }),
      422,
      'idempotency_key_reused',
    );
    const { runId } = await emu.start(BODY);
    expectError(await emu.api(`/calls/${runId}/stop`, { body: {}, idem }), 422, 'idempotency_key_reused');
  });

  it('is remembered for 24 hours', async () => {
    const idem = randomUUID();
    await emu.api('/calls', { body: BODY, idem });
    await emu.advance(24 * 3600 - 10);
    expectError(
      await emu.api('/calls', { body: { ...BODY, question: 'Other?' }, idem }),
      422,
      'idempotency_key_reused',
    );
    await emu.advance(20);
    expect((await emu.api('/calls', { body: { ...BODY, question: 'Other?' }, idem })).status).toBe(202);
  });

  it('answers 409 idempotency_in_progress while the first request still runs', async () => {
    await emu.ctl('POST', '/faults', { method: 'POST', path: '/api/v1/calls', delayMs: 1000, count: 1 });
    const idem = randomUUID();
    const slow = emu.api('/calls', { body: BODY, idem });
    // Waits until the emulator has the first request (logged, not yet answered), then resends.
    const arrived = async () => {
      const { requests } = await emu.ctl<{ requests: { path: string; status: number | null }[] }>(
        'GET',
        '/requests?path=/api/v1/calls',
      );
      return requests.some((r) => r.status === null);
    };
    while (!(await arrived())) await new Promise((r) => setTimeout(r, 10));
    expectError(await emu.api('/calls', { body: BODY, idem }), 409, 'idempotency_in_progress');
    expect((await slow).status).toBe(202);
    expect((await emu.api('/calls', { body: BODY, idem })).status).toBe(202);
    expect(await callsUsed()).toBe(1);
  });

  it('a request processed and then dropped is answered from memory on the retry: nothing starts twice', async () => {
    await emu.ctl('POST', '/faults', { method: 'POST', path: '/api/v1/calls', drop: true, count: 1 });
    const idem = randomUUID();
    await expect(emu.api('/calls', { body: BODY, idem })).rejects.toThrow();
    expect(await callsUsed()).toBe(1);
    const retry = await emu.api('/calls', { body: BODY, idem });
    expect(retry.status).toBe(202);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await callsUsed()).toBe(1);
  });

  it('does not remember refusals: the same intent may be sent again once its cause is fixed', async () => {
    const idem = randomUUID();
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
    expectError(await emu.api('/calls', { body: BODY, idem }), 403, 'needs_approval');
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: true } });
    expect((await emu.api('/calls', { body: BODY, idem })).status).toBe(202);
  });

  it('stop and report are idempotent too', async () => {
    const { runId } = await emu.start({ agentId: 'agt_docs', callId: 'question', question: 'README?', maxCents: 100 });
    await emu.advance(12);
    const idem = randomUUID();
    expect((await emu.api(`/calls/${runId}/stop`, { body: {}, idem })).status).toBe(200);
    // Without the key the second stop would be refused: the call is checking now.
    expect((await emu.api(`/calls/${runId}/stop`, { body: {}, idem })).status).toBe(200);
    await emu.advance(5);
    const reportKey = randomUUID();
    const report = { verdict: 'did_not_help', reasonKind: 'wrong' };
    expect((await emu.api(`/calls/${runId}/report`, { body: report, idem: reportKey })).status).toBe(200);
    expect(
      (await emu.api(`/calls/${runId}/report`, { body: report, idem: reportKey })).headers.get('Idempotent-Replayed'),
    ).toBe('true');
  });

  it('keys are per connection', async () => {
    const idem = randomUUID();
    await emu.api('/calls', { body: BODY, idem });
    const { key } = await emu.connect();
    const other = await emu.api('/calls', { key, body: { ...BODY, question: 'Different?' }, idem });
    expect(other.status).toBe(202);
  });
});
