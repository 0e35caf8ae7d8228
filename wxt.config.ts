import { defineConfig } from 'wxt';

/**
 * VITE_E2E_NEXT=1 (with --mode e2e) makes the update test's build N+1: the next patch version, a database
 * version with an upgrade step (lib/db/e2e/rehearsal, chosen by lib/db/build-versions), in
 * .output/<browser>-mv3-e2e-next.
 */
const next = process.env.VITE_E2E_NEXT === '1';

// One source for both browsers; WXT turns entrypoints/sidepanel into side_panel (Chrome) and
// sidebar_action (Firefox). Firefox is built as MV3 on purpose (see README), so that
// optional_host_permissions survive.
export default defineConfig({
  ...(next
    ? {
        outDirTemplate: '{{browser}}-mv{{manifestVersion}}{{modeSuffix}}-next',
        // The version still comes from package.json alone: N+1 is what WXT made of it, one patch on.
        hooks: {
          'build:manifestGenerated': (wxt, manifest) => {
            if (wxt.config.mode === 'e2e')
              manifest.version = manifest.version.replace(/\d+$/, (patch) => String(Number(patch) + 1));
          },
        },
      }
    : {}),
  modules: ['@wxt-dev/webextension-polyfill', '@wxt-dev/i18n/module'],
  // The sources package is for rebuilding (AMO's reviewers); the README's and the stores' pictures are not.
  zip: { excludeSources: ['docs/screenshots/**', 'docs/store/**'] },
  vite: () => ({
    esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
    // `npm run bench:composition` reads hidden source maps to show what each chunk is made of; no other
    // build writes maps (the store packages must not name local paths).
    build: {
      sourcemap: process.env.BUNDLE_MAPS === '1' ? 'hidden' : false,
      minify: 'terser',
      // pure_getters (no getter of ours or our packages' has side effects), anonymous functions that use no
      // `this` as arrows (none of them is a constructor), inline only the simplest functions, statements left
      // unjoined: about 0.5 KB less gzip in the worker than terser's defaults.
      terserOptions: {
        ecma: 2020,
        compress: { passes: 3, pure_getters: true, unsafe_arrows: true, inline: 1, sequences: false },
        // ascii_only: a script with a character beyond Latin-1 is held as two bytes a character in the browser's
        // memory (the worker's 235 KB source as 470 KB); escaped, as one.
        format: { comments: false, ascii_only: true },
      },
    },
    // Dexie's ES2018 build instead of its UMD one behind import-wrapper: the same code, about 1.3 KB less
    // gzip in the worker and the panel (one copy per bundle either way).
    resolve: { alias: [{ find: /^dexie$/, replacement: 'dexie/dist/modern/dexie.mjs' }] },
  }),
  manifest: ({ browser, mode }) => ({
    // Words come from locales/<language>.yml (@wxt-dev/i18n writes _locales/<language>/messages.json).
    default_locale: 'en',
    name: '__MSG_ext_name__',
    description: '__MSG_ext_description__',
    permissions: [
      'storage',
      'alarms',
      'notifications',
      'contextMenus',
      // activeTab + scripting: the keyboard shortcut reads the selection of the tab it was pressed on.
      'activeTab',
      'scripting',
      // Result files and the history export are saved only when the member asks; nothing is opened.
      'downloads',
      ...(browser === 'firefox' ? [] : ['sidePanel']),
    ],
    // The site's origin is asked for at run time when the member connects, and a storage host of result
    // files when the member downloads one; plain http only for loopback (a site on the member's own
    // machine). 127.0.0.2, the strict emulator's file host, is the e2e build's alone.
    optional_host_permissions: [
      'https://*/*',
      'http://127.0.0.1/*',
      'http://localhost/*',
      ...(mode === 'e2e' ? ['http://127.0.0.2/*'] : []),
    ],
    // The e2e build (browser tests and the demo) is granted the loopback emulator at install, because
    // Playwright cannot answer the browser's permission prompt. Production builds grant nothing.
    ...(mode === 'e2e' ? { host_permissions: ['http://127.0.0.1/*', 'http://127.0.0.2/*'] } : {}),
    action: { default_title: '__MSG_ext_actionTitle__' },
    commands: {
      'find-selection': {
        suggested_key: { default: 'Alt+Shift+F' },
        description: '__MSG_ext_commandFind__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            // Desktop from ESR 140 (still on many stable distributions; data_collection_permissions needs 140);
            // Firefox for Android has its own floor (data_collection_permissions needs 142 there).
            gecko: {
              id: 'agent-connection@example.org',
              strict_min_version: '140.0',
              // What leaves the browser, all of it to the member's own site (docs/permissions.md): the key
              // (authentication) and, when the member asks, the text they selected (website content).
              data_collection_permissions: { required: ['authenticationInfo', 'websiteContent'] },
            },
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
