import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LoadedExtension, launchExtension } from './browser';

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
  // The site's origin is asked for at run time; nothing is granted for all sites at install.
  expect(manifest.host_permissions ?? []).toEqual([]);

  const errors: string[] = [];
  const page = await ext.openPanel();
  page.on('pageerror', (e) => errors.push(e.message));
  await expect.poll(() => page.title()).toBe('Agent Connection');
  await page.getByRole('main').waitFor();
  expect(await page.getByRole('main').isVisible()).toBe(true);
  expect(errors).toEqual([]);
  await page.close();
});
