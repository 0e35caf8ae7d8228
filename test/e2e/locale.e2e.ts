/**
 * The panel in the browser's language, in both browsers: Chromium started with --lang=de, Firefox ESR with its
 * German language pack asked for. The member connects, finds, previews and starts a call in German, with
 * money written the German way; the site's own strings (the privacy line, the result's header) stay as the
 * site sent them. Labels are read from locales/de.yml, so a change of wording there does not break the test.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ChromeMessages, getMessageFrom, loadMessages } from '../i18n/messages';
import { type Words, wordsFor } from '../i18n/words';
import { launchChromium } from './chromium-driver';
import type { ExtensionBrowser, PageDriver } from './driver';
import { launchFirefox } from './firefox-driver';
import { PROFILES, startTestEmulator, type TestEmulator } from './harness';
import { GUILD_HEADER } from './journey';

const AGENT = 'Postgres Tuning Guild';
const LANGUAGE = 'de';

const LAUNCHERS: Record<'chromium' | 'firefox', () => Promise<ExtensionBrowser>> = {
  chromium: () => launchChromium({ language: LANGUAGE }),
  firefox: () => launchFirefox({ language: LANGUAGE }),
};

let words: Words;
let en: ChromeMessages;

beforeAll(async () => {
  words = await wordsFor(LANGUAGE);
  en = await loadMessages('en');
});

for (const name of ['chromium', 'firefox'] as const) {
  for (const profile of PROFILES) {
    describe(`the panel in German in ${name} (${profile} profile)`, () => {
      let emu: TestEmulator;
      let browser: ExtensionBrowser;
      let panel: PageDriver;

      beforeAll(async () => {
        emu = await startTestEmulator({ profile });
        browser = await LAUNCHERS[name]();
        panel = await browser.openPanel();
      });

      afterAll(async () => {
        await browser?.close();
        await emu?.close();
      });

      test('the panel, its page language and its title follow the browser’s language', async () => {
        await panel.waitForText(words('connect.heading'));
        const page = await panel.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }), null);
        expect(page.lang, `${name} did not start in German: is its language pack installed?`).toBe(LANGUAGE);
        expect(page.title).toBe(words('pages.panel'));
        expect(await panel.text()).not.toContain(getMessageFrom(en, 'connect_heading'));
      });

      test('connects, finds, previews and starts a call in German; the site’s strings stay as sent', async () => {
        const made = await emu.control.connectCode({ name: 'Laptop' });
        await panel.fill(words('connect.address'), emu.url);
        await panel.fill(words('connect.code'), made.code);
        await panel.click('button', words('connect.connect'));
        await panel.waitForText(words.opening('status.connectedAs'));
        // The site's privacy line, in the site's words (the emulator writes English); it comes with the
        // connection's first answers, which may follow its name.
        await panel.waitForText(emu.raw.world.seed.site.privacyLine);
        await panel.click('button', words('status.readThis'));

        await panel.click('button', words('app.tab.find'));
        await panel.fill(words('find.fieldLabel'), 'slow postgres queries');
        await panel.click('button', words('find.submit'));
        await panel.waitForText(words('find.youSearched'));
        await panel.click('button', words('agentCard.previewLabel', { agent: AGENT }));
        await panel.click('radio', words('preview.kindQuestion'));
        await panel.fill(words('preview.question'), 'Which index helps a LIKE prefix search?');
        await panel.waitForText(words('preview.mostItCanHold'));
        // Money as German writes it: a decimal comma and the sign after the amount ("15,00 $").
        expect(await panel.text()).toMatch(/\d,\d\d\s\$/);

        await panel.click('button', words('preview.start'));
        await panel.waitForText(words('words.callStatus.passed'));
        await panel.waitForText(GUILD_HEADER);
      });
    });
  }
}
