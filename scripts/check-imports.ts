/**
 * The import rules of the repo, checked on every file (type imports included: a cycle of types is still two
 * modules that cannot be read apart). `npm test` runs it; `npm run imports` alone.
 * - no import cycle between any two files;
 * - the emulator (Node) and lib/api reach no i18n: the client parses and classifies, lib/words says it;
 * - lib/i18n imports nothing from lib/format (the format reads the locale, never the other way round);
 * - no view reaches the API client or the background (UI never calls fetch: it sends commands);
 * - one import style: `@/` across folders, `./` within one (never `../`, never `@/` into the file's own folder).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';

const floors = ['entrypoints', 'components', 'lib', 'emulator', 'scripts', 'testing', 'test', 'wxt.config.ts'];

const result = await madge(floors, {
  fileExtensions: ['ts', 'tsx'],
  // The `@/` alias as WXT declares it (.wxt/tsconfig.json), which madge's resolver cannot follow through `extends`.
  tsConfig: { compilerOptions: { baseUrl: '.', moduleResolution: 'bundler', paths: { '@/*': ['./*'] } } },
  excludeRegExp: [/node_modules/, /^\.output/, /^\.wxt/],
});
const graph = result.obj();
const problems: string[] = [];

for (const cycle of result.circular()) problems.push(`import cycle: ${[...cycle, cycle[0]].join(' > ')}`);

/** Every file `from` reaches, with the first path found to each. */
function reach(from: string): Map<string, string[]> {
  const paths = new Map<string, string[]>([[from, [from]]]);
  const queue = [from];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const next of graph[file] ?? []) {
      if (paths.has(next)) continue;
      paths.set(next, [...(paths.get(file) ?? []), next]);
      queue.push(next);
    }
  }
  return paths;
}

function forbid(fromPrefix: string, toPrefix: string, why: string): void {
  for (const from of Object.keys(graph).filter((f) => f.startsWith(fromPrefix))) {
    for (const [to, path] of reach(from)) {
      if (to.startsWith(toPrefix)) {
        problems.push(`${why}: ${path.join(' > ')}`);
        return;
      }
    }
  }
}

forbid('emulator/', 'lib/i18n/', 'the emulator reaches i18n');
forbid('lib/api/', 'lib/i18n/', 'lib/api reaches i18n (its words are lib/words/errors.ts)');
for (const file of Object.keys(graph).filter((f) => f.startsWith('lib/i18n/'))) {
  for (const dep of graph[file] ?? []) {
    if (dep.startsWith('lib/format/')) problems.push(`lib/i18n imports lib/format: ${file} > ${dep}`);
  }
}
forbid('components/', 'lib/api/client.ts', 'a view reaches the API client');
forbid('components/', 'entrypoints/background/', 'a view reaches the background');

const SPECIFIER = /(?:from|import|vi\.mock|vi\.importActual|import\()\s*\(?\s*['"]((?:\.{1,2}|@)\/[^'"]+)['"]/g;
for (const file of Object.keys(graph)) {
  const folder = path.posix.dirname(file);
  for (const [, spec = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    if (spec.startsWith('../')) problems.push(`a relative import across folders: ${file} imports '${spec}' (use @/)`);
    else if (spec.startsWith('@/') && path.posix.dirname(spec.slice(2)) === folder && !spec.slice(2).includes('.wxt'))
      problems.push(`an @/ import within one folder: ${file} imports '${spec}' (use ./)`);
  }
}

const files = Object.keys(graph).length;
if (problems.length === 0) {
  console.log(
    `Imports keep their rules among ${files} files: no cycle, no i18n in the emulator or lib/api, no fetch in a view, one import style.`,
  );
} else {
  console.error(`${problems.length} import problem(s) among ${files} files:`);
  for (const [i, problem] of problems.entries()) console.error(`${i + 1}) ${problem}`);
  process.exitCode = 1;
}
