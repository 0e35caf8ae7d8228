/**
 * The repo's rules over its import graph (file → the repo files it imports, as madge gives it), apart from the
 * cycles and the import style, which scripts/check-imports.ts checks itself. A function over a plain graph, so a
 * test can plant a violation of each rule in a small graph of its own.
 */

/** file → the repo files it imports (type imports included). */
export type ImportGraph = Record<string, readonly string[]>;

const BACKGROUND = 'entrypoints/background/';
/** What every job needs: the context, the member error, the job registry. */
const CORE = `${BACKGROUND}core/`;
/** The background's test seams, loaded only by the e2e build through index.ts. */
const SEAMS = `${BACKGROUND}e2e/`;
/** The background's files that wire it together and may import anything. */
const WIRING = new Set([`${BACKGROUND}index.ts`, `${BACKGROUND}handlers.ts`]);
/** The only files through which a feature reaches another. */
const FEATURE_DOORS = new Set(['handlers.ts', 'job.ts']);
/** The only repo code the emulator (a stand-in for the service, in Node) shares with the extension. */
const EMULATOR_MAY_IMPORT = ['emulator/', 'lib/contract/', 'lib/safety/'];
/** A seam folder outside the background, and the one file that switches it into a build. */
const LIB_SEAMS: readonly { folder: string; switch: string }[] = [
  { folder: 'lib/db/e2e/', switch: 'lib/db/build-versions.ts' },
];
/** The database barrel: the whole of lib/db, queries and Dexie; the panel imports the modules it reads instead. */
const DB_BARREL = 'lib/db/index.ts';

/** The background feature a file belongs to (its first folder under the background), or null. */
function featureOf(file: string): string | null {
  if (!file.startsWith(BACKGROUND) || file.startsWith(CORE) || file.startsWith(SEAMS)) return null;
  const rest = file.slice(BACKGROUND.length);
  const slash = rest.indexOf('/');
  return slash < 0 ? null : rest.slice(0, slash);
}

/** A page of the extension: the views, and every entrypoint but the background (side panel, options, ...). */
function isUi(file: string): boolean {
  return file.startsWith('components/') || (file.startsWith('entrypoints/') && !file.startsWith(BACKGROUND));
}

/** Tests, their helpers and the scripts may reach any seam. */
function isTooling(file: string): boolean {
  return file.startsWith('test/') || file.startsWith('testing/') || file.startsWith('scripts/');
}

/** The problems of `graph`, each a sentence naming the files; empty when every rule holds. */
export function importRuleProblems(graph: ImportGraph): string[] {
  const problems: string[] = [];

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

  /** The first file matching `isFrom` that reaches a file under `toPrefix`, reported once per rule. */
  function forbid(isFrom: (file: string) => boolean, toPrefix: string, why: string): void {
    for (const from of Object.keys(graph).filter(isFrom)) {
      for (const [to, path] of reach(from)) {
        if (to.startsWith(toPrefix)) {
          problems.push(`${why}: ${path.join(' > ')}`);
          return;
        }
      }
    }
  }
  const under = (prefix: string) => (file: string) => file.startsWith(prefix);

  forbid(under('emulator/'), 'lib/i18n/', 'the emulator reaches i18n');
  forbid(under('lib/api/'), 'lib/i18n/', 'lib/api reaches i18n (its words are lib/words/errors.ts)');
  for (const file of Object.keys(graph).filter(under('lib/i18n/'))) {
    for (const dep of graph[file] ?? []) {
      if (dep.startsWith('lib/format/')) problems.push(`lib/i18n imports lib/format: ${file} > ${dep}`);
    }
  }
  forbid(under('components/'), 'lib/api/client.ts', 'a view reaches the API client');
  forbid(under('components/'), BACKGROUND, 'a view reaches the background');
  forbid(isUi, DB_BARREL, 'a page reaches the @/lib/db barrel (import the lib/db module it reads)');

  for (const [file, deps] of Object.entries(graph)) {
    const feature = featureOf(file);
    for (const dep of deps) {
      const depFeature = featureOf(dep);
      // The seams: only index.ts switches them in (the e2e build); no feature or core file imports one.
      if (dep.startsWith(SEAMS) && file.startsWith(BACKGROUND) && file !== `${BACKGROUND}index.ts`) {
        if (!file.startsWith(SEAMS))
          problems.push(`a background seam imported by other than index.ts: ${file} > ${dep}`);
        continue;
      }
      const seam = LIB_SEAMS.find((s) => dep.startsWith(s.folder));
      if (seam && file !== seam.switch && !file.startsWith(seam.folder) && !isTooling(file)) {
        problems.push(`a seam imported by other than its build switch (${seam.switch}): ${file} > ${dep}`);
      }
      if (file.startsWith(CORE) && !dep.startsWith(CORE) && !dep.startsWith('lib/')) {
        problems.push(`the core imports other than core/ and lib/: ${file} > ${dep}`);
      }
      if (feature !== null) {
        const allowed =
          dep.startsWith(CORE) ||
          dep.startsWith('lib/') ||
          depFeature === feature ||
          (depFeature !== null && FEATURE_DOORS.has(dep.slice(`${BACKGROUND}${depFeature}/`.length)));
        if (!allowed)
          problems.push(
            `a background feature imports other than core/, lib/, its own folder or another's handlers.ts or job.ts: ${file} > ${dep}`,
          );
      }
      if (file.startsWith('emulator/') && !EMULATOR_MAY_IMPORT.some((prefix) => dep.startsWith(prefix))) {
        problems.push(`the emulator imports other than lib/contract/ and lib/safety/: ${file} > ${dep}`);
      }
    }
    if (file.startsWith(BACKGROUND) && !file.slice(BACKGROUND.length).includes('/') && !WIRING.has(file)) {
      problems.push(
        `a file at the background's top other than index.ts and handlers.ts (core/, e2e/ or a feature): ${file}`,
      );
    }
  }
  return problems;
}
