/**
 * `npm start -- --screenshots` (or `npm run screenshots`): the panel's main views at a side panel's width, in
 * light and dark, saved as PNGs (default docs/screenshots/, which the README shows; another language in a
 * folder of its own, docs/screenshots/de/). The views are reached by the member's own steps against the
 * emulator, in the language of the pictures: find with results, a preview, a result, a plan session with its
 * questions, the calls with their spending chart, the connection, findings waiting for sign-off, and the first-run
 * page. Options: --out DIR, --extension DIR (a built e2e extension; default the current one), --width PX
 * (default 360), --schemes light,dark, --languages en,de,ja (default en).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import type { Words } from '@/testing/words';
import { inEachLanguageAndScheme, parseLanguages, parseSchemes, type Scheme } from './pictures';
import { wordsOnFirstScreen } from '@/testing/first-screen-words';
import { EXTENSION_DIR, launchExtension, playwrightPage } from '@/testing/browser/chromium';
import { STEP_WAIT_MS } from '@/testing/browser/driver';
import { startTestEmulator } from '@/testing/emulator';
import {
  askPostgres,
  connectAndRead,
  findTyped,
  openSection,
  POSTGRES,
  planSession,
  previewApply,
  previewQuestion,
  readPrivacyLine,
  startAndWaitForResult,
  waitForBalanceRead,
  waitForPassed,
} from '@/testing/steps';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface ScreenshotOptions {
  out: string;
  extensionDir: string;
  width: number;
  schemes: Scheme[];
  /** Locale files' names (en, de, ja, pt_BR...); default English only. */
  languages?: string[];
}

async function walk(scheme: Scheme, w: Words, options: ScreenshotOptions): Promise<string[]> {
  const emu = await startTestEmulator();
  const ext = await launchExtension({
    extensionDir: options.extensionDir,
    colorScheme: scheme,
    viewport: { width: options.width, height: 800 },
    language: w.language,
  });
  const out = w.language === 'en' ? options.out : path.join(options.out, w.language);
  await mkdir(out, { recursive: true });
  const saved: string[] = [];
  const shot = async (page: Page, view: string) => {
    const file = path.join(out, `${view}-${scheme}.png`);
    // Focus rings and the caret are not part of the picture.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    // The words on the first screen, counted as the first-screen walk counts them, once per language.
    if (scheme === options.schemes[0]) {
      const words = await page.evaluate(wordsOnFirstScreen, w.language);
      console.log(`words ${w.language} ${view}: ${words.all} (${words.besidesAnswer} besides the answer)`);
    }
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    saved.push(path.relative(ROOT, file));
  };
  try {
    const panel = await ext.openPanel();
    const m = playwrightPage(panel);
    const made = await emu.control.connectCode({ name: 'Laptop', limits: { sessionsPerDay: 20, callsPerDay: 50 } });
    await connectAndRead(m, w, emu.url, made.code);

    await findTyped(m, w, 'slow postgres queries after we added replication', POSTGRES);
    await shot(panel, 'find');
    await previewQuestion(m, w, POSTGRES, 'Which index helps a LIKE prefix search?');
    await shot(panel, 'preview');
    await startAndWaitForResult(m, w);
    await readPrivacyLine(m, w);
    // The header's balance is hidden until the site is read again after the charge: the picture waits for it.
    await waitForBalanceRead(m);
    await panel.locator('.panel-header-credits').waitFor({ timeout: STEP_WAIT_MS });
    await shot(panel, 'result');

    await openSection(m, w, 'app.tab.find');
    await findTyped(m, w, 'slow postgres queries and vacuum', POSTGRES);
    await previewApply(m, w, POSTGRES, 'Our database gets slow every evening.');
    await planSession(m, w);
    // The step's button names its hold once the session's preview is read: the picture waits for it.
    await m.waitForText(w.opening('money.makeHolds'));
    await shot(panel, 'session');

    await openSection(m, w, 'app.tab.calls');
    await panel.getByRole('list', { name: w('history.callsNewestFirst') }).waitFor({ timeout: STEP_WAIT_MS });
    // The spending is read after the list: the picture waits for the site's total and the saved calls' part
    // (its figures, the calls all charged on one day: no day chart), so it shows the view as it settles.
    await panel.locator('.spending-total').waitFor({ timeout: STEP_WAIT_MS });
    await panel.locator('.spending-chart').waitFor({ timeout: STEP_WAIT_MS });
    await shot(panel, 'calls');
    await panel.getByText(w('spending.asTable')).click();
    await panel.locator('.spending-chart').scrollIntoViewIfNeeded();
    const chart = path.join(out, `spending-${scheme}.png`);
    await panel.locator('.spending').screenshot({ path: chart, animations: 'disabled', caret: 'hide' });
    saved.push(path.relative(ROOT, chart));
    await openSection(m, w, 'app.tab.connection');
    // The driver's wait, which reads past the isolates a right-to-left language puts around a name.
    await m.waitForText(w('status.heading', { name: 'Laptop' }));
    await shot(panel, 'connection');

    // Findings waiting for sign-off: the member lets agents keep what they research (on the site), and the next
    // call to the Postgres agent keeps one, which the site checks and puts in the member's draft. Taken last in
    // the panel, so the pictures before show the connection as made (no choice yet).
    await emu.control.patchConnection(made.connectionId, { keepsFindings: true });
    const kept = 'Which index helps a LIKE prefix search on a large table?';
    await askPostgres(m, w, kept);
    await waitForPassed(m, w, kept);
    await openSection(m, w, 'app.tab.findings');
    await waitForDraft(panel, w);
    await shot(panel, 'findings');

    const welcome = await ext.context.newPage();
    await welcome.goto(`chrome-extension://${ext.extensionId}/welcome.html`);
    await welcome.getByRole('heading', { name: w('welcome.privacyHeading') }).waitFor({ timeout: STEP_WAIT_MS });
    await shot(welcome, 'first-run');
    return saved;
  } finally {
    await ext.close().catch(() => undefined);
    await emu.close().catch(() => undefined);
  }
}

