/**
 * The member's journey in both browsers, through the one rig (testing/steps.ts over the shared driver): Chromium by
 * Playwright, Firefox ESR by puppeteer-core over WebDriver BiDi. Connect (the host permission is checked as
 * scheme://host/*, which Firefox matches though the site runs on a port), find typed and from a page's
 * selection through the context-menu handler, preview, start, poll to the result under its header line, the
 * notification, an approval given on the site's page, and a revoked key. Each browser takes the journey
 * against both emulator profiles (strict: no endpoint named without a shape, pages under other paths); the CSV
 * export and two windows' one intent, the extension's own, on the default one.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ExtensionGlobal, PageDriver } from '@/testing/browser/driver';
import {
  approveOnTheSite,
  clickStart,
  connect,
  findFromArticleSelection,
  findTyped,
  notificationIds,
  openFold,
  openSection,
  POSTGRES as AGENT,
  previewQuestion,
  serveArticle,
  type ArticleServer,
  waitForNotification,
  waitForPassed,
  watchNotifications,
  waitForBalanceRead,
} from '@/testing/steps';
import { describeInEachBrowser, testSameOnStrict } from './each-browser';

interface ViewsGlobal {
  extension: { getViews(filter: { type: 'tab' }): Window[] };
}

/** The extension's pages open in tabs, by path, with their first heading (read from the panel's own views). */
function tabViews(panel: PageDriver): Promise<{ path: string; h1: string | null }[]> {
  return panel.evaluate(() => {
    const g = globalThis as unknown as { browser?: ViewsGlobal; chrome?: ViewsGlobal };
    return ((g.browser ?? g.chrome)?.extension.getViews({ type: 'tab' }) ?? []).map((w) => ({
      path: w.location.pathname,
      h1: w.document.querySelector('h1')?.textContent ?? null,
    }));
  }, null);
}

interface DownloadsGlobal {
  downloads: { search(query: object): Promise<{ filename: string; state: string }[]> };
}

interface StorageGlobal {
  storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
}

const ARTICLE = ['Notes from this week', 'Our slow postgres queries got worse after we added replication.'];

let article: ArticleServer;

beforeAll(async () => {
  article = await serveArticle(ARTICLE);
});

afterAll(() => article?.close());

