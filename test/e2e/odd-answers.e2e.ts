/**
 * Issue 41, as the member meets it, in both browsers and profiles: a file host's 401 never costs the key; its
 * 429 never stops the polling of the site (strict: a storage host of its own); a start whose answer never came,
 * found two days later, is never sent again with its old Idempotency-Key: the member is asked, and a new call
 * goes with a new key; a 202 without fields the contract gives it is still a started call, polled and shown.
 */
import { beforeAll, expect, test } from 'vitest';
import {
  askPostgres,
  clickStart,
  connect,
  findTyped,
  moveBackgroundClock,
  openMoreOptions,
  openPreview,
  readPrivacyLine,
  readStore,
  waitFor,
  waitForPassed,
  waitForPreviewRead,
} from '@/testing/steps';
import { DAY_MS } from '@/lib/time';
import { describeInEachBrowser } from './each-browser';

interface CallRowLite {
  localId: string;
  state: string;
  runId: string | null;
  today: unknown;
  holdCents: number | null;
  request: { question?: string };
}

describeInEachBrowser('odd answers', (rig) => {
  beforeAll(async () => {
    const { code } = await rig.emu.control.connectCode({
      name: 'Odd answers',
      switches: { files: true, sharing: false, spending: true, askBeforeNewAgent: false, tryNewAgents: true },
      // Each question opens a session: enough of them go without asking for every call here.
      limits: { sessionsPerDay: 50, callsPerDay: 100, openCallsMax: 10 },
    });
    await connect(rig.panel, rig.w, rig.emu.url, code);
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await readPrivacyLine(rig.panel, rig.w);
  });

  /** The path of the signed file links: the site's own in the default profile, a storage host's in strict. */
  const fileLinks = () => (rig.profile === 'strict' ? '/dl/*' : '/api/v1/files/*');

  async function resultWithFiles(): Promise<void> {
    await findTyped(rig.panel, rig.w, 'My shell script fails with set -e in bash', 'Shell Script Doctor');
    await openPreview(rig.panel, rig.w, 'Shell Script Doctor');
    await openMoreOptions(rig.panel, rig.w);
    await rig.panel.fill(rig.w('preview.details'), 'My bash script with set -e exits early.');
    await waitForPreviewRead(rig.panel, rig.w);
    await clickStart(rig.panel, rig.w);
    await waitFor(
      rig.panel,
      'the download button ready',
      (name) => document.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)?.disabled === false,
      rig.w('resultFiles.downloadLabel', { file: 'NOTES.md' }),
      60_000,
    );
  }

  /** How long the background's pause (a site's 429) still runs, by the clock it was set with; null: none. */
  async function pausedFor(): Promise<number | null> {
    const row = (
      await readStore<{ key: string; pausedUntil?: number | null; updatedAt?: string }>(rig.panel, 'ui')
    ).find((r) => r.key === 'background');
    if (!row?.pausedUntil || !row.updatedAt) return null;
    // Measured from when it was written, on the background's own clock (the tests may have moved it on).
    const left = row.pausedUntil - Date.parse(row.updatedAt);
    return left > 0 ? left : null;
  }

  async function connectionStatus(): Promise<string | undefined> {
    return (await readStore<{ id: string; status: string }>(rig.panel, 'connection')).find((r) => r.id === 'current')
      ?.status;
  }

  test('a file host’s 401 is the file’s: the key stays and the next call runs', async () => {
    await resultWithFiles();
    await rig.emu.control.fault({ method: 'GET', path: fileLinks(), status: 401, code: 'unauthenticated', count: 5 });
    await rig.panel.click('button', rig.w('resultFiles.downloadLabel', { file: 'NOTES.md' }));
    await expect
      .poll(async () => (await rig.emu.control.fileGets()).some((g) => g.status === 401), { timeout: 30_000 })
      .toBe(true);
    await rig.emu.control.call('DELETE', '/faults');
    expect(await connectionStatus()).toBe('connected');
    // The key still opens the site: a call goes and is read to its end.
    await askPostgres(rig.panel, rig.w, 'Does a 401 from the file host cost me the key?');
    await waitForPassed(rig.panel, rig.w, 'Does a 401 from the file host cost me the key?');
    expect(await connectionStatus()).toBe('connected');
  });

  if (rig.profile === 'strict') {
    test('a storage host’s 429 with a Retry-After of 50,000 s pauses nothing of the site’s: polling goes on', async () => {
      await resultWithFiles();
      await rig.emu.control.fault({ method: 'GET', path: fileLinks(), status: 429, retryAfter: 50_000, count: 5 });
      await rig.panel.click('button', rig.w('resultFiles.downloadLabel', { file: 'NOTES.md' }));
      await expect
        .poll(async () => (await rig.emu.control.fileGets()).some((g) => g.status === 429), { timeout: 30_000 })
        .toBe(true);
      await rig.emu.control.call('DELETE', '/faults');
      expect(await pausedFor()).toBeNull();
      await askPostgres(rig.panel, rig.w, 'Does the storage host’s 429 stop the polling?');
      await waitForPassed(rig.panel, rig.w, 'Does the storage host’s 429 stop the polling?');
    });
  } else {
    // Here the signed links are on the site's own origin: their 429 is the site's, and pauses, for an hour at most.
    test('the site’s own 429 with a Retry-After of 50,000 s pauses for an hour at most, then polling goes on', async () => {
      await resultWithFiles();
      await rig.emu.control.fault({ method: 'GET', path: fileLinks(), status: 429, retryAfter: 50_000, count: 5 });
      await rig.panel.click('button', rig.w('resultFiles.downloadLabel', { file: 'NOTES.md' }));
      await expect.poll(pausedFor, { timeout: 30_000 }).not.toBeNull();
      expect(await pausedFor()).toBeLessThanOrEqual(60 * 60 * 1000);
      await rig.emu.control.call('DELETE', '/faults');
      // The hour passes (the background's clock moved on), and the site is asked again.
      await moveBackgroundClock(rig.panel, 60 * 60 * 1000 + 1000);
      await askPostgres(rig.panel, rig.w, 'After an hour, which index speeds up slow postgres queries?');
      await waitForPassed(rig.panel, rig.w, 'After an hour, which index speeds up slow postgres queries?');
    });
  }

  test('a start whose answer never came, two days later: the member is asked, and a new call goes with a new key', async () => {
    const question = 'Which index for a LIKE prefix search, asked two days ago?';
    await rig.emu.control.clearRequests();
    // Every send is processed and its answer lost: the call runs on the site, the panel never hears of it.
    await rig.emu.control.fault({ method: 'POST', path: '/api/v1/calls', drop: true, count: 50 });
    await askPostgres(rig.panel, rig.w, question);
    await expect.poll(async () => (await rig.emu.control.callStarts()).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const oldKey = (await rig.emu.control.callStarts())[0]?.idempotencyKey;
    expect(oldKey).toBeTruthy();
    // The browser was closed for two days.
    await moveBackgroundClock(rig.panel, 2 * DAY_MS);
    // Whether the outbox had given up first ("Send again") or was still trying, it now asks the member; the
    // member's "Send again" is answered with the question, and sends nothing.
    const startNew = rig.w('call.startAsNew');
    const sendAgain = rig.w('call.sendAgain');
    const buttons = () =>
      rig.panel.evaluate(
        () => Array.from(document.querySelectorAll('button')).map((b) => b.textContent?.trim() ?? ''),
        null,
      );
    await waitFor(
      rig.panel,
      'the call asking the member, or offering to send it again',
      (names) =>
        Array.from(document.querySelectorAll('button')).some((b) => names.includes(b.textContent?.trim() ?? '')),
      [startNew, sendAgain],
    );
    if (!(await buttons()).includes(startNew)) {
      const sentBeforeClick = (await rig.emu.control.callStarts()).length;
      await rig.panel.click('button', sendAgain);
      await rig.panel.waitForText(startNew);
      expect((await rig.emu.control.callStarts()).length).toBe(sentBeforeClick);
    }
    await rig.panel.waitForText(rig.w('words.unsent.tooLate'));
    // Every send so far carried the one key; none goes on its own any more.
    const sentBefore = (await rig.emu.control.callStarts()).length;
    const starts = await rig.emu.control.callStarts();
    expect(new Set(starts.map((s) => s.idempotencyKey))).toEqual(new Set([oldKey]));

    await rig.emu.control.call('DELETE', '/faults');
    await rig.panel.click('button', startNew);
    await waitForPassed(rig.panel, rig.w, question);
    const after = (await rig.emu.control.callStarts()).slice(sentBefore);
    expect(after.map((s) => s.status)).toEqual([202]);
    expect(after[0]?.idempotencyKey).not.toBe(oldKey);
  });

  test('a 202 without `today` and `holdCents` is a started call: polled and shown', async () => {
    const question = 'Is a partial index worth it for soft-deleted rows?';
    await rig.emu.control.fault({ method: 'POST', path: '/api/v1/calls', omit: ['today', 'holdCents'], count: 1 });
    await askPostgres(rig.panel, rig.w, question);
    await waitForPassed(rig.panel, rig.w, question);
    const row = (await readStore<CallRowLite>(rig.panel, 'calls')).find((r) => r.request.question === question);
    expect(row).toMatchObject({ today: null, holdCents: null });
    expect(row?.runId).toBeTruthy();
  });
});
