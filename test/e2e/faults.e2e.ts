/**
 * Faults in both browsers and profiles, set through the emulator's control API: the connection dropped after
 * POST /calls was processed leaves exactly one call (the resend carries the same Idempotency-Key); a 429 with Retry-After
 * while polling is waited out before anything else is asked.
 */
import { beforeAll, expect, test } from 'vitest';
import type { MadeCode } from '@/testing/emulator';
import {
  askPostgres,
  clickStart,
  connect,
  findTyped,
  POSTGRES,
  readPrivacyLine,
  waitForPassed,
  waitForResult,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';

describeInEachBrowser(
  'faults',
  (rig) => {
    let made: MadeCode;

    beforeAll(async () => {
      made = await rig.emu.control.connectCode({ name: 'Faults browser' });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
      await readPrivacyLine(rig.panel, rig.w);
    });

    test('a connection dropped after POST /calls leaves exactly one call: one run, the same Idempotency-Key resent', async () => {
      await rig.emu.control.clearRequests();
      const before = new Set((await rig.emu.control.sessions(made.memberId)).map((s) => s.sessionId));
      await rig.emu.control.fault({ method: 'POST', path: '/api/v1/calls', drop: true, count: 1 });
      await askPostgres(rig.panel, rig.w, 'Which index for a LIKE prefix search?');
      await waitForPassed(rig.panel, rig.w, 'Which index for a LIKE prefix search?');

      const starts = await rig.emu.control.callStarts();
      expect(starts.length).toBe(2);
      expect(starts[0]?.idempotencyKey).toBeTruthy();
      expect(starts[1]?.idempotencyKey).toBe(starts[0]?.idempotencyKey);
      expect(starts[1]?.body).toEqual(starts[0]?.body);
      const added = (await rig.emu.control.sessions(made.memberId)).filter((s) => !before.has(s.sessionId));
      expect(added.map((s) => s.calls)).toEqual([1]);
      // Every read was of that one run.
      const reads = (await rig.emu.control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET');
      expect(new Set(reads.map((r) => r.path)).size).toBe(1);
    });

    test('the preview’s start stays off while its read fails (503), and starts once the preview answers', async () => {
      await rig.emu.control.clearRequests();
      await rig.emu.control.fault({ method: 'GET', path: '/api/v1/agents/*/preview', status: 503, count: 1000 });
      await findTyped(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
      await rig.panel.click('button', rig.w('agentCard.previewLabel', { agent: POSTGRES }));
      await rig.panel.waitForText(rig.w('money.couldNotCheck'));
      // Off for a click, Enter and Ctrl+Enter alike: no call starts without the sentence and limit seen.
      const start = () =>
        rig.panel.evaluate(
          (name) =>
            Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name)?.disabled ?? null,
          rig.w('preview.start'),
        );
      expect(await start()).toBe(true);
      await rig.panel.press('Control+Enter');
      expect(await rig.emu.control.callStarts()).toEqual([]);
      // The site answers again: "Try again" reads the preview, and the start names its hold and goes.
      await rig.emu.control.call('DELETE', '/faults');
      await rig.panel.click('button', rig.w('money.tryAgain'));
      await clickStart(rig.panel, rig.w);
      await waitForResult(rig.panel, rig.w, rig.w('words.callStatus.passed'));
      expect(await rig.emu.control.callStarts()).toHaveLength(1);
    });

    test('a 429 with Retry-After while polling is waited out, then the call is read to its end', async () => {
      await rig.emu.control.clearRequests();
      const retryAfter = 3;
      await rig.emu.control.fault({ method: 'GET', path: '/api/v1/calls/*', status: 429, retryAfter, count: 1 });
      await askPostgres(rig.panel, rig.w, 'Should I raise work_mem for this report query?');
      await waitForPassed(rig.panel, rig.w, 'Should I raise work_mem for this report query?');

      // The background's reads (the panel's own requests, like a preview, are POSTs and not part of this).
      const reads = (await rig.emu.control.requests('/api/v1/')).filter((r) => r.method === 'GET');
      const limited = reads.findIndex((r) => r.status === 429);
      expect(limited).toBeGreaterThan(-1);
      const limitedAt = Date.parse(reads[limited]?.at ?? '');
      const next = reads[limited + 1];
      expect(next).toBeDefined();
      // Nothing was read before Retry-After had passed, and then the call was read again.
      expect(Date.parse(next?.at ?? '') - limitedAt).toBeGreaterThanOrEqual(retryAfter * 1000);
      expect(next?.path).toBe(reads[limited]?.path);
      expect(reads.filter((r) => r.status === 429)).toHaveLength(1);
    });
  },
  {
    skip: {
      strict:
        'a dropped answer and a 429 are the transport’s, the same on a site without the endpoints named without a shape',
    },
  },
);
