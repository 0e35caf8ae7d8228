/**
 * The member's journey with the keyboard alone, in Chromium and in Firefox: connect, find (Enter finds,
 * Shift+Enter is a new line), open a preview, choose a question call, start it, read the result, and move
 * between sections. Every view change hands the focus to the new view's level-one heading. Against both
 * emulator profiles (strict: no endpoint named without a shape, so no quote before the call).
 */
import { expect, test } from 'vitest';
import { type PageDriver, STEP_WAIT_MS } from '@/testing/browser/driver';
import { describeInEachBrowser } from './each-browser';
import { GUILD_HEADER, POSTGRES as AGENT, startReady } from '@/testing/steps';

interface Focused {
  tag: string;
  name: string;
  value: string | null;
}

/** What has the focus: its tag, a name as a member hears it (label, aria-label or text), and a field's value. */
function focused(page: PageDriver): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', value: null };
    const labelled = el.getAttribute('aria-labelledby');
    const byId = labelled ? document.getElementById(labelled)?.textContent : null;
    const label = (el as HTMLInputElement).labels?.[0]?.textContent ?? null;
    const name = (el.getAttribute('aria-label') ?? byId ?? label ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
    const value = 'value' in el ? String((el as HTMLInputElement).value) : null;
    return { tag: el.tagName.toLowerCase(), name, value };
  }, null);
}

/** Presses Tab (or Shift+Tab, back) until the focus is on the control named `name` (or starting with it). */
async function tabTo(page: PageDriver, name: string, prefix = false, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < 60; i++) {
    await page.press(key);
    const now = await focused(page);
    if (now.name === name || (prefix && now.name.startsWith(name))) return;
    seen.push(`${now.tag} "${now.name.slice(0, 40)}"`);
  }
  throw new Error(`Tab never reached "${name}". It went through: ${seen.join(', ')}`);
}

/** Waits until the focus is on a level-one heading starting with `text` (the view changed and took it). */
async function expectHeadingFocused(page: PageDriver, text: string): Promise<void> {
  // As long as any step waits for the state it leads to: on a loaded machine a view's chunk can take seconds.
  for (const deadline = Date.now() + STEP_WAIT_MS; Date.now() < deadline; ) {
    const now = await focused(page);
    if (now.tag === 'h1' && now.name.startsWith(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const now = await focused(page);
  throw new Error(`The focus is on ${now.tag} "${now.name}", not on the heading "${text}".`);
}

describeInEachBrowser('the keyboard alone', (rig) => {
  test('connect, find, preview, start and read a result, and move between sections', async () => {
    const made = await rig.emu.control.connectCode({ name: `Keys ${rig.name}` });
    // The connect form first: on a loaded machine the panel's first render can come after the test starts.
    await rig.panel.waitForText(rig.w('connect.heading'));
    await tabTo(rig.panel, 'Site address');
    await rig.panel.press('Control+A');
    await rig.panel.type(rig.emu.url);
    await tabTo(rig.panel, 'Connect code');
    await rig.panel.type(made.code);
    await rig.panel.press('Enter');
    await rig.panel.waitForText('Connected as');
    // The step after connecting replaces the form and takes the focus to its heading; tabbing on before it has
    // would leave the form's last button for the browser's own controls (seen in Firefox). Its button comes
    // with the site's privacy line; Enter on it moves on to the first view, whose heading takes the focus.
    await expectHeadingFocused(rig.panel, 'Connected as');
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await tabTo(rig.panel, 'Continue');
    await rig.panel.press('Enter');
    await expectHeadingFocused(rig.panel, 'Find AI Agents');

    // Enter finds; Shift+Enter first makes a new line in the same text.
    await tabTo(rig.panel, 'What do you need?');
    await rig.panel.type('slow postgres queries');
    await rig.panel.press('Shift+Enter');
    await rig.panel.type('and vacuum');
    expect((await focused(rig.panel)).value).toBe('slow postgres queries\nand vacuum');
    await rig.panel.press('Enter');
    // The field holds the text searched for, so the agents come with no heading of their own.
    await rig.panel.waitForText(AGENT);
    const finds = (await rig.emu.control.requests('/api/v1/find')).filter((r) => r.method === 'POST');
    expect(finds.map((r) => (r.body as { description: string }).description)).toEqual([
      'slow postgres queries\nand vacuum',
    ]);

    // The preview takes the focus to its heading; what to start is chosen with the arrow keys.
    await tabTo(rig.panel, `Preview a call to ${AGENT}`);
    await rig.panel.press('Enter');
    await expectHeadingFocused(rig.panel, 'Call');
    await tabTo(rig.panel, 'Have it do the work', true);
    await rig.panel.press('ArrowUp');
    expect((await focused(rig.panel)).name).toBe('Ask a question');
    await tabTo(rig.panel, 'Your question');
    await rig.panel.type('Which index helps a LIKE prefix search?');
    await rig.panel.waitForText('Holds up to');
    // The start waits for the preview of the question typed: Tab reaches it once it is enabled.
    await startReady(rig.panel, rig.w);
    await tabTo(rig.panel, 'Start · holds up to', true);
    await rig.panel.press('Enter');
    await expectHeadingFocused(rig.panel, AGENT);
    await rig.panel.waitForText('Passed · charged');
    await rig.panel.waitForText(GUILD_HEADER);
    expect((await rig.emu.control.callStarts()).map((r) => r.status)).toEqual([202]);

    // A section by the keyboard: the focus lands on its heading.
    // Share and the connection are under "More": Enter opens its menu on its first item, End goes to its
    // last, Escape closes it back to its button, and Enter or Space opens the item's view.
    await tabTo(rig.panel, 'More', false, 'Shift+Tab');
    await rig.panel.press('Enter');
    await expect.poll(async () => (await focused(rig.panel)).name).toBe('Share');
    await rig.panel.press('Escape');
    await expect.poll(async () => (await focused(rig.panel)).name).toBe('More');
    await rig.panel.press('Enter');
    await expect.poll(async () => (await focused(rig.panel)).name).toBe('Share');
    await rig.panel.press('Enter');
    await expectHeadingFocused(rig.panel, 'Share a project');
    await tabTo(rig.panel, 'More', false, 'Shift+Tab');
    await rig.panel.press('Space');
    await expect.poll(async () => (await focused(rig.panel)).name).toBe('Share');
    await rig.panel.press('End');
    await expect.poll(async () => (await focused(rig.panel)).name).toBe('Connection');
    await rig.panel.press('Space');
    await expectHeadingFocused(rig.panel, 'Connection');
  });
});
