import { describe, expect, it } from 'vitest';
import { FindingsAnswerSchema } from '@/lib/contract/findings';
import { expectError, parse, useEmulator } from './harness';

const emu = useEmulator();

async function findings(key?: string) {
  const res = await emu.api('/findings', key ? { key } : {});
  expect(res.status).toBe(200);
  return parse(FindingsAnswerSchema, res.body).findings;
}

async function fromRun(runId: string, key?: string) {
  const all = await emu.api('/findings', key ? { key } : {});
  const list = parse(FindingsAnswerSchema, all.body).findings;
  // Findings name their session, not their call: match by the call's session.
  const call = (await emu.api(`/calls/${runId}`, key ? { key } : {})).body as { sessionId: string };
  return list.filter((f) => f.sessionId === call.sessionId);
}

const SHELL = {
  agentId: 'agt_shell',
  callId: 'question',
  question: 'How do I quote variables in bash?',
  maxCents: 100,
};

describe('GET /findings', () => {
  it('is not available when the member does not keep findings (G12), and nothing is kept then', async () => {
    const { key, connectionId } = await emu.connect({ keepsFindings: null });
    expect(expectError(await emu.api('/findings', { key }), 503, 'not_available').reason).toBe('findings_not_kept');
    const { runId } = await emu.start(SHELL, key);
    await emu.advance(10);
    await emu.ctl('PATCH', `/connections/${connectionId}`, { keepsFindings: true });
    expect(await fromRun(runId, key)).toEqual([]);
  });

  it("lists the member's findings newest first, seeded ones in every status", async () => {
    const list = await findings();
    const statuses = new Set(list.map((f) => f.status));
    for (const s of ['joined', 'received', 'refused', 'declined', 'removed', 'waiting'])
      expect(statuses.has(s as never)).toBe(true);
    for (let i = 1; i < list.length; i++)
      expect(Date.parse(list[i - 1]?.createdAt ?? '') >= Date.parse(list[i]?.createdAt ?? '')).toBe(true);
    const removed = list.find((f) => f.status === 'removed');
    expect(removed?.untrustedTopic.untrustedText).toContain('<img src=x onerror=');
    expect(list.find((f) => f.status === 'refused')?.reason).toBe('The source page does not say this.');
  });
});

describe('findings states (2.19.0)', () => {
  it('checking, then in_draft with draftId and signOffUrl, then joined on sign-off', async () => {
    const { runId } = await emu.start(SHELL);
    await emu.advance(3);
    let [f] = await fromRun(runId);
    expect(f).toMatchObject({
      status: 'checking',
      agentId: 'agt_shell',
      draftId: null,
      signOffUrl: null,
      contributionState: null,
      kind: 'pitfall',
    });
    expect(f?.filedWith).toEqual({
      agentId: 'agt_shell',
      untrustedName: { untrustedText: 'Shell Script Doctor', truncated: false },
      newAgent: false,
    });
    await emu.advance(2);
    [f] = await fromRun(runId);
    expect(f?.status).toBe('in_draft');
    expect(f?.draftId).toMatch(/^fdr_/);
    expect(f?.signOffUrl).toBe(`${emu.url}/findings/drafts/${f?.draftId}`);
    // One draft per member and agent.
    const second = await emu.start({ ...SHELL, question: 'And arrays?' });
    await emu.advance(10);
    const [g] = await fromRun(second.runId);
    expect(g?.draftId).toBe(f?.draftId);
    const draftId = f?.draftId;
    await emu.ctl('POST', `/drafts/${draftId}/sign-off`);
    [f] = await fromRun(runId);
    expect(f).toMatchObject({
      status: 'joined',
      contributionState: 'person_review',
      filedWith: null,
      draftId: null,
      signOffUrl: null,
    });
    // A new finding after sign-off goes into a new draft.
    const third = await emu.start({ ...SHELL, question: 'And traps?' });
    await emu.advance(10);
    const [h] = await fromRun(third.runId);
    expect(h?.draftId).not.toBe(draftId);
    expectError(
      await emu.request(`/_emulator/drafts/${draftId}/sign-off`, { method: 'POST', key: null }),
      409,
      'invalid_state',
    );
  });

  it('waits when the agent has no room in its day; discarded with the draft; expired after 30 days', async () => {
    await emu.behaviour('agt_shell', { findingsRoom: false });
    const a = await emu.start(SHELL);
    await emu.advance(10);
    const [fa] = await fromRun(a.runId);
    await emu.ctl('POST', `/drafts/${fa?.draftId}/sign-off`);
    const [wa] = await fromRun(a.runId);
    expect(wa?.status).toBe('waiting');
    expect(wa?.reason).toMatch(/no room/);
    expect(wa?.filedWith?.agentId).toBe('agt_shell');

    const b = await emu.start({ ...SHELL, question: 'Discard me?' });
    await emu.advance(10);
    const [fb] = await fromRun(b.runId);
    await emu.ctl('POST', `/drafts/${fb?.draftId}/discard`);
    expect((await fromRun(b.runId))[0]).toMatchObject({
      status: 'discarded',
      reason: 'You discarded the draft.',
      draftId: null,
    });

    const c = await emu.start({ ...SHELL, question: 'Forget me?' });
    await emu.advance(10);
    expect((await fromRun(c.runId))[0]?.status).toBe('in_draft');
    await emu.advance(29 * 86400);
    expect((await fromRun(c.runId))[0]?.status).toBe('in_draft');
    await emu.advance(86400);
    const [fc] = await fromRun(c.runId);
    expect(fc).toMatchObject({ status: 'expired', draftId: null, signOffUrl: null, filedWith: null });
    expect(fc?.reason).toMatch(/30 days/);
  });

  it('discarded when the call did not pass', async () => {
    const { runId } = await emu.start({ agentId: 'agt_k8s', callId: 'question', question: 'probes?', maxCents: 100 });
    await emu.advance(10);
    const [f] = await fromRun(runId);
    expect(f).toMatchObject({ status: 'discarded', filedWith: null, kind: 'failure' });
    expect(f?.reason).toMatch(/did not pass/);
  });

  it('files a finding with another agent, or keeps it waiting when no agent covers it', async () => {
    await emu.ctl('PATCH', '/connections/con_demo', { limits: { sessionsPerDay: 10 } });
    const react = await emu.start({ agentId: 'agt_react', callId: 'question', question: 'hooks?', maxCents: 100 });
    const data = await emu.start({
      agentId: 'agt_data',
      callId: 'question',
      question: 'kafka backfills?',
      maxCents: 100,
    });
    await emu.advance(20);
    const reactFindings = await fromRun(react.runId);
    expect(reactFindings.map((f) => f.filedWith?.agentId).sort()).toEqual(['agt_api', 'agt_react']);
    const [waiting] = await fromRun(data.runId);
    expect(waiting).toMatchObject({ status: 'waiting', filedWith: null, draftId: null });
  });

  it('a research call files its findings with a new agent, not yet listed', async () => {
    const { runId } = await emu.start({
      agentId: 'agt_ml',
      callId: 'question',
      question: 'Which violin strings sound warmest?',
      subject: 'new_agent',
      maxCents: 100,
    });
    await emu.advance(10);
    const [f] = await fromRun(runId);
    expect(f?.filedWith).toMatchObject({ untrustedName: null, newAgent: true });
    expect(f?.source).toEqual({ untrustedUrl: "javascript:alert('source')", kind: 'changelog' });
    expect(f?.learnedAt).toBe('2026-09-30');
    expect(f?.untrustedAppliesTo).toEqual(['peft 0.13']);
  });
});
