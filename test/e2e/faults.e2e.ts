/**
 * Faults in Chromium, set through the emulator's control API: the connection dropped after POST /calls was
 * processed leaves exactly one call (the resend carries the same Idempotency-Key); a 429 with Retry-After
 * while polling is waited out before anything else is asked.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { LoadedExtension } from './browser';
import {
  closePanelWithEmulator,
  connectPanel,
  findInPanel,
  type MadeCode,
  openPanelWithEmulator,
  openPreview,
  startCall,
  type TestEmulator,
  waitForResult,
} from './harness';

let emu: TestEmulator;
let ext: LoadedExtension;
let panel: Page;
let made: MadeCode;

beforeAll(async () => {
  ({ emu, ext, panel } = await openPanelWithEmulator());
  made = await emu.control.connectCode({ name: 'Faults browser' });
  await connectPanel(panel, emu.url, made.code);
  await findInPanel(panel, 'slow postgres queries');
});

afterAll(() => closePanelWithEmulator({ emu, ext }));

async function startQuestion(question: string): Promise<void> {
  await panel.getByRole('button', { name: 'Find', exact: true }).click();
  await openPreview(panel, { agentName: 'Postgres Tuning Guild', kind: 'question', text: question });
  await startCall(panel);
}

test('a connection dropped after POST /calls leaves exactly one call: one run, the same Idempotency-Key resent', async () => {
  await emu.control.clearRequests();
  const before = new Set((await emu.control.sessions(made.memberId)).map((s) => s.sessionId));
  await emu.control.fault({ method: 'POST', path: '/api/v1/calls', drop: true, count: 1 });
  await startQuestion('Which index for a LIKE prefix search?');
  await waitForResult(panel, 'Passed its checks (charged)');

  const starts = await emu.control.callStarts();
  expect(starts.length).toBe(2);
  expect(starts[0]?.idempotencyKey).toBeTruthy();
  expect(starts[1]?.idempotencyKey).toBe(starts[0]?.idempotencyKey);
  expect(starts[1]?.body).toEqual(starts[0]?.body);
  const added = (await emu.control.sessions(made.memberId)).filter((s) => !before.has(s.sessionId));
  expect(added.map((s) => s.calls)).toEqual([1]);
  // Every read was of that one run.
  const reads = (await emu.control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET');
  expect(new Set(reads.map((r) => r.path)).size).toBe(1);
});

test('a 429 with Retry-After while polling is waited out, then the call is read to its end', async () => {
  await emu.control.clearRequests();
  const retryAfter = 3;
  await emu.control.fault({ method: 'GET', path: '/api/v1/calls/*', status: 429, retryAfter, count: 1 });
  await startQuestion('Should I raise work_mem for this report query?');
  await waitForResult(panel, 'Passed its checks (charged)');

  // The background's reads (the panel's own requests, like a preview, are POSTs and not part of this).
  const reads = (await emu.control.requests('/api/v1/')).filter((r) => r.method === 'GET');
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
