/**
 * A browser test's frame, written once: for each browser (Chromium, Firefox) and each of the emulator's
 * profiles, a describe block that starts an emulator, launches the browser with the e2e build, opens its
 * panel, and closes them all after. The block's own hooks run after these start and before these close.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import type { Profile } from '../../emulator/index';
import { launchChromium } from './chromium-driver';
import type { ExtensionBrowser, PageDriver } from './driver';
import { launchFirefox } from './firefox-driver';
import { PROFILES, startTestEmulator, type TestEmulator } from './harness';

export const BROWSER_NAMES = ['chromium', 'firefox'] as const;
export type BrowserName = (typeof BROWSER_NAMES)[number];

/** What a block's tests use; filled in before its first test. */
export interface BrowserRig {
  name: BrowserName;
  profile: Profile;
  emu: TestEmulator;
  browser: ExtensionBrowser;
  panel: PageDriver;
}

/** Launches the named browser with the e2e build, in the interface language given (default English). */
export function launchBrowser(name: BrowserName, options: { language?: string } = {}): Promise<ExtensionBrowser> {
  return name === 'chromium' ? launchChromium(options) : launchFirefox(options);
}

/** `describe(`${title} in <browser> (<profile> profile)`)` for each browser and profile, over one rig each. */
export function describeInEachBrowser(title: string, body: (rig: BrowserRig) => void, options: { language?: string } = {}): void {
  for (const name of BROWSER_NAMES) {
    for (const profile of PROFILES) {
      describe(`${title} in ${name} (${profile} profile)`, () => {
        // Filled by the hook below; the tests read it only once it ran.
        const rig = { name, profile } as BrowserRig;
        beforeAll(async () => {
          rig.emu = await startTestEmulator({ profile });
          rig.browser = await launchBrowser(name, options);
          rig.panel = await rig.browser.openPanel();
        });
        afterAll(async () => {
          await rig.browser?.close();
          await rig.emu?.close();
        });
        body(rig);
      });
    }
  }
}
