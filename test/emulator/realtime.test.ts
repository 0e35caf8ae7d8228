import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '@/emulator/index';
import { DEFAULT_SEED_PATH } from '@/emulator/seed';
import { CallResultSchema } from '@/lib/contract/calls';
import { Emu, parse } from './harness';

function seedWith(
  change: (seed: {
    site: Record<string, unknown>;
    agents: { id: string; behaviour: Record<string, unknown> }[];
  }) => void,
) {
  const seed = JSON.parse(readFileSync(DEFAULT_SEED_PATH, 'utf8'));
  change(seed);
  return seed;
}

describe('time', () => {
  it('calls progress by real time too: a call finishes without anyone moving the clock', async () => {
    const seed = seedWith((s) => {
      const shell = s.agents.find((a) => a.id === 'agt_shell');
      if (shell) Object.assign(shell.behaviour, { durationSeconds: 0.2, checkingSeconds: 0.1 });
    });
    const emu = new Emu(await startEmulator({ port: 0, seed }));
    try {
      const { runId } = await emu.start({ agentId: 'agt_shell', callId: 'question', question: 'quote?', maxCents: 50 });
      let status = '';
      // Polls like a client would; the call's own timeline (0.3 s) bounds the loop.
      while (status !== 'passed') {
        status = parse(CallResultSchema, (await emu.api(`/calls/${runId}`)).body).status as string;
        if (status !== 'passed') await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe('passed');
    } finally {
      await emu.running.close();
    }
  });

  it('G13: deprecated charge fields carry the limit only on calls started before 2026-10-09', async () => {
    const seed = seedWith((s) => {
      s.site.clockStartAt = '2026-10-08T23:59:00Z';
    });
    const emu = new Emu(await startEmulator({ port: 0, seed, clock: { realTime: false } }));
    try {
      const before = await emu.start({ agentId: 'agt_shell', callId: 'question', question: 'quote?', maxCents: 50 });
      await emu.advance(120);
      const after = await emu.start({
        agentId: 'agt_shell',
        callId: 'question',
        sessionId: before.sessionId,
        question: 'again?',
        maxCents: 50,
      });
      await emu.advance(60);
      const old = parse(CallResultSchema, (await emu.api(`/calls/${before.runId}`)).body);
      expect(old.charge).toMatchObject({ usualCents: 50, neverMoreThanCents: 50 });
      const fresh = parse(CallResultSchema, (await emu.api(`/calls/${after.runId}`)).body);
      expect(fresh.charge).toMatchObject({ usualCents: null, neverMoreThanCents: null });
    } finally {
      await emu.running.close();
    }
  });
});
