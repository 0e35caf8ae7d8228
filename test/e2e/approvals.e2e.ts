/**
 * An approval in Chromium: with spending off the call is refused with needs_approval, the member opens the
 * approval page from the panel and clicks Approve on the emulator's page, and the background resends the
 * exact request with approvalId by itself: the call runs exactly once.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { LoadedExtension } from './browser';
import {
  closePanelWithEmulator,
  connectPanel,
  findInPanel,
  notificationIds,
  openPanelWithEmulator,
  openPreview,
  startCall,
  type TestEmulator,
  WAIT_MS,
  waitForResult,
} from './harness';

let emu: TestEmulator;
let ext: LoadedExtension;
let panel: Page;

beforeAll(async () => {
  ({ emu, ext, panel } = await openPanelWithEmulator());
});

afterAll(() => closePanelWithEmulator({ emu, ext }));

test('approved on the emulator’s page, the call is resent by itself and runs exactly once', async () => {
  const made = await emu.control.connectCode({ name: 'Approval browser', switches: { spending: false } });
  await connectPanel(panel, emu.url, made.code);

  await findInPanel(panel, 'slow postgres queries');
  const preview = await openPreview(panel, { agentName: 'Postgres Tuning Guild', kind: 'question', text: 'Is a partial index worth it here?' });
  await preview.getByText('Needs your approval.').waitFor({ timeout: WAIT_MS });

  const before = new Set((await emu.control.sessions(made.memberId)).map((s) => s.sessionId));
  const call = await startCall(panel);
  await call.getByText('Waiting for your approval on the site.').waitFor({ timeout: WAIT_MS });
  const [refused] = await emu.control.callStarts();
  expect(refused?.status).toBe(403);
  await expect.poll(() => notificationIds(ext), { timeout: WAIT_MS }).toEqual([expect.stringMatching(/^approval:.+:needed$/)]);
  const approvalId = (await notificationIds(ext))[0]?.split(':')[1];

  // The panel's button opens the approval page (through the background, on the site's origin only).
  const opened = ext.context.waitForEvent('page', { predicate: (p) => p.url().includes('/approvals/'), timeout: WAIT_MS });
  await call.getByRole('button', { name: 'Approve on the site' }).click();
  const approvalPage = await opened;
  expect(approvalPage.url()).toBe(`${emu.url}/approvals/${approvalId}`);
  await approvalPage.getByRole('button', { name: 'Approve', exact: true }).click();
  await approvalPage.getByRole('status').filter({ hasText: 'Approved.' }).waitFor({ timeout: WAIT_MS });

  await panel.bringToFront();
  await waitForResult(panel, 'Passed its checks (charged)');
  const starts = await emu.control.callStarts();
  expect(starts.map((r) => r.status)).toEqual([403, 202]);
  expect(starts[1]?.body).toEqual({ ...(refused?.body as object), approvalId });
  expect(starts[1]?.idempotencyKey).not.toBe(starts[0]?.idempotencyKey);
  // One session came of it, holding one call.
  const added = (await emu.control.sessions(made.memberId)).filter((s) => !before.has(s.sessionId));
  expect(added.map((s) => [s.agentId, s.calls])).toEqual([['agt_postgres', 1]]);
});
