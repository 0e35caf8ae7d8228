/**
 * What each built chunk is made of: the extension is built once with hidden source maps, every generated
 * character is attributed to the source its mapping names, and each chunk's gzip size is shared among its
 * sources in proportion. Sources are grouped by package (node_modules) or by our folder, so the table
 * answers "what does the panel load at open that its first screen does not need".
 *
 *   npm run bench:composition -- [--no-build] [--depth 2] [--all]
 */
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
import { EXTENSION_DIR } from '@/testing/browser/chromium';
import { backgroundFiles, panelFiles } from './measure';

const ROOT = path.resolve(import.meta.dirname, '../..');

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** A chunk's generated characters per source (unmapped characters count as "(bundler glue)"). */
export function attribute(code: string, map: SourceMap, group: (source: string) => string): Map<string, number> {
  const lines = code.split('\n');
  const decoded = decode(map.mappings);
  const bytes = new Map<string, number>();
  const add = (key: string, n: number) => {
    if (n > 0) bytes.set(key, (bytes.get(key) ?? 0) + n);
  };
  lines.forEach((line, i) => {
    const segments = decoded[i] ?? [];
    let covered = 0;
    segments.forEach((segment, j) => {
      const end = (segments[j + 1]?.[0] ?? line.length) as number;
      const length = Math.max(0, end - segment[0]);
      covered += length;
      add(segment.length > 1 ? group(map.sources[segment[1] as number] ?? '?') : '(bundler glue)', length);
    });
    add('(bundler glue)', line.length + 1 - covered);
  });
  return bytes;
}

/** node_modules/<package> (scoped packages keep their scope), or our own path cut to `depth` folders. */
export function groupOf(source: string, depth: number): string {
  const clean = source.replace(/^(\.\.\/)+/, '').replace(/\?.*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = clean.slice(nm + 'node_modules/'.length).split('/');
    return `npm:${parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]}`;
  }
  if (clean.startsWith('\0') || clean.includes('vite/') || clean.startsWith('vite')) return '(vite runtime)';
  const parts = clean.split('/');
  return parts.length <= depth + 1 ? clean : `${parts.slice(0, depth).join('/')}/`;
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const depthAt = process.argv.indexOf('--depth');
  const depth = depthAt >= 0 ? Number(process.argv[depthAt + 1]) : 2;
  if (!process.argv.includes('--no-build')) {
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/wxt'), ['build', '--mode', 'e2e'], {
      cwd: ROOT,
      stdio: 'pipe',
      encoding: 'utf8',
      env: { ...process.env, BUNDLE_MAPS: '1' },
    });
    if (result.status !== 0) throw new Error(`wxt build failed:\n${result.stdout}${result.stderr}`);
  }
  const dir = EXTENSION_DIR;
  const atOpen = new Set(await panelFiles(dir));
  const background = new Set(await backgroundFiles(dir));
  const all = [...(await readdir(path.join(dir, 'chunks'))).map((f) => `chunks/${f}`), 'background.js'].filter((f) =>
    f.endsWith('.js'),
  );
  let openTotal = 0;
  let bgTotal = 0;
  for (const file of all.sort()) {
    const loadedBy = [atOpen.has(file) ? 'panel at open' : null, background.has(file) ? 'background' : null].filter(
      Boolean,
    );
    if (!loadedBy.length && !process.argv.includes('--all')) continue;
    const code = await readFile(path.join(dir, file), 'utf8');
    const map = JSON.parse(await readFile(path.join(dir, `${file}.map`), 'utf8')) as SourceMap;
    const gz = gzipSync(code, { level: 9 }).length;
    if (atOpen.has(file)) openTotal += gz;
    if (background.has(file)) bgTotal += gz;
    const parts = [...attribute(code, map, (s) => groupOf(s, depth))].sort((a, b) => b[1] - a[1]);
    console.log(
      `\n${file}  ${kb(gz)} gzip, ${kb(code.length)} raw${loadedBy.length ? `  [${loadedBy.join(', ')}]` : '  [loaded later]'}`,
    );
    for (const [name, n] of parts) {
      if (n / code.length < 0.005) continue;
      console.log(
        `  ${kb((gz * n) / code.length).padStart(9)}  ${((100 * n) / code.length).toFixed(1).padStart(5)} %  ${name}`,
      );
    }
  }
  console.log(`\nPanel at open: ${kb(openTotal)} gzip (${[...atOpen].join(', ')})`);
  console.log(`Background: ${kb(bgTotal)} gzip (${[...background].join(', ')})`);
  // The maps stay out of the build the browser tests and the bench load.
  for (const file of all) await rm(path.join(dir, `${file}.map`), { force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
