/**
 * `npm start`: the emulator, the extension built and loaded in Chromium, a fresh connect code printed and
 * filled in. With a display it opens a window and runs until Ctrl-C; with `--headless` (or on Linux without
 * a display) it walks the member's journey by itself, saves a screenshot of each step to demo-out/, and
 * exits 0, or 1 on any failure. `--profile strict` runs it against the emulator's strict profile (no
 * endpoint the contract names without a shape, files from a host of their own, pages under other paths).
 * `--screenshots` saves the README's pictures of the main views (scripts/screenshots.ts) and exits;
 * `--store` saves the stores' 1280×800 pictures, in English and German (scripts/store.ts), and exits.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Profile } from '@/emulator/index';
import {
  type ChromiumBrowser,
  EXTENSION_DIR,
  launchChromium,
  type LoadedExtension,
  playwrightPage,
} from '@/testing/browser/chromium';
import type { ExtensionBrowser, PageDriver } from '@/testing/browser/driver';
import { type MadeCode, startTestEmulator, type TestEmulator } from '@/testing/emulator';
import {
  type ArticleServer,
  approveOnTheSite,
  connect,
  fillConnectForm,
  findFromArticleSelection,
  findTyped,
  POSTGRES,
  previewQuestion,
  serveArticle,
  startAndWaitForResult,
  waitForFound,
  waitForNotification,
  watchNotifications,
} from '@/testing/steps';
import { wordsFor } from '@/testing/words';
import { takeScreenshots } from './screenshots';
import { takeStoreScreenshots } from './store';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'demo-out');
const PREFERRED_PORT = 8787;
/** A side panel's shape, for the headless screenshots. */
const PANEL_VIEWPORT = { width: 420, height: 900 };

const ARTICLE = [
  'Notes from this week’s incident review',
  'Our slow postgres queries got worse after we added replication, and the dashboard now times out at noon.',
  'Next: check the indexes and the query plans before touching any setting.',
];

const { values: args } = parseArgs({
  options: {
    headless: { type: 'boolean', default: false },
    profile: { type: 'string', default: 'default' },
    screenshots: { type: 'boolean', default: false },
    store: { type: 'boolean', default: false },
  },
});
const headless =
  args.headless || (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY);
if (args.profile !== 'default' && args.profile !== 'strict') {
  console.error(`--profile must be default or strict, not ${args.profile}`);
  process.exit(2);
}
const profile: Profile = args.profile;

function log(line: string): void {
  console.log(line);
}

function run(command: string, args: string[], what: string, quiet: boolean): void {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: quiet ? 'pipe' : 'inherit', encoding: 'utf8' });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${what} failed (exit ${result.status ?? result.signal})`);
  }
  log(`${what}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function startDemoEmulator(): Promise<TestEmulator> {
  try {
    return await startTestEmulator({ port: PREFERRED_PORT, profile });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    log(`Port ${PREFERRED_PORT} is taken: the emulator takes a free port instead.`);
    return startTestEmulator({ port: 0, profile });
  }
}

async function main(): Promise<number> {
  run('bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')], 'Chromium', false);
  if (args.screenshots) {
    // The README's pictures: the main views at 360 px, light and dark, into docs/screenshots/.
    run(path.join(ROOT, 'node_modules/.bin/wxt'), ['build', '--mode', 'e2e'], 'Build', true);
    const saved = await takeScreenshots({
      out: path.join(ROOT, 'docs/screenshots'),
      extensionDir: EXTENSION_DIR,
      width: 360,
      schemes: ['light', 'dark'],
    });
    for (const file of saved) log(file);
    log(`Done: ${saved.length} screenshots.`);
    return 0;
  }
  if (args.store) {
    run(path.join(ROOT, 'node_modules/.bin/wxt'), ['build', '--mode', 'e2e'], 'Build', true);
    const saved = await takeStoreScreenshots({
      out: path.join(ROOT, 'docs/store'),
      extensionDir: EXTENSION_DIR,
      languages: ['en', 'de'],
      schemes: ['light', 'dark'],
    });
    for (const file of saved) log(file);
    log(`Done: ${saved.length} store screenshots, 1280×800; the listing text is in locales/store/.`);
    return 0;
  }
  const emu = await startDemoEmulator();
  let ext: ChromiumBrowser | null = null;
  try {
    log(
      `Emulator (${profile} profile): ${emu.url} (API ${emu.url}/api/v1, site pages ${emu.url}/connect, control ${emu.url}/_emulator/)`,
    );
    log('Building the extension (wxt build --mode e2e)…');
    run(path.join(ROOT, 'node_modules/.bin/wxt'), ['build', '--mode', 'e2e'], 'Build', true);
    const made = await emu.control.connectCode({ name: 'Demo browser' });
    log(`Connect code for Dana Demo: ${made.code} (works once, until ${made.expiresAt})`);

    ext = await launchChromium({ headless, viewport: headless ? PANEL_VIEWPORT : null, handleSignals: false });
    if (headless) return await journey(ext, emu, made);
    return await interactive(ext.loaded, emu, made.code);
  } finally {
    await ext?.close().catch(() => undefined);
    await emu.close().catch(() => undefined);
  }
}

