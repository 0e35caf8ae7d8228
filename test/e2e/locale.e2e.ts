/**
 * The panel in the browser's language, in both browsers, in German and in Arabic (right to left): Chromium
 * started with --lang, Firefox ESR with the language pack asked for. The member connects, finds, previews and
 * starts a call in the language, with money written its way; the site's own strings (the privacy line, the
 * result's header) stay as the site sent them. In Arabic the page reads right to left and nothing scrolls
 * sideways. Labels are read from locales/<language>.yml, so a change of wording there does not break the test.
 */
import { beforeAll, expect, test } from 'vitest';
import { type ChromeMessages, getMessageFrom, loadMessages } from '@/testing/messages';
import type { PageDriver } from '@/testing/browser/driver';
import { describeInEachBrowser } from './each-browser';
import {
  connect,
  findTyped,
  GUILD_HEADER,
  POSTGRES as AGENT,
  previewQuestion,
  startAndWaitForResult,
} from '@/testing/steps';

/** The languages walked, each with its direction and its name for a failure's message. */
const LANGUAGES = [
  { language: 'de', name: 'German', dir: 'ltr' },
  { language: 'ar', name: 'Arabic', dir: 'rtl' },
] as const;

let en: ChromeMessages;

beforeAll(async () => {
  en = await loadMessages('en');
});

for (const { language: LANGUAGE, name: NAME, dir: DIR } of LANGUAGES) {
  describeInEachBrowser(
    `the panel in ${NAME}`,
    (rig) => {
      test('the rig.panel, its page language and its title follow the browser’s language', async () => {
        await rig.panel.waitForText(rig.w('connect.heading'));
        const page = await rig.panel.evaluate(
          () => ({ lang: document.documentElement.lang, dir: document.documentElement.dir, title: document.title }),
          null,
        );
        expect(page.lang, `${rig.name} did not start in ${NAME}: is its language pack installed?`).toBe(LANGUAGE);
        expect(page.dir).toBe(DIR);
        expect(page.title).toBe(rig.w('pages.panel'));
        expect(await rig.panel.text()).not.toContain(getMessageFrom(en, 'connect_heading'));
      });

      test(`connects, finds, previews and starts a call in ${NAME}; the site’s strings stay as sent`, async () => {
        const made = await rig.emu.control.connectCode({ name: 'Laptop' });
        await connect(rig.panel, rig.w, rig.emu.url, made.code);
        // The site's privacy line, in the site's words (the emulator writes English); it comes with the
        // connection's first answers, which may follow its name.
        await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
        await rig.panel.click('button', rig.w('status.continue'));

        await findTyped(rig.panel, rig.w, 'slow postgres queries', AGENT);
        await previewQuestion(rig.panel, rig.w, AGENT, 'Which index helps a LIKE prefix search?');
        // Money as the language writes it (German: a decimal comma and the sign after the amount, "15,00 $").
        const money = await rig.panel.evaluate(
          // A dollar as the language writes one ("$", never "US$": issue 55), the sign where it puts it.
          (lang) =>
            new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol' })
              .format(12.34)
              .replace('US$', '$'),
          LANGUAGE,
        );
        const shape = new RegExp(
          money
            .replace(/[\u200e\u200f\u061c]/g, '')
            .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
            .replace(/[0-9\u0660-\u0669]/g, '[0-9\u0660-\u0669]'),
        );
        if (LANGUAGE === 'de') expect(money).toMatch(/\d,\d\d\s\$/);
        expect((await rig.panel.text()).replace(/[\u200e\u200f\u061c]/g, '')).toMatch(shape);
        expect(await rig.panel.text()).not.toContain('US$');
        expect(await scrollsSideways(rig.panel)).toBe(false);

        await startAndWaitForResult(rig.panel, rig.w);
        await rig.panel.waitForText(GUILD_HEADER);
        expect(await scrollsSideways(rig.panel)).toBe(false);
      });
    },
    {
      language: LANGUAGE,
      skip: { strict: 'the panel’s language is the browser’s; the strict site is walked in German by first-screen' },
    },
  );
}

/** Whether the panel's page is wider than its window (in a right-to-left page, past its left edge). */
function scrollsSideways(panel: PageDriver): Promise<boolean> {
  return panel.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth, null);
}
