/**
 * The store packages as a reviewer receives them: `npm run zip` builds the Chrome, Firefox and sources zips,
 * and every check reads the zips themselves. Permissions are exactly those docs/permissions.md gives a reason
 * for; nothing of the tests or the emulator rides along; Firefox declares what leaves the browser, as
 * docs/PRIVACY.md says; the sources package rebuilds, by its own README's commands, to the Firefox package's
 * files; each package stays within its size budget (its code and pages, and each language's messages).
 */
import { execSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deflateRawSync } from 'node:zlib';
import { LOCALE_MESSAGES_BUDGET_KB, PACKAGE_BUDGET_KB } from '@/testing/budgets';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUTPUT = path.join(ROOT, '.output');
const VERSION = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const NAME = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { name: string }).name;
const zipPath = (kind: 'chrome' | 'firefox' | 'sources') => path.join(OUTPUT, `${NAME}-${VERSION}-${kind}.zip`);

type Store = 'chrome' | 'firefox';
interface Manifest {
  version: string;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  browser_specific_settings?: {
    gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

const zips = {} as Record<Store | 'sources', JSZip>;

/**
 * The environment of a member's or a reviewer's shell: vitest sets NODE_ENV=test, under which Vite compiles
 * JSX in development form, with every component's absolute file path in it.
 */
function shellEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true' };
  for (const name of Object.keys(env))
    if (name === 'NODE_ENV' || name.startsWith('VITEST') || name === 'BUNDLE_MAPS') delete env[name];
  return env;
}

async function files(zip: JSZip): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const entry of Object.values(zip.files)) if (!entry.dir) out.set(entry.name, await entry.async('nodebuffer'));
  return out;
}

async function manifest(store: Store): Promise<Manifest> {
  const text = await zips[store].file('manifest.json')?.async('string');
  if (!text) throw new Error(`The ${store} package has no manifest.json.`);
  return JSON.parse(text) as Manifest;
}

/** The rows of the Markdown table under `heading` in `doc`: the first cell's code names and the second cell. */
function tableRows(doc: string, heading: string): { names: string[]; second: string }[] {
  const start = doc.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`No "${heading}" in the document.`);
  const section = doc.slice(start + heading.length + 2).split(/\n#{1,6} /)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((c) => c.trim());
      return { names: [...(cells[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? ''), second: cells[2] ?? '' };
    });
}

const PERMISSIONS_DOC = readFileSync(path.join(ROOT, 'docs/permissions.md'), 'utf8');
const PRIVACY_DOC = readFileSync(path.join(ROOT, 'docs/PRIVACY.md'), 'utf8');

beforeAll(async () => {
  const built = spawnSync('npm', ['run', 'zip'], { cwd: ROOT, encoding: 'utf8', env: shellEnv() });
  if (built.status !== 0) throw new Error(`npm run zip failed:\n${built.stdout}\n${built.stderr}`);
  for (const kind of ['chrome', 'firefox', 'sources'] as const)
    zips[kind] = await JSZip.loadAsync(readFileSync(zipPath(kind)));
});