/** A window with an article to select from and the panel's page, the address and the code filled in. */
async function interactive(ext: LoadedExtension, emu: TestEmulator, code: string): Promise<number> {
  const article = await serveArticle(ARTICLE);
  try {
    await (await ext.context.newPage()).goto(article.url);
    const panel = await ext.openPanel();
    await fillConnectForm(playwrightPage(panel), await wordsFor('en'), emu.url, code);
    for (const page of ext.context.pages()) if (page.url() === 'about:blank') await page.close();
    log('');
    log('Chromium is open with the extension loaded:');
    log('  1. In the "Agent Connection" tab the site address and the connect code are filled in: click Connect.');
    log('  2. In the article tab, select some text, right-click, and choose "Find AI Agents for …".');
    log('     (The toolbar button opens the real side panel; the tab shows the same panel.)');
    log('  3. Choose an agent, read the preview, start the call, and watch it finish.');
    log(`  The member's site pages: ${emu.url}/ . Make another connect code at ${emu.url}/connect`);
    log('Press Ctrl-C to close everything.');
    await new Promise<void>((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
      ext.context.once('close', () => resolve());
    });
    log('Closing Chromium and the emulator.');
    return 0;
  } finally {
    await article.close();
  }
}

/** The journey without a display, a screenshot per step, through the member's steps (testing/steps.ts). */
async function journey(browser: ExtensionBrowser, emu: TestEmulator, made: MadeCode): Promise<number> {
  const code = made.code;
  const w = await wordsFor('en');
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  let n = 0;
  const shot = async (page: PageDriver, name: string, did: string) => {
    n += 1;
    const file = path.join(OUT_DIR, `${String(n).padStart(2, '0')}-${name}.png`);
    await page.screenshot(file);
    log(`${String(n).padStart(2, '0')} ${did} → ${path.relative(ROOT, file)}`);
  };

  const panel = await browser.openPanel();
  await watchNotifications(panel);
  await fillConnectForm(panel, w, emu.url, code);
  await shot(panel, 'connect-form', 'The connect form, site address and code filled in');

  await connect(panel, w, emu.url, code);
  await panel.waitForText(w('status.continue'));
  await shot(
    panel,
    'connected',
    'Connected: the connection’s name and the privacy line, one step before the first call',
  );
  await panel.click('button', w('status.continue'));

  let article: ArticleServer | null = await serveArticle(ARTICLE);
  try {
    const articlePage = await browser.openPage(article.url);
    const selected = await findFromArticleSelection(articlePage, panel, 'p1');
    await shot(articlePage, 'selection', `Selected on a page and chose “Find AI Agents for …”: “${selected.trim()}”`);
    await panel.bringToFront();
    await waitForFound(panel, w, selected.trim(), POSTGRES);
    await shot(panel, 'agents', 'The panel found agents for the selection');
  } finally {
    await article.close();
    article = null;
  }

  await previewQuestion(panel, w, POSTGRES, 'Which index helps a LIKE prefix search?');
  const limit = await panel.evaluate(() => document.querySelector('.limit-line')?.textContent ?? '', null);
  await shot(panel, 'preview', `Preview before anything runs: ${limit}`);

  await startAndWaitForResult(panel, w);
  const notified = await waitForNotification(panel, /^call:.+:finished$/);
  await shot(panel, 'result', `Passed; notification ${notified}; the result under its header line`);

  // The member turns spending off on the site: every call now waits for an approval; the member approves it
  // on the site's page (on its origin, wherever it keeps it) and comes back, and the extension resends it.
  await emu.control.patchConnection(made.connectionId, { switches: { spending: false } });
  await findTyped(panel, w, 'slow postgres queries after replication', POSTGRES);
  await previewQuestion(panel, w, POSTGRES, 'Is a partial index worth it here?');
  await panel.waitForText(w('money.needsApproval').trim());
  await shot(panel, 'approval-preview', 'Spending is off, so the call will wait for an approval');
  const address = await approveOnTheSite(browser, panel, w, emu.url, (moment, site) =>
    moment === 'opened'
      ? shot(site, 'approval-page', `The site’s approval page: ${site.url()}`)
      : shot(site, 'approved', 'Approved on the site'),
  );
  const asked = await waitForNotification(panel, /^approval:.+:needed$/);
  const starts = await emu.control.callStarts();
  await shot(
    panel,
    'approved-result',
    `Approved at ${address} (notification ${asked}); resent by itself; POST /calls answers: ${starts.map((r) => r.status).join(', ')}`,
  );
  log(`Done: ${n} screenshots in ${path.relative(ROOT, OUT_DIR)}/.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Demo failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
