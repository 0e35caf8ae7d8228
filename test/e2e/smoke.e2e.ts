/**
 * The extension loads in each browser: its background runs, the panel's page renders without an error, and
 * the production build a member installs grants no site at install (the site's origin is asked for at run
 * time). Browser-level only: one run per browser (the emulator's profile changes nothing here).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { describeInEachBrowser } from './each-browser';

interface Manifest {
  manifest_version: number;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  background?: { service_worker?: string; scripts?: string[] };
}

interface ManifestGlobal {
  runtime: { getManifest(): Manifest; getURL(path: string): string };
}

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The production builds, as a member installs them. */
const PRODUCTION = { chromium: '.output/chrome-mv3', firefox: '.output/firefox-mv3' } as const;
const PERMISSIONS = ['activeTab', 'alarms', 'contextMenus', 'downloads', 'notifications', 'scripting', 'storage'];

describeInEachBrowser(
  'the extension',
  (rig) => {
    test('loads: its background runs and the side panel page renders without an error', async () => {
      const loaded = await rig.panel.evaluate(() => {
        const g = globalThis as unknown as { browser?: ManifestGlobal; chrome?: ManifestGlobal };
        const api = (g.browser ?? g.chrome) as ManifestGlobal;
        return { manifest: api.runtime.getManifest(), origin: new URL(api.runtime.getURL('/')).origin };
      }, null);
      expect(loaded.origin).toBe(rig.browser.extensionOrigin);
      expect(loaded.manifest.manifest_version).toBe(3);
      expect(rig.browser.extensionOrigin).toMatch(
        rig.name === 'chromium' ? /^chrome-extension:\/\/[a-p]{32}$/ : /^moz-extension:\/\/[0-9a-f-]{36}$/,
      );
      // A service worker in Chromium, an event page in Firefox: WXT's background.js either way.
      const background = loaded.manifest.background;
      expect((background?.service_worker ?? background?.scripts?.[0] ?? '').split('/').at(-1)).toBe('background.js');

      const page = await rig.panel.evaluate(
        () => ({ title: document.title, main: document.querySelector('main') !== null }),
        null,
      );
      expect(page).toEqual({ title: rig.w('pages.panel'), main: true });
      // The panel asked the background what it knows and shows the answer: not connected yet.
      await rig.panel.waitForText(rig.w('connect.heading'));
      expect(rig.panel.pageErrors()).toEqual([]);
    });

    test('the production build grants no site at install: the site origin is asked for at run time', async () => {
      const manifest = JSON.parse(
        await readFile(path.join(ROOT, PRODUCTION[rig.name], 'manifest.json'), 'utf8'),
      ) as Manifest;
      expect(manifest.host_permissions ?? []).toEqual([]);
      expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*']);
      const expected = rig.name === 'chromium' ? [...PERMISSIONS, 'sidePanel'] : PERMISSIONS;
      expect([...(manifest.permissions ?? [])].sort()).toEqual(expected.sort());
    });
  },
  { profiles: ['default'] },
);
