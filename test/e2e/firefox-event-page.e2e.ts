/**
 * Firefox runs the background as an event page, suspended when idle, not a service worker. With the idle
 * time cut to one second, the event page is suspended while a call runs; each wake picks the work up again
 * from IndexedDB (the alarm backstop wakes it), so the call still reaches its result and its notification.
 * The emulator's clock moves only when the test moves it: the call is held running until the event page has
 * been suspended and woken, however fast or slow the machine is, and only then let finish.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ExtensionBrowser, PageDriver } from './driver';
import { launchFirefox } from './firefox-driver';
import { startTestEmulator, type TestEmulator } from './harness';
import { connect, findTyped, notificationIds, previewQuestion, waitForNotification, watchNotifications } from './journey';

/** What the e2e build counts its background's starts under (entrypoints/background/e2e-hooks.ts). */
const WAKES_KEY = 'e2e:backgroundStarts';
/** The alarm backstop wakes a suspended background no sooner than 30 s (lib/schedule ALARM_MIN_DELAY_MS). */
const SUSPENDED_CALL_WAIT_MS = 150_000;

interface SessionStorageGlobal {
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
}

let emu: TestEmulator;
let browser: ExtensionBrowser;
let panel: PageDriver;

beforeAll(async () => {
  emu = await startTestEmulator({ clock: { realTime: false } });
  browser = await launchFirefox({ prefs: { 'extensions.background.idle.timeout': 1000 } });
  panel = await browser.openPanel();
  await watchNotifications(panel);
});

afterAll(async () => {
  await browser?.close();
  await emu?.close();
});

function backgroundStarts(): Promise<number> {
  return panel.evaluate(async (key) => {
    const g = globalThis as unknown as { browser: SessionStorageGlobal };
    return Number((await g.browser.storage.session.get(key))[key] ?? 0);
  }, WAKES_KEY);
}

/** Waits until the background has started again after `before` starts: it was suspended and woken. */
async function waitForWake(before: number): Promise<void> {
  const deadline = Date.now() + SUSPENDED_CALL_WAIT_MS;
  while ((await backgroundStarts()) <= before) {
    if (Date.now() > deadline) throw new Error(`The event page was not suspended and woken within ${SUSPENDED_CALL_WAIT_MS / 1000} s while the call ran.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

test('a call started before the event page is suspended reaches its result and notification after it wakes', async () => {
  const made = await emu.control.connectCode({ name: 'E2E event page' });
  await connect(panel, emu.url, made.code);
  await findTyped(panel, 'slow postgres queries', 'Postgres Tuning Guild');
  await previewQuestion(panel, 'Postgres Tuning Guild', 'Which index helps a LIKE prefix search?');
  const startsBefore = await backgroundStarts();
  await panel.click('button', 'Start the call');
  await panel.waitForText('Running');
  await waitForWake(startsBefore);
  expect(await panel.text()).not.toContain('Passed its checks (charged)');

  // The call ends on the site now; the woken event page reads it to its result and tells it once.
  await emu.control.advanceClock(600);
  await panel.waitForText('Passed its checks (charged)', SUSPENDED_CALL_WAIT_MS);
  await waitForNotification(panel, /^call:.+:finished$/, SUSPENDED_CALL_WAIT_MS);
  expect((await notificationIds(panel)).filter((id) => id.endsWith(':finished'))).toHaveLength(1);
  expect((await emu.control.callStarts()).map((r) => r.status)).toEqual([202]);
});
