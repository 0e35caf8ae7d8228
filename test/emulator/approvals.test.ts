import { describe, expect, it } from 'vitest';
import { ApprovalSchema, CallResultSchema, PreviewSchema } from '@/lib/contract/calls';
import { SessionSchema } from '@/lib/contract/sessions';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

const BODY = { agentId: 'agt_postgres', callId: 'question', question: 'Why is my query slow?', maxCents: 100 };

async function approval(id: string, key?: string) {
  const res = await emu.api(`/approvals/${id}`, key ? { key } : {});
  expect(res.status).toBe(200);
  return parse(ApprovalSchema, res.body);
}

describe('rule 2: approvals', () => {
  it('spending off: every call needs approval; approved once, the same call runs once within 30 minutes', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
    const refused = expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval');
    expect(refused.reason).toBe('spending_off');
    expect(refused.approvalUrl).toBe(`${emu.url}/approvals/${refused.approvalId}`);
    const id = refused.approvalId ?? '';
    expect(await approval(id)).toMatchObject({
      approvalId: id,
      reason: 'spending_off',
      status: 'pending',
      agentId: 'agt_postgres',
      callId: 'question',
      maxCents: 100,
      approvedAt: null,
    });
    // The same call again while it waits: the same approval.
    expect(expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval').approvalId).toBe(id);
    // Not approved yet: not usable.
    expectError(await emu.api('/calls', { body: { ...BODY, approvalId: id } }), 409, 'approval_not_usable');
    await emu.ctl('POST', `/approvals/${id}/approve`);
    expect((await approval(id)).status).toBe('approved');
    // Another call or amount: not usable.
    expectError(
      await emu.api('/calls', { body: { ...BODY, maxCents: 200, approvalId: id } }),
      409,
      'approval_not_usable',
    );
    expectError(
      await emu.api('/calls', { body: { ...BODY, question: 'Other?', approvalId: id } }),
      409,
      'approval_not_usable',
    );
    const started = await emu.api('/calls', { body: { ...BODY, approvalId: id } });
    expect(started.status).toBe(202);
    expect((await approval(id)).status).toBe('used');
    // Once.
    expectError(await emu.api('/calls', { body: { ...BODY, approvalId: id } }), 409, 'approval_not_usable');
    // The next call is judged again.
    expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval');
  });

  it('a pending approval runs out 30 minutes after the refusal; an approved one limits.approvalMinutes after approval', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
    const late = expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval').approvalId ?? '';
    await emu.advance(30 * 60 + 1);
    expect((await approval(late)).status).toBe('expired');
    const res = await emu.request(`/_emulator/approvals/${late}/approve`, { method: 'POST', key: null });
    expectError(res, 409, 'invalid_state');
    const id = expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval').approvalId ?? '';
    expect(id).not.toBe(late);
    await emu.advance(20 * 60);
    await emu.ctl('POST', `/approvals/${id}/approve`);
    const approved = await approval(id);
    expect(Date.parse(approved.expiresAt) - Date.parse(approved.approvedAt ?? '')).toBe(30 * 60 * 1000);
    await emu.advance(29 * 60);
    expect((await approval(id)).status).toBe('approved');
    await emu.advance(2 * 60);
    expect((await approval(id)).status).toBe('expired');
    expectError(await emu.api('/calls', { body: { ...BODY, approvalId: id } }), 409, 'approval_not_usable');
  });

  it('new_agent: the first call to each agent while the member asks first; declining blocks the agent', async () => {
    const { key } = await emu.connect({ switches: { askBeforeNewAgent: true } });
    const refused = expectError(await emu.api('/calls', { key, body: BODY }), 403, 'needs_approval');
    expect(refused.reason).toBe('new_agent');
    await emu.ctl('POST', `/approvals/${refused.approvalId}/approve`);
    expect((await emu.api('/calls', { key, body: { ...BODY, approvalId: refused.approvalId } })).status).toBe(202);
    // Not the first call any more.
    expect((await emu.api('/calls', { key, body: { ...BODY, question: 'And now?' } })).status).toBe(202);
    const shell = expectError(
      await emu.api('/calls', { key, body: { agentId: 'agt_shell', callId: 'question', question: 'quote?' } }),
      403,
      'needs_approval',
    );
    await emu.ctl('POST', `/approvals/${shell.approvalId}/decline`);
    expect((await approval(shell.approvalId ?? '', key)).status).toBe('declined');
    expectError(
      await emu.api('/calls', { key, body: { agentId: 'agt_shell', callId: 'question', question: 'quote?' } }),
      403,
      'agent_blocked',
    );
  });

  it('second_session beyond sessionsPerDay, over_calls beyond callsPerDay, in a rolling 24 hours', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', {
      limits: { sessionsPerDay: 1, callsPerDay: 10, openCallsMax: 20 },
    });
    const first = await emu.start(BODY);
    const second = expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval');
    expect(second.reason).toBe('second_session');
    // Calls in the counted session go on.
    for (let i = 0; i < 9; i++) await emu.start({ ...BODY, sessionId: first.sessionId, maxCents: 20 });
    const over = expectError(
      await emu.api('/calls', { body: { ...BODY, sessionId: first.sessionId } }),
      403,
      'needs_approval',
    );
    expect(over.reason).toBe('over_calls');
    // Order: second_session before over_calls.
    expect(expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval').reason).toBe('second_session');
    // An approved call runs even though it is over; it counts like any other.
    await emu.ctl('POST', `/approvals/${over.approvalId}/approve`);
    const approved = await emu.api('/calls', {
      body: { ...BODY, sessionId: first.sessionId, approvalId: over.approvalId },
    });
    expect(approved.status).toBe(202);
    expect((approved.body as { today: { callsUsed: number } }).today.callsUsed).toBe(11);
    await emu.advance(24 * 3600 + 1);
    expect((await emu.api('/calls', { body: BODY })).status).toBe(202);
  });

  it('G5: reasons in the order new_agent, spending_off, second_session, over_calls; refusals before approval', async () => {
    const { key } = await emu.connect({ switches: { askBeforeNewAgent: true, spending: false } });
    expect(expectError(await emu.api('/calls', { key, body: BODY }), 403, 'needs_approval').reason).toBe('new_agent');
    const low = await emu.connect({ memberId: 'mem_low', switches: { spending: false } });
    expectError(
      await emu.api('/calls', { key: low.key, body: { agentId: 'agt_postgres', callId: 'apply' } }),
      402,
      'short',
    );
  });

  it('the preview tells whether a call would wait, why, and the line to show', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
    const preview = parse(PreviewSchema, (await emu.api('/agents/agt_postgres/calls/question/preview')).body);
    expect(preview).toMatchObject({ needsApproval: true, approvalReason: 'spending_off', refusal: null });
    expect(preview.approvalLine).toMatch(/approval/);
    // The preview asks nothing of the member: no approval is made.
    const res = await emu.api('/calls', { body: BODY });
    const id = expectError(res, 403, 'needs_approval').approvalId ?? '';
    await emu.ctl('POST', `/approvals/${id}/approve`);
    const quote = parse(PreviewSchema, (await emu.api('/calls/quote', { body: { ...BODY, approvalId: id } })).body);
    expect(quote).toMatchObject({ needsApproval: false, approvalReason: null, refusal: null });
    const started = parse(
      CallResultSchema,
      (await emu.api(`/calls/${(await emu.start({ ...BODY, approvalId: id })).runId}`)).body,
    );
    expect(started.status).toBe('in_progress');
  });

  it('a key never approves, signs off, changes a switch or deletes a session: there is no such endpoint', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
    const id = expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval').approvalId ?? '';
    expectError(await emu.api(`/approvals/${id}/approve`, { body: {} }), 404, 'not_found');
    expectError(await emu.api(`/approvals/${id}`, { method: 'PUT', body: { status: 'approved' } }), 404, 'not_found');
    expectError(await emu.api('/findings/drafts/fdr_x/sign-off', { body: {} }), 404, 'not_found');
    expectError(await emu.api('/shares/shr_x/sign-off', { body: {} }), 404, 'not_found');
    expectError(
      await emu.api('/connections/con_demo', { method: 'PATCH', body: { switches: { spending: true } } }),
      404,
      'not_found',
    );
    const { sessionId } = parse(
      SessionSchema,
      (await emu.api('/sessions', { body: { agentId: 'agt_postgres', way: 'question' } })).body,
    );
    expectError(await emu.api(`/sessions/${sessionId}`, { method: 'DELETE' }), 404, 'not_found');
    expect((await approval(id)).status).toBe('pending');
  });

  it("GET /approvals/{id} shows only this connection's approvals", async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { switches: { spending: false } });
    const id = expectError(await emu.api('/calls', { body: BODY }), 403, 'needs_approval').approvalId ?? '';
    const { key } = await emu.connect();
    expectError(await emu.api(`/approvals/${id}`, { key }), 404, 'not_found');
    expectError(await emu.api('/approvals/apr_nothing'), 404, 'not_found');
  });
});
