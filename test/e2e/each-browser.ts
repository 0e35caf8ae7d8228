/**
 * The one browser rig: for each browser (Chromium, Firefox) and each of the emulator's profiles, a describe
 * block that starts an emulator, launches the browser with the e2e build, opens its panel and reads the
 * panel's words in the browser's language, and closes them all after. The block's own hooks run after these
 * start and before these close. A file that cannot run somewhere says so with `skip` and its reason.
 */
import { afterAll, beforeAll, describe, test } from 'vitest';
import type { EmulatorOptions, Profile } from '@/emulator/index';
import type { ExtensionBrowser, PageDriver } from '@/testing/browser/driver';
import { BROWSER_NAMES, type BrowserName, type BrowserOptions, launchBrowser } from '@/testing/browser/launch';
import { PROFILES, startTestEmulator, type TestEmulator } from '@/testing/emulator';
import { type Words, wordsFor } from '@/testing/words';

/** What a block's tests use; filled in before its first test. */
export interface BrowserRig {
  name: BrowserName;
  profile: Profile;
  emu: TestEmulator;
  browser: ExtensionBrowser;
  panel: PageDriver;
  /** The panel's words in the browser's language, by message key. */
  w: Words;
}

export interface RigOptions extends BrowserOptions {
  /** The emulator's seed and clock (default: the default seed, real time). */
  emulator?: Pick<EmulatorOptions, 'seed' | 'clock'>;
  /** Profiles to run against; default both. */
  profiles?: readonly Profile[];
  /**
   * Browsers or profiles this file cannot run in, each with its reason (printed as the skipped block's name),
   * e.g. `{ firefox: 'Firefox's event page cannot be stopped from outside' }`.
   */
  skip?: Partial<Record<BrowserName | Profile, string>>;
}

/**
 * `test` for a test whose behaviour is the same on the strict profile: there it is skipped, its name saying why
 * (a block runs on the strict profile only what differs there).
 */
export function testSameOnStrict(rig: Pick<BrowserRig, 'profile'>, why: string) {
  return (name: string, body: () => Promise<void>): void => {
    if (rig.profile === 'strict') test.skip(`${name} (not on the strict profile: ${why})`, body);
    else test(name, body);
  };
}

/** `describe(`${title} in <browser> (<profile> profile)`)` for each browser and profile, over one rig each. */
export function describeInEachBrowser(title: string, body: (rig: BrowserRig) => void, options: RigOptions = {}): void {
  for (const name of BROWSER_NAMES) {
    for (const profile of options.profiles ?? PROFILES) {
      const why = options.skip?.[name] ?? options.skip?.[profile];
      if (why) {
        describe(`${title} in ${name} (${profile} profile)`, () => {
          test.skip(`not run here: ${why}`, () => undefined);
        });
        continue;
      }
      describe(`${title} in ${name} (${profile} profile)`, () => {
        // Filled by the hook below; the tests read it only once it ran.
        const rig = { name, profile } as BrowserRig;
        beforeAll(async () => {
          rig.w = await wordsFor(options.language ?? 'en');
          rig.emu = await startTestEmulator({ profile, ...options.emulator });
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
