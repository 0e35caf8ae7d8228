import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LoadedExtension, type LoadedManifest, launchExtension, PRODUCTION_DIR } from './browser';

let ext: LoadedExtension;

beforeAll(async () => {
  ext = await launchExtension();
});

afterAll(async () => {
  await ext?.close();
});

test('the extension loads: its service worker runs and the side panel page renders', async () => {
  expect(ext.extensionId).toMatch(/^[a-p]{32}$/);
  expect(ext.serviceWorker.url()).toBe(`chrome-extension://${ext.extensionId}/background.js`);

  const manifest = await ext.manifest();
  expect(manifest.manifest_version).toBe(3);

  const errors: string[] = [];
  const page = await ext.openPanel();
  page.on('pageerror', (e) => errors.push(e.message));
  await expect.poll(() => page.title()).toBe('Agent Connection');
  await page.getByRole('main').waitFor();
  expect(await page.getByRole('main').isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});

test('the production build grants no site at install: the site origin is asked for at run time', async () => {
  const manifest = JSON.parse(
    await readFile(path.join(PRODUCTION_DIR, 'manifest.json'), 'utf8'),
  ) as LoadedManifest;
  expect(manifest.host_permissions ?? []).toEqual([]);
  expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*']);
  expect([...(manifest.permissions ?? [])].sort()).toEqual(
    ['activeTab', 'alarms', 'contextMenus', 'downloads', 'notifications', 'scripting', 'sidePanel', 'storage'].sort(),
  );
});