/** The site checks a kept finding for a few seconds before its draft holds it: read again until none is checked. */
async function waitForDraft(panel: Page, w: Words): Promise<void> {
  const view = panel.getByRole('region', { name: w('findings.heading') });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const waiting = await view.getByRole('heading', { name: w('findings.waitingHeading') }).count();
    const checking = await view.getByText(w('findingWords.status.checking')).count();
    if (waiting > 0 && checking === 0) return;
    if (Date.now() > deadline) throw new Error('No findings draft waited for sign-off within 30 s.');
    await panel.getByRole('button', { name: w('status.readAgain'), exact: true }).click({ timeout: STEP_WAIT_MS });
    await panel.waitForTimeout(1000);
  }
}

export async function takeScreenshots(options: ScreenshotOptions): Promise<string[]> {
  await mkdir(options.out, { recursive: true });
  return inEachLanguageAndScheme(options.languages ?? ['en'], options.schemes, (scheme, w) => walk(scheme, w, options));
}

function optionsFromArgs(): ScreenshotOptions {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') },
      extension: { type: 'string', default: EXTENSION_DIR },
      width: { type: 'string', default: '360' },
      schemes: { type: 'string', default: 'light,dark' },
      languages: { type: 'string', default: 'en' },
      // The demo passes its own flag through.
      screenshots: { type: 'boolean', default: false },
    },
  });
  const width = Number(values.width);
  if (!Number.isInteger(width) || width < 320 || width > 1280)
    throw new Error(`--width must be a whole number from 320 to 1280, not ${values.width}`);
  return {
    out: path.resolve(values.out),
    extensionDir: path.resolve(values.extension),
    width,
    schemes: parseSchemes(values.schemes),
    languages: parseLanguages(values.languages),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Inside the promise, so a bad option is said in one line like any other failure.
  Promise.resolve()
    .then(() => takeScreenshots(optionsFromArgs()))
    .then(
      (saved) => {
        for (const file of saved) console.log(file);
        console.log(`${saved.length} screenshots.`);
      },
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exitCode = 1;
      },
    );
}
