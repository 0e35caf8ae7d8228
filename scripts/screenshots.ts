/**
 * `npm start -- --screenshots` (or `npm run screenshots`): the panel's main views at a side panel's width, in
 * light and dark, saved as PNGs (default docs/screenshots/, which the README shows). The views are reached by
 * the member's own steps against the emulator: find with results, a preview, a result, a plan session with its
 * questions, history with its spending chart, the connection, and the first-run page. Options: --out DIR, --extension DIR (a built e2e extension; default
 * the current one), --width PX (default 360), --schemes light,dark.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { EXTENSION_DIR, launchExtension } from '../test/e2e/browser';
import { connectPanel, findInPanel, openPreview, startCall, startTestEmulator, WAIT_MS, waitForResult } from '../test/e2e/harness';

const ROOT = path.resolve(import.meta.dirname, '..');
const AGENT = 'Postgres Tuning Guild';

export interface ScreenshotOptions {
  out: string;
  extensionDir: string;
  width: number;
  schemes: ('light' | 'dark')[];
}

function tab(panel: Page, name: string) {
  return panel.getByRole('navigation', { name: 'Panel sections' }).getByRole('button', { name, exact: true });
}

async function walk(scheme: 'light' | 'dark', options: ScreenshotOptions): Promise<string[]> {
  const emu = await startTestEmulator();
  const ext = await launchExtension({ extensionDir: options.extensionDir, colorScheme: scheme, viewport: { width: options.width, height: 800 } });
  const saved: string[] = [];
  const shot = async (page: Page, view: string) => {
    const file = path.join(options.out, `${view}-${scheme}.png`);
    // Focus rings and the caret are not part of the picture.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    saved.push(path.relative(ROOT, file));
  };
  try {
    const panel = await ext.openPanel();
    const made = await emu.control.connectCode({ name: 'Laptop', limits: { sessionsPerDay: 20, callsPerDay: 50 } });
    await connectPanel(panel, emu.url, made.code);
    await panel.getByRole('button', { name: 'I have read this' }).click();

    await findInPanel(panel, 'slow postgres queries after we added replication');
    await shot(panel, 'find');
    await openPreview(panel, { agentName: AGENT, kind: 'question', text: 'Which index helps a LIKE prefix search?' });
    await shot(panel, 'preview');
    await startCall(panel);
    await waitForResult(panel, 'Passed its checks (charged)');
    await shot(panel, 'result');

    await tab(panel, 'Find').click();
    await findInPanel(panel, 'slow postgres queries and vacuum');
    await openPreview(panel, { agentName: AGENT, kind: 'apply', text: 'Our database gets slow every evening.' });
    await panel.getByRole('button', { name: 'Plan my project', exact: true }).click();
    await panel.getByRole('heading', { name: 'Questions to answer now' }).waitFor({ timeout: WAIT_MS });
    await shot(panel, 'session');

    await tab(panel, 'History').click();
    await panel.getByRole('list', { name: 'Calls, newest first' }).waitFor({ timeout: WAIT_MS });
    await shot(panel, 'history');
    await panel.getByRole('button', { name: 'Show spending' }).click();
    await panel.getByRole('img', { name: 'Charged per day, from this browser’s cache' }).waitFor({ timeout: WAIT_MS });
    await panel.getByText('The figures as a table').click();
    await panel.locator('.spending-chart').scrollIntoViewIfNeeded();
    const chart = path.join(options.out, `spending-${scheme}.png`);
    await panel.locator('.spending').screenshot({ path: chart, animations: 'disabled', caret: 'hide' });
    saved.push(path.relative(ROOT, chart));
    await tab(panel, 'Connection').click();
    await panel.getByText('Connection “Laptop”').first().waitFor({ timeout: WAIT_MS });
    await shot(panel, 'connection');
    const welcome = await ext.context.newPage();
    await welcome.goto(`chrome-extension://${ext.extensionId}/welcome.html`);
    await welcome.getByRole('heading', { name: 'What is sent where' }).waitFor({ timeout: WAIT_MS });
    await shot(welcome, 'first-run');
    return saved;
  } finally {
    await ext.close().catch(() => undefined);
    await emu.close().catch(() => undefined);
  }
}

export async function takeScreenshots(options: ScreenshotOptions): Promise<string[]> {
  await mkdir(options.out, { recursive: true });
  const saved: string[] = [];
  for (const scheme of options.schemes) saved.push(...(await walk(scheme, options)));
  return saved;
}

function optionsFromArgs(): ScreenshotOptions {
  const { values } = parseArgs({
    options: {
      out: { type: 'string', default: path.join(ROOT, 'docs/screenshots') },
      extension: { type: 'string', default: EXTENSION_DIR },
      width: { type: 'string', default: '360' },
      schemes: { type: 'string', default: 'light,dark' },
      // The demo passes its own flag through.
      screenshots: { type: 'boolean', default: false },
    },
  });
  const width = Number(values.width);
  if (!Number.isInteger(width) || width < 320 || width > 1280) throw new Error(`--width must be a whole number from 320 to 1280, not ${values.width}`);
  const schemes = values.schemes.split(',').map((s) => s.trim());
  for (const s of schemes) if (s !== 'light' && s !== 'dark') throw new Error(`--schemes takes light and dark, not ${s}`);
  return { out: path.resolve(values.out), extensionDir: path.resolve(values.extension), width, schemes: schemes as ScreenshotOptions['schemes'] };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  takeScreenshots(optionsFromArgs()).then(
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
