/**
 * An approval in Chromium, against both emulator profiles: with spending off the call is refused with
 * needs_approval, the member opens the approval page from the panel and clicks Approve on the site's page,
 * and the background resends the exact request with approvalId by itself: the call runs exactly once.
 * Nothing is resent before there is reason to think the member approved: the site says so (GET
 * /approvals/{id}, default profile), or the member came back from the approval page (strict profile, which
 * has no such endpoint; here the member closes the approval tab). The strict run waits two minutes on the
 * approval page and counts the requests.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoadedExtension } from './browser';
import {
  closePanelWithEmulator,
  connectPanel,
  findInPanel,
  notificationIds,
  openPanelWithEmulator,
  openPreview,
  PROFILES,
  startCall,
  type TestEmulator,
  WAIT_MS,
  waitForResult,
} from './harness';

/** How long the member stays on the approval page before approving, in the strict profile. */
const ON_THE_PAGE_MS = 2 * 60_000;

for (const profile of PROFILES) {
  describe(`approvals (${profile} profile)`, () => {
    let emu: TestEmulator;
    let ext: LoadedExtension;
    let panel: Page;

    beforeAll(async () => {
      ({ emu, ext, panel } = await openPanelWithEmulator(profile));
    });

    afterAll(() => closePanelWithEmulator({ emu, ext }));

    test('approved on the site’s page, the call is resent by itself, never before, and runs exactly once', async () => {
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
      const approvalId = (await notificationIds(ext))[0]?.split(':')[1] ?? '';

      // The panel's button opens the page the site named (on the site's origin, whatever its path).
      const opened = ext.context.waitForEvent('page', { predicate: (p) => p.url().startsWith(emu.url), timeout: WAIT_MS });
      await call.getByRole('button', { name: 'Approve on the site' }).click();
      const approvalPage = await opened;
      const pageUrl = new URL(approvalPage.url());
      expect(pageUrl.origin).toBe(emu.url);
      expect(pageUrl.pathname).toContain(approvalId);
      expect(pageUrl.pathname.startsWith('/approvals/')).toBe(profile === 'default');

      // The member reads the page for a while: nothing is resent meanwhile.
      await approvalPage.waitForTimeout(profile === 'strict' ? ON_THE_PAGE_MS : 10_000);
      expect((await emu.control.callStarts()).length).toBe(1);
      const reads = (await emu.control.requests('/api/v1/approvals/')).filter((r) => r.method === 'GET');
      if (profile === 'strict') expect(reads.map((r) => r.status)).toEqual([404]);
      else expect(reads.length).toBeGreaterThan(0);

      await approvalPage.getByRole('button', { name: 'Approve', exact: true }).click();
      await approvalPage.getByRole('status').filter({ hasText: 'Approved.' }).waitFor({ timeout: WAIT_MS });
      // Back to the panel: closing the approval tab tells the extension the member came back.
      await approvalPage.close();
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
  });
}
