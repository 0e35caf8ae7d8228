/**
 * An approval, in both browsers and against both emulator profiles: with spending off the call is refused with
 * needs_approval, the member opens the approval page from the panel and clicks Approve on the site's page,
 * and the background resends the exact request with approvalId by itself: the call runs exactly once.
 * Nothing is resent before there is reason to think the member approved: the site says so (GET
 * /approvals/{id}, default profile), or the member came back from the approval page (strict profile, which
 * has no such endpoint; here the member closes the approval tab). While the member is on the page the test
 * waits for the background's own decision, not for a stretch of time: on the default site it has read the
 * approval as pending twice; on the strict one it has set its next look for the approval's expiry.
 */
import { expect, test } from 'vitest';
import type { PageDriver } from '@/testing/browser/driver';
import {
  clickStart,
  connect,
  findTyped,
  notificationIds,
  POSTGRES,
  previewQuestion,
  readPrivacyLine,
  readStore,
  waitForNotification,
  waitForResult,
  watchNotifications,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';

interface ApprovalRowLite {
  approvalId: string;
  status: string;
  expiresAt: string;
  nextCheckAt: number;
}

/** The approval's row as the extension keeps it (read in its panel). */
async function approvalRow(panel: PageDriver, approvalId: string): Promise<ApprovalRowLite | undefined> {
  return (await readStore<ApprovalRowLite>(panel, 'approvals')).find((a) => a.approvalId === approvalId);
}

describeInEachBrowser('approvals', (rig) => {
  test('approved on the site’s page, the call is resent by itself, never before, and runs exactly once', async () => {
    const made = await rig.emu.control.connectCode({ name: 'Approval browser', switches: { spending: false } });
    await watchNotifications(rig.panel);
    await connect(rig.panel, rig.w, rig.emu.url, made.code);
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await readPrivacyLine(rig.panel, rig.w);

    await findTyped(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
    await previewQuestion(rig.panel, rig.w, POSTGRES, 'Is a partial index worth it here?');
    await rig.panel.waitForText(rig.w('money.needsApproval').trim());

    const before = new Set((await rig.emu.control.sessions(made.memberId)).map((s) => s.sessionId));
    await clickStart(rig.panel, rig.w);
    await rig.panel.waitForText(rig.w('approval.waiting'));
    const [refused] = await rig.emu.control.callStarts();
    expect(refused?.status).toBe(403);
    await waitForNotification(rig.panel, /^approval:.+:needed$/);
    expect((await notificationIds(rig.panel)).filter((id) => id.startsWith('approval:'))).toHaveLength(1);
    const approvalId = (await notificationIds(rig.panel)).find((id) => id.startsWith('approval:'))?.split(':')[1] ?? '';

    // The panel's button opens the page the site named (on the site's origin, whatever its path).
    const approvalPage = await rig.browser.pageOpenedBy(rig.emu.url, () =>
      rig.panel.click('button', rig.w('approval.approve')),
    );
    const pageUrl = new URL(approvalPage.url());
    expect(pageUrl.origin).toBe(rig.emu.url);
    expect(pageUrl.pathname).toContain(approvalId);
    expect(pageUrl.pathname.startsWith('/approvals/')).toBe(rig.profile === 'default');

    // The member reads the page: the background decides, and resends nothing meanwhile.
    if (rig.profile === 'default') {
      await expect
        .poll(
          async () =>
            (await rig.emu.control.requests('/api/v1/approvals/')).filter((r) => r.method === 'GET' && r.status === 200)
              .length,
          { timeout: 30_000 },
        )
        .toBeGreaterThanOrEqual(2);
    } else {
      await expect
        .poll(async () => (await rig.emu.control.requests('/api/v1/approvals/')).map((r) => r.status), {
          timeout: 30_000,
        })
        .toEqual([404]);
      // The site cannot say: the background looks again only when the member comes back, or at the expiry.
      await expect
        .poll(
          async () => {
            const row = await approvalRow(rig.panel, approvalId);
            return row !== undefined && row.nextCheckAt >= Date.parse(row.expiresAt);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    expect((await rig.emu.control.callStarts()).length).toBe(1);

    await approvalPage.click('button', 'Approve');
    await approvalPage.waitForText('Approved.');
    // Back to the panel: closing the approval tab tells the extension the member came back.
    await approvalPage.close();
    await rig.panel.bringToFront();

    await waitForResult(rig.panel, rig.w, rig.w('words.callStatus.passed'));
    const starts = await rig.emu.control.callStarts();
    expect(starts.map((r) => r.status)).toEqual([403, 202]);
    expect(starts[1]?.body).toEqual({ ...(refused?.body as object), approvalId });
    expect(starts[1]?.idempotencyKey).not.toBe(starts[0]?.idempotencyKey);
    // One session came of it, holding one call.
    const added = (await rig.emu.control.sessions(made.memberId)).filter((s) => !before.has(s.sessionId));
    expect(added.map((s) => [s.agentId, s.calls])).toEqual([['agt_postgres', 1]]);
  });
});

describeInEachBrowser(
  'approvals while GET /approvals answers 503',
  (rig) => {
    test('GET /approvals answering 503 not_available: read at its pace, and once the member approves and comes back, one resend with approvalId', async () => {
      const made = await rig.emu.control.connectCode({ name: 'Approval 503 browser', switches: { spending: false } });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
      await readPrivacyLine(rig.panel, rig.w);
      // The site has GET /approvals/{id}, but a part of it is switched off right now (the API's own code).
      await rig.emu.control.fault({
        method: 'GET',
        path: '/api/v1/approvals/*',
        status: 503,
        code: 'not_available',
        count: 100_000,
      });
      const reads = async () =>
        (await rig.emu.control.requests('/api/v1/approvals/')).filter((r) => r.method === 'GET').map((r) => r.status);

      await findTyped(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
      await previewQuestion(rig.panel, rig.w, POSTGRES, 'Is a partial index worth it here?');
      await rig.panel.waitForText(rig.w('money.needsApproval').trim());
      await clickStart(rig.panel, rig.w);
      await rig.panel.waitForText(rig.w('approval.waiting'));
      const [refused] = await rig.emu.control.callStarts();
      expect(refused?.status).toBe(403);
      const [pending] = await readStore<ApprovalRowLite>(rig.panel, 'approvals');
      const approvalId = pending?.approvalId ?? '';

      // The member reads the page: the background read the approval once, and looks again only when the member
      // comes back (or at the expiry), never on the 3 s floor.
      await expect
        .poll(
          async () => {
            const row = await approvalRow(rig.panel, approvalId);
            return row !== undefined && row.nextCheckAt >= Date.parse(row.expiresAt);
          },
          { timeout: 30_000 },
        )
        .toBe(true);
      expect(await reads()).toEqual([503]);

      const approvalPage = await rig.browser.pageOpenedBy(rig.emu.url, () =>
        rig.panel.click('button', rig.w('approval.approve')),
      );
      await approvalPage.click('button', 'Approve');
      await approvalPage.waitForText('Approved.');
      expect((await rig.emu.control.callStarts()).length).toBe(1);
      // Back to the panel: closing the approval tab tells the extension the member came back.
      await approvalPage.close();
      await rig.panel.bringToFront();

      await waitForResult(rig.panel, rig.w, rig.w('words.callStatus.passed'));
      const starts = await rig.emu.control.callStarts();
      expect(starts.map((r) => r.status)).toEqual([403, 202]);
      expect(starts[1]?.body).toEqual({ ...(refused?.body as object), approvalId });
      // One more read when the member came back (the site still could not say), then the resend decided.
      expect(await reads()).toEqual([503, 503]);
    });
  },
  { profiles: ['default'] },
);
