/**
 * The panel in the browser's language, in both browsers: Chromium started with --lang=de, Firefox ESR with its
 * German language pack asked for. The member connects, finds, previews and starts a call in German, with
 * money written the German way; the site's own strings (the privacy line, the result's header) stay as the
 * site sent them. Labels are read from locales/de.yml, so a change of wording there does not break the test.
 */
import { beforeAll, expect, test } from 'vitest';
import { type ChromeMessages, getMessageFrom, loadMessages } from '@/testing/messages';
import { describeInEachBrowser } from './each-browser';
import {
  connect,
  findTyped,
  GUILD_HEADER,
  POSTGRES as AGENT,
  previewQuestion,
  startAndWaitForResult,
} from '@/testing/steps';

const LANGUAGE = 'de';

let en: ChromeMessages;

beforeAll(async () => {
  en = await loadMessages('en');
});

describeInEachBrowser(
  'the panel in German',
  (rig) => {
    test('the rig.panel, its page language and its title follow the browser’s language', async () => {
      await rig.panel.waitForText(rig.w('connect.heading'));
      const page = await rig.panel.evaluate(
        () => ({ lang: document.documentElement.lang, title: document.title }),
        null,
      );
      expect(page.lang, `${rig.name} did not start in German: is its language pack installed?`).toBe(LANGUAGE);
      expect(page.title).toBe(rig.w('pages.panel'));
      expect(await rig.panel.text()).not.toContain(getMessageFrom(en, 'connect_heading'));
    });

    test('connects, finds, previews and starts a call in German; the site’s strings stay as sent', async () => {
      const made = await rig.emu.control.connectCode({ name: 'Laptop' });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      // The site's privacy line, in the site's words (the emulator writes English); it comes with the
      // connection's first answers, which may follow its name.
      await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
      await rig.panel.click('button', rig.w('status.continue'));

      await findTyped(rig.panel, rig.w, 'slow postgres queries', AGENT);
      await previewQuestion(rig.panel, rig.w, AGENT, 'Which index helps a LIKE prefix search?');
      // Money as German writes it: a decimal comma and the sign after the amount ("15,00 $").
      expect(await rig.panel.text()).toMatch(/\d,\d\d\s\$/);

      await startAndWaitForResult(rig.panel, rig.w);
      await rig.panel.waitForText(GUILD_HEADER);
    });
  },
  {
    language: LANGUAGE,
    skip: { strict: 'the panel’s language is the browser’s; the strict site is walked in German by first-screen' },
  },
);
