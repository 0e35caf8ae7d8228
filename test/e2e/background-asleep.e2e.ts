/**
 * The background is stopped while a call runs, as browsers do to an idle one, and picks the work up again
 * from IndexedDB when it wakes (the alarm backstop wakes it): the call still reaches its result and its one
 * notification. Chromium's service worker is stopped from outside (DevTools); Firefox's event page cannot be,
 * so its idle time is cut to one second and it suspends on its own. The emulator's clock moves only when the
 * test moves it: the call is held running until the background has been stopped and woken, however fast or
 * slow the machine is, and only then let finish.
 */
import { beforeAll, expect, test } from 'vitest';
import type { PageDriver } from '@/testing/browser/driver';
import {
  clickStart,
  connect,
  findTyped,
  notificationIds,
  POSTGRES,
  previewQuestion,
  waitForNotification,
  watchNotifications,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';

/** What the e2e build counts its background's starts under (entrypoints/background/e2e/hooks.ts). */
const WAKES_KEY = 'e2e:backgroundStarts';
/**
 * A guard against a hang, not a time budget: the e2e build's alarm backstop wakes a stopped background within
 * seconds (lib/schedule ALARM_MIN_DELAY_MS, 3 s there), and the test waits for the wake it counts.
 */
const ASLEEP_CALL_WAIT_MS = 150_000;

interface SessionStorageGlobal {
  storage: { session: { get(key: string): Promise<Record<string, unknown>> } };
}

function backgroundStarts(panel: PageDriver): Promise<number> {
  return panel.evaluate(async (key) => {
    const g = globalThis as unknown as { browser?: SessionStorageGlobal; chrome?: SessionStorageGlobal };
    const api = (g.browser ?? g.chrome) as SessionStorageGlobal;
    return Number((await api.storage.session.get(key))[key] ?? 0);
  }, WAKES_KEY);
}

describeInEachBrowser(
  'a stopped background',
  (rig) => {
    beforeAll(() => watchNotifications(rig.panel));

    test('a call started before the background stops reaches its result and notification after it wakes', async () => {
      const made = await rig.emu.control.connectCode({ name: 'E2E asleep' });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      await findTyped(rig.panel, rig.w, 'slow postgres queries', POSTGRES);
      await previewQuestion(rig.panel, rig.w, POSTGRES, 'Which index helps a LIKE prefix search?');
      const startsBefore = await backgroundStarts(rig.panel);
      await clickStart(rig.panel, rig.w);
      await rig.panel.waitForText(rig.w('words.callStatus.inProgress'));

      // Stopped (Chromium), or left to suspend (Firefox); then woken by its alarm: it started again.
      const deadline = Date.now() + ASLEEP_CALL_WAIT_MS;
      let stopped = false;
      while ((await backgroundStarts(rig.panel)) <= startsBefore) {
        if (Date.now() > deadline)
          throw new Error(
            `The background was not stopped and woken within ${ASLEEP_CALL_WAIT_MS / 1000} s while the call ran.`,
          );
        if (!stopped && rig.browser.stopBackground) stopped = await rig.browser.stopBackground();
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      expect(await rig.panel.text()).not.toContain(rig.w('words.callStatus.passed'));

      // The call ends on the site now; the woken background reads it to its result and tells it once.
      await rig.emu.control.advanceClock(600);
      await rig.panel.waitForText(rig.w('words.callStatus.passed'), ASLEEP_CALL_WAIT_MS);
      await waitForNotification(rig.panel, /^call:.+:finished$/, ASLEEP_CALL_WAIT_MS);
      expect((await notificationIds(rig.panel)).filter((id) => id.endsWith(':finished'))).toHaveLength(1);
      expect((await rig.emu.control.callStarts()).map((r) => r.status)).toEqual([202]);
    });
  },
  {
    emulator: { clock: { realTime: false } },
    idleSuspendMs: 1000,
    skip: {
      strict: 'a stopped background and its wake are the browser’s; a running call reads the same on every site',
    },
  },
);