describe('the store packages', () => {
  it('are named by the version in package.json, the only place it lives', async () => {
    for (const store of ['chrome', 'firefox'] as const) expect((await manifest(store)).version).toBe(VERSION);
    expect(readFileSync(path.join(ROOT, 'wxt.config.ts'), 'utf8')).not.toMatch(/\bversion\s*:/);
  });

  it('ask for exactly the permissions docs/permissions.md gives a reason for', async () => {
    const rows = tableRows(PERMISSIONS_DOC, '## Permissions');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.second, `reason row of ${row.names.join(', ')}`).toMatch(/Chrome|Firefox/);
    const hosts = tableRows(PERMISSIONS_DOC, '## Host permissions').flatMap((r) => r.names);
    for (const store of ['chrome', 'firefox'] as const) {
      const m = await manifest(store);
      const documented = rows
        .filter((r) => r.second.includes(store === 'chrome' ? 'Chrome' : 'Firefox'))
        .flatMap((r) => r.names);
      expect([...(m.permissions ?? [])].sort(), store).toEqual([...documented].sort());
      expect([...(m.optional_host_permissions ?? [])].sort(), store).toEqual([...hosts].sort());
      // Nothing is granted at install: the site is asked for when the member connects.
      expect(m.host_permissions ?? [], store).toEqual([]);
    }
  });

  it('carry no host granted at install, no test hooks, no emulator paths and no source maps naming local paths', async () => {
    for (const store of ['chrome', 'firefox'] as const) {
      const m = await manifest(store);
      expect(m.host_permissions ?? []).not.toContainEqual(expect.stringMatching(/127\.0\.0\.|localhost|\[::1\]/));
      // The strict emulator's second loopback host is the tests' alone.
      expect(m.optional_host_permissions ?? []).not.toContain('http://127.0.0.2/*');
      for (const [name, bytes] of await files(zips[store])) {
        expect(name, `${store}: ${name}`).not.toMatch(/\.map$/);
        if (!/\.(js|html|css|json)$/.test(name)) continue;
        const text = bytes.toString('utf8');
        for (const marker of [
          '/_emulator/',
          'e2e:notification',
          'e2e:backgroundStarts',
          'sourceMappingURL',
          'jsxDEV',
          ROOT,
          '/home/',
          '/tmp/',
        ]) {
          expect(text.includes(marker), `${store}: ${name} holds "${marker}"`).toBe(false);
        }
      }
    }
  });

  it('declare in Firefox what leaves the browser, as docs/PRIVACY.md says', async () => {
    const declared = (await manifest('firefox')).browser_specific_settings?.gecko?.data_collection_permissions;
    expect(declared).toEqual({ required: ['authenticationInfo', 'websiteContent'] });
    const section = PERMISSIONS_DOC.slice(PERMISSIONS_DOC.indexOf('## Firefox data collection'));
    for (const kind of declared?.required ?? []) expect(section).toContain(`\`${kind}\``);
    // The same facts in the privacy policy: the key and the selected text, only to the member's own site.
    expect(PRIVACY_DOC).toMatch(/Your connection key\.\*\* It goes in the `Authorization` header/);
    expect(PRIVACY_DOC).toMatch(/Text you select on a page\.\*\* It is sent only when you ask/);
    expect(PRIVACY_DOC).toMatch(/no analytics/i);
  });

  it('hold the privacy policy itself, which the options page links to', async () => {
    for (const store of ['chrome', 'firefox'] as const) {
      const all = await files(zips[store]);
      expect(all.has('privacy.html'), store).toBe(true);
      const policyIn = [...all].filter(
        ([name, bytes]) => name.endsWith('.js') && bytes.toString('utf8').includes('It has no server of its own'),
      );
      expect(policyIn.length, store).toBe(1);
    }
  });

  it('stay within the size budget of the bench: the package less its languages, and each language', async () => {
    for (const kind of ['chrome', 'firefox'] as const) {
      const messages = [...(await files(zips[kind]))].filter(([name]) =>
        /^_locales\/[^/]+\/messages\.json$/.test(name),
      );
      expect(messages.length, `${kind}: languages`).toBeGreaterThanOrEqual(10);
      let messagesKB = 0;
      for (const [name, bytes] of messages) {
        const kb = deflateRawSync(bytes, { level: 9 }).length / 1024;
        expect(kb, `${kind} ${name}, KB deflated`).toBeLessThanOrEqual(LOCALE_MESSAGES_BUDGET_KB);
        messagesKB += kb;
      }
      const kb = statSync(zipPath(kind)).size / 1024 - messagesKB;
      expect(kb, `${kind} package less its messages, KB`).toBeLessThanOrEqual(PACKAGE_BUDGET_KB);
    }
  });
});

describe('the sources package', () => {
  let dir = '';
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds, unpacked in an empty folder with its own README’s commands, to the files of the Firefox package', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sources-'));
    const sources = await files(zips.sources);
    const { mkdirSync, writeFileSync } = await import('node:fs');
    for (const [name, bytes] of sources) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
    }
    const readme = readFileSync(path.join(dir, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Building the Firefox package from its sources'));
    const commands = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'));
    expect(commands).toEqual(['npm ci', 'npm run build:firefox']);
    for (const command of commands) execSync(command, { cwd: dir, stdio: 'pipe', env: shellEnv() });

    const rebuilt = path.join(dir, '.output/firefox-mv3');
    const walk = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(d, e.name)) : [path.relative(rebuilt, path.join(d, e.name))],
      );
    const packaged = await files(zips.firefox);
    expect(walk(rebuilt).sort()).toEqual([...packaged.keys()].sort());
    for (const [name, bytes] of packaged) expect(readFileSync(path.join(rebuilt, name)).equals(bytes), name).toBe(true);
  });
});
