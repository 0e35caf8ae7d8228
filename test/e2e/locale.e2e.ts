/**
 * The panel in the browser's language, in both browsers: Chromium started with --lang=de, Firefox ESR with its
 * German language pack asked for. The member connects, finds, previews and starts a call in German, with
 * money written the German way; the site's own strings (the privacy line, the result's header) stay as the
 * site sent them. Labels are read from locales/de.yml, so a change of wording there does not break the test.
 */
import { beforeAll, expect, test } from 'vitest';
import { type ChromeMessages, getMessageFrom, loadMessages } from '../i18n/messages';
import { type Words, wordsFor } from '../i18n/words';
import { describeInEachBrowser } from './each-browser';
import { GUILD_HEADER } from './journey';

const AGENT = 'Postgres Tuning Guild';
const LANGUAGE = 'de';

let words: Words;
let en: ChromeMessages;

beforeAll(async () => {
  words = await wordsFor(LANGUAGE);
  en = await loadMessages('en');
});

describeInEachBrowser('the panel in German', (rig) => {
  test('the rig.panel, its page language and its title follow the browser’s language', async () => {
    await rig.panel.waitForText(words('connect.heading'));
    const page = await rig.panel.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }), null);
    expect(page.lang, `${rig.name} did not start in German: is its language pack installed?`).toBe(LANGUAGE);
    expect(page.title).toBe(words('pages.panel'));
    expect(await rig.panel.text()).not.toContain(getMessageFrom(en, 'connect_heading'));
  });

  test('connects, finds, previews and starts a call in German; the site’s strings stay as sent', async () => {
    const made = await rig.emu.control.connectCode({ name: 'Laptop' });
    await rig.panel.fill(words('connect.address'), rig.emu.url);
    await rig.panel.fill(words('connect.code'), made.code);
    await rig.panel.click('button', words('connect.connect'));
    await rig.panel.waitForText(words.opening('status.connectedAs'));
    // The site's privacy line, in the site's words (the emulator writes English); it comes with the
    // connection's first answers, which may follow its rig.name.
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await rig.panel.click('button', words('status.readThis'));

    await rig.panel.click('button', words('app.tab.find'));
    await rig.panel.fill(words('find.fieldLabel'), 'slow postgres queries');
    await rig.panel.click('button', words('find.submit'));
    await rig.panel.waitForText(words('find.youSearched'));
    await rig.panel.click('button', words('agentCard.previewLabel', { agent: AGENT }));
    await rig.panel.click('radio', words('preview.kindQuestion'));
    await rig.panel.fill(words('preview.question'), 'Which index helps a LIKE prefix search?');
    await rig.panel.waitForText(words('preview.mostItCanHold'));
    // Money as German writes it: a decimal comma and the sign after the amount ("15,00 $").
    expect(await rig.panel.text()).toMatch(/\d,\d\d\s\$/);

    await rig.panel.click('button', words('preview.start'));
    await rig.panel.waitForText(words('words.callStatus.passed'));
    await rig.panel.waitForText(GUILD_HEADER);
  });
}, { language: LANGUAGE });