describeInEachBrowser("the member's journey", (rig) => {
  let connectionId = '';
  let memberId = '';
  const local = testSameOnStrict(rig, 'the export and the intent are the extension’s own, the same for every site');

  beforeAll(async () => {
    console.log(`${rig.name} (${rig.profile} profile): ${rig.browser.version}`);
    await watchNotifications(rig.panel);
  });

  test('the first-run page opened once, on install', async () => {
    await expect
      .poll(async () => (await tabViews(rig.panel)).filter((v) => v.path === '/welcome.html'), { timeout: 15_000 })
      .toEqual([{ path: '/welcome.html', h1: 'Welcome to Agent Connection' }]);
  });

  test('connects to a site on a port: the permission is held for scheme://host/*, requests go to the exact origin', async () => {
    const made = await rig.emu.control.connectCode({ name: `E2E ${rig.name}` });
    connectionId = made.connectionId;
    memberId = made.memberId;
    expect(new URL(rig.emu.url).port).not.toBe('');
    const held = await rig.panel.evaluate(async (pattern) => {
      const g = globalThis as unknown as { browser?: ExtensionGlobal; chrome?: ExtensionGlobal };
      return (g.browser ?? g.chrome)?.permissions.contains({ origins: [pattern] });
    }, 'http://127.0.0.1/*');
    expect(held).toBe(true);
    await connect(rig.panel, rig.w, rig.emu.url, made.code);
    const claims = await rig.emu.control.requests('/api/v1/connections/claim');
    expect(claims.map((r) => r.status)).toEqual([200]);
    await rig.panel.click('button', 'Continue');
  });

  test('finds agents for typed text, and for a page’s selection through the context-menu handler', async () => {
    await findTyped(rig.panel, rig.w, 'slow postgres queries', AGENT);
    const page = await rig.browser.openPage(article.url);
    const selected = await findFromArticleSelection(page, rig.panel, 'p1');
    expect(selected).toBe(ARTICLE[1]);
    await rig.panel.bringToFront();
    await rig.panel.waitForText('From your selection');
    await rig.panel.waitForText(selected);
    const finds = (await rig.emu.control.requests('/api/v1/find')).filter((r) => r.method === 'POST');
    expect(finds.map((r) => r.body)).toEqual([{ description: 'slow postgres queries' }, { description: selected }]);
    await page.close();
  });

  test('previews, starts and polls a call to its result under the header line, and notifies once', async () => {
    await previewQuestion(rig.panel, rig.w, AGENT, 'Which index helps a LIKE prefix search?');
    expect(await rig.emu.control.callStarts()).toEqual([]);
    await clickStart(rig.panel, rig.w);
    await waitForPassed(rig.panel, rig.w, 'Which index helps a LIKE prefix search?');
    const starts = await rig.emu.control.callStarts();
    expect(starts.map((r) => r.status)).toEqual([202]);
    const runIds = new Set(
      (await rig.emu.control.requests('/api/v1/calls/'))
        .filter((r) => r.method === 'GET')
        .map((r) => r.path.split('/').at(-1)),
    );
    expect(runIds.size).toBe(1);
    await waitForNotification(rig.panel, /^call:.+:finished$/);
    expect(await notificationIds(rig.panel)).toEqual([`call:${[...runIds][0]}:finished`]);
  });

  local(
    'Calls saves the calls as CSV on the member’s click: the file holds the call under its header, no key',
    async () => {
      await openSection(rig.panel, rig.w, 'app.tab.calls');
      // The export is folded under its heading's words: folded, its buttons are not on screen.
      await rig.panel.waitForText(rig.w('export.heading'));
      expect(await rig.panel.text()).not.toContain('Calls as CSV');
      await openFold(rig.panel, rig.w('export.heading'));
      await rig.panel.click('button', 'Calls as CSV');
      await rig.panel.waitForText('to your downloads, with 1 call.');
      expect(await rig.panel.text()).toMatch(/Saved agent-history-calls-\d{4}-\d\d-\d\d\.csv to your downloads/);
      const files = () =>
        rig.panel.evaluate(async () => {
          const g = globalThis as unknown as { browser?: DownloadsGlobal; chrome?: DownloadsGlobal };
          return (await (g.browser ?? g.chrome)?.downloads.search({})) ?? [];
        }, null);
      await expect.poll(async () => (await files()).map((f) => f.state), { timeout: 15_000 }).toEqual(['complete']);
      // The bytes the browser saved (Playwright names Chromium's downloads by a GUID of its own).
      const [saved] = await files();
      const csv = (await readFile(saved?.filename ?? '', 'utf8')).replace(/^\uFEFF/, '');
      expect(csv.split('\r\n')[0]?.split(',').slice(0, 3)).toEqual(['localId', 'runId', 'sessionId']);
      expect(csv).toContain('Which index helps a LIKE prefix search?');
      expect(csv).toContain(AGENT);
      expect(csv).not.toMatch(/gpc_/);
    },
  );

  test('a call waiting for approval runs once after the member approves it on the site’s page', async () => {
    await rig.emu.control.patchConnection(connectionId, { switches: { spending: false } });
    await rig.panel.click('button', 'Find');
    await findTyped(rig.panel, rig.w, 'postgres replication lag', AGENT);
    await previewQuestion(rig.panel, rig.w, AGENT, 'Is a partial index worth it here?');
    await rig.panel.waitForText('Needs your approval on the site:');
    const address = await approveOnTheSite(rig.browser, rig.panel, rig.w, rig.emu.url);
    expect(new URL(address).origin).toBe(rig.emu.url);
    const starts = await rig.emu.control.callStarts();
    expect(starts.map((r) => r.status)).toEqual([202, 403, 202]);
    expect(starts.map((r) => (r.body as { approvalId?: string } | null)?.approvalId)).toEqual([
      undefined,
      undefined,
      expect.stringMatching(/^apr_/),
    ]);
    await waitForNotification(rig.panel, /^approval:.+:needed$/);
  });

  test('after two calls the header and Connection show the balance the site answers, and the spend is counted', async () => {
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const shown = async () => (await rig.panel.text()).replace(/\s+/g, ' ');
    // What the panel says beside the site's spendable now (the emulator's member, read without changing it).
    const agrees = async (says: (amount: string) => string) => {
      const member = await rig.emu.control.call<{ spendableCents: number }>('POST', `/members/${memberId}/credits`, {});
      return (await shown()).includes(says(dollars.format(member.spendableCents / 100)));
    };
    await rig.panel.click('button', 'Find');
    await expect.poll(() => agrees((amount) => `${amount} to spend`), { timeout: 30_000 }).toBe(true);
    await openSection(rig.panel, rig.w, 'app.tab.connection');
    await expect
      .poll(() => agrees((amount) => `${rig.w('status.spendableNow')} ${amount}`), { timeout: 30_000 })
      .toBe(true);
    expect(await shown()).toMatch(new RegExp(`${rig.w('status.spentWindow')} \\$\\d`));
    expect(await shown()).not.toContain(`${rig.w('status.spentWindow')} $0.00`);
  });

  test('a revoked key: the panel asks for a new connect code, the history stays', async () => {
    // The background's own keyed read after the last call (GET /me) lands before the key is revoked.
    await waitForBalanceRead(rig.panel);
    await rig.emu.control.revoke(connectionId);
    await rig.panel.click('button', 'Find');
    await rig.panel.fill('What do you need?', 'postgres vacuum settings');
    await rig.panel.click('button', 'Find agents');
    await rig.panel.waitForText(`Connection “E2E ${rig.name}” was revoked`);
    const finds = (await rig.emu.control.requests('/api/v1/find')).filter((r) => r.method === 'POST');
    expect(finds.at(-1)?.status).toBe(401);
    // The key is gone from the extension's storage.
    const stored = await rig.panel.evaluate(async () => {
      const g = globalThis as unknown as { browser?: StorageGlobal; chrome?: StorageGlobal };
      return JSON.stringify(await (g.browser ?? g.chrome)?.storage.local.get(null));
    }, null);
    expect(stored).not.toMatch(/gpc_/);
    // A new code: the calls made before are still listed.
    const again = await rig.emu.control.connectCode({ name: `E2E ${rig.name}, again` });
    await connect(rig.panel, rig.w, rig.emu.url, again.code);
    await rig.panel.click('button', 'Calls');
    await rig.panel.waitForText('Passed · charged');
  });

  local('two panels (two windows) starting the same preview make one call, not two', async () => {
    const question = 'Does a BRIN index suit an append-only table?';
    await findTyped(rig.panel, rig.w, 'postgres index choice', AGENT);
    await previewQuestion(rig.panel, rig.w, AGENT, question);
    // The second window's panel opens the same agent's preview: the unfinished draft, the same intent.
    const second = await rig.browser.openPanel();
    try {
      await second.click('button', 'Find');
      await second.click('button', `Preview a call to ${AGENT}`);
      await second.waitForText('Holds up to');
      const typed = await second.evaluate(() => [...document.querySelectorAll('textarea')].map((t) => t.value), null);
      expect(typed).toContain(question);
      const before = (await rig.emu.control.callStarts()).length;
      await Promise.all([clickStart(rig.panel, rig.w), clickStart(second, rig.w)]);
      await rig.panel.waitForText('Passed · charged');
      await second.waitForText('Passed · charged');
      const starts = (await rig.emu.control.callStarts()).slice(before);
      // One intent, one request to the site: the second click found the call the first one made.
      expect(starts.map((r) => [r.status, (r.body as { question?: string } | null)?.question])).toEqual([
        [202, question],
      ]);
    } finally {
      await second.close();
    }
  });

  test('the first-run page was not opened again by anything the journey did', async () => {
    expect((await tabViews(rig.panel)).filter((v) => v.path === '/welcome.html')).toHaveLength(1);
  });
});
