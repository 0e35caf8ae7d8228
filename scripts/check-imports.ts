/**
 * The import rules of the repo, checked on every file (type imports included: a cycle of types is still two
 * modules that cannot be read apart). `npm test` runs it; `npm run imports` alone.
 * - no import cycle between any two files;
 * - the rules over the import graph (scripts/import-rules.ts): no i18n in the emulator or lib/api, lib/i18n
 *   imports nothing from lib/format, no view reaches the API client or the background, no page reaches the
 *   `@/lib/db` barrel, a background feature imports core/, lib/ and another feature only through its
 *   handlers.ts or job.ts, the core no feature, the test seams only their build switch, the emulator only
 *   lib/contract and lib/safety;
 * - one import style: `@/` across folders, `./` within one (never `../`, never `@/` into the file's own folder).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { importRuleProblems } from './import-rules';
import { tsconfigPaths } from './tsconfig-paths';

const floors = ['entrypoints', 'components', 'lib', 'emulator', 'scripts', 'testing', 'test', 'wxt.config.ts'];

const result = await madge(floors, {
  fileExtensions: ['ts', 'tsx'],
  // The aliases of the root tsconfig.json, given as they are: madge's resolver would follow its `extends` to the
  // generated .wxt/tsconfig.json, absent before `wxt prepare`.
  tsConfig: { compilerOptions: { baseUrl: '.', moduleResolution: 'bundler', paths: tsconfigPaths() } },
  excludeRegExp: [/node_modules/, /^\.output/, /^\.wxt/],
});
const graph = result.obj();
const problems: string[] = [];

for (const cycle of result.circular()) problems.push(`import cycle: ${[...cycle, cycle[0]].join(' > ')}`);
problems.push(...importRuleProblems(graph));

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
    `Imports keep their rules among ${files} files: no cycle, no i18n in the emulator or lib/api, no fetch in a view, no db barrel in a page, the background's features through core/ and their doors, seams and emulator apart, one import style.`,
  );
} else {
  console.error(`${problems.length} import problem(s) among ${files} files:`);
  for (const [i, problem] of problems.entries()) console.error(`${i + 1}) ${problem}`);
  process.exitCode = 1;
}
