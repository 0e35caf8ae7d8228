import { describe, expect, it } from 'vitest';
import { type ImportGraph, importRuleProblems } from '@/scripts/import-rules';

const BG = 'entrypoints/background';

/** A small tree that keeps every rule: two features, the core, the seams, the emulator and the panel. */
const CLEAN: ImportGraph = {
  [`${BG}/index.ts`]: [`${BG}/handlers.ts`, `${BG}/e2e/hooks.ts`, `${BG}/core/jobs.ts`, `${BG}/calls/job.ts`],
  [`${BG}/handlers.ts`]: [`${BG}/calls/handlers.ts`, `${BG}/sharing/handlers.ts`],
  [`${BG}/core/jobs.ts`]: [`${BG}/core/context.ts`, 'lib/time.ts'],
  [`${BG}/core/context.ts`]: ['lib/db/db.ts'],
  [`${BG}/e2e/hooks.ts`]: [`${BG}/core/context.ts`, `${BG}/calls/outbox.ts`],
  [`${BG}/calls/handlers.ts`]: [`${BG}/calls/outbox.ts`, `${BG}/core/context.ts`],
  [`${BG}/calls/job.ts`]: [`${BG}/calls/outbox.ts`],
  [`${BG}/calls/outbox.ts`]: ['lib/db/tables/calls.ts', `${BG}/sharing/job.ts`],
  [`${BG}/sharing/handlers.ts`]: [`${BG}/sharing/poller.ts`, `${BG}/calls/handlers.ts`],
  [`${BG}/sharing/job.ts`]: [`${BG}/sharing/poller.ts`],
  [`${BG}/sharing/poller.ts`]: [`${BG}/core/context.ts`],
  'emulator/server.ts': ['emulator/store.ts', 'lib/contract/calls.ts', 'lib/safety/secret-guard.ts'],
  'emulator/store.ts': [],
  'lib/contract/calls.ts': [],
  'lib/safety/secret-guard.ts': [],
  'lib/db/db.ts': ['lib/db/build-versions.ts', 'lib/db/tables/calls.ts'],
  'lib/db/build-versions.ts': ['lib/db/e2e/rehearsal.ts'],
  'lib/db/e2e/rehearsal.ts': [],
  'lib/db/index.ts': ['lib/db/db.ts'],
  'lib/db/tables/calls.ts': [],
  'lib/time.ts': [],
  'components/CallView.tsx': ['lib/db/tables/calls.ts', 'lib/db/live.ts'],
  'lib/db/live.ts': ['lib/db/db.ts'],
  'entrypoints/sidepanel/main.tsx': ['components/CallView.tsx'],
  'entrypoints/options/main.tsx': ['lib/db/db.ts'],
  'test/unit/db/migrations.test.ts': ['lib/db/index.ts', 'lib/db/e2e/rehearsal.ts', `${BG}/e2e/hooks.ts`],
};

/** The clean tree with `file` importing `dep` as well. */
function planted(file: string, dep: string): ImportGraph {
  return { ...CLEAN, [file]: [...(CLEAN[file] ?? []), dep], [dep]: CLEAN[dep] ?? [] };
}

describe('the import rules', () => {
  it('find nothing in a tree that keeps them', () => {
    expect(importRuleProblems(CLEAN)).toEqual([]);
  });

  it.each([
    ['a feature imports another feature past its doors', `${BG}/sharing/poller.ts`, `${BG}/calls/outbox.ts`],
    ['a feature imports the wiring', `${BG}/calls/outbox.ts`, `${BG}/handlers.ts`],
    ['a feature imports a view', `${BG}/calls/outbox.ts`, 'components/CallView.tsx'],
  ])('fail when %s', (_, file, dep) => {
    expect(importRuleProblems(planted(file, dep))).toEqual([
      `a background feature imports other than core/, lib/, its own folder or another's handlers.ts or job.ts: ${file} > ${dep}`,
    ]);
  });

  it('fail when the core imports a feature, even through its door', () => {
    const [file, dep] = [`${BG}/core/jobs.ts`, `${BG}/calls/job.ts`];
    expect(importRuleProblems(planted(file, dep))).toEqual([
      `the core imports other than core/ and lib/: ${file} > ${dep}`,
    ]);
  });

  it.each([
    ['a feature', `${BG}/calls/outbox.ts`],
    ['the core', `${BG}/core/context.ts`],
    ['the handlers', `${BG}/handlers.ts`],
  ])('fail when %s imports a background seam', (_, file) => {
    const dep = `${BG}/e2e/hooks.ts`;
    expect(importRuleProblems(planted(file, dep))).toEqual([
      `a background seam imported by other than index.ts: ${file} > ${dep}`,
    ]);
  });

  it('fail when store code imports the database seam other than through its build switch', () => {
    const [file, dep] = ['lib/db/db.ts', 'lib/db/e2e/rehearsal.ts'];
    expect(importRuleProblems(planted(file, dep))).toEqual([
      `a seam imported by other than its build switch (lib/db/build-versions.ts): ${file} > ${dep}`,
    ]);
  });

  it('fail on a file at the background top other than index.ts and handlers.ts', () => {
    const graph = { ...CLEAN, [`${BG}/context.ts`]: [] };
    expect(importRuleProblems(graph)).toEqual([
      `a file at the background's top other than index.ts and handlers.ts (core/, e2e/ or a feature): ${BG}/context.ts`,
    ]);
  });

  it.each([
    ['lib/api', 'lib/api/schemas.ts'],
    ['a test helper', 'testing/words.ts'],
  ])('fail when the emulator imports %s', (_, dep) => {
    const file = 'emulator/store.ts';
    expect(importRuleProblems(planted(file, dep))).toEqual([
      `the emulator imports other than lib/contract/ and lib/safety/: ${file} > ${dep}`,
    ]);
  });

  it.each([
    ['a view', 'components/CallView.tsx'],
    ['the side panel', 'entrypoints/sidepanel/main.tsx'],
    ['the options page', 'entrypoints/options/main.tsx'],
  ])('fail when %s reaches the @/lib/db barrel', (_, file) => {
    const graph = planted(file, 'lib/db/index.ts');
    const problems = importRuleProblems(graph);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^a page reaches the @\/lib\/db barrel \(import the lib\/db module it reads\): .* > lib\/db\/index\.ts$/,
    );
    expect(problems[0]).toContain(file);
  });

  it('fail when a page reaches the barrel through a shared module', () => {
    const graph = planted('lib/db/live.ts', 'lib/db/index.ts');
    expect(importRuleProblems(graph)).toEqual([
      'a page reaches the @/lib/db barrel (import the lib/db module it reads): components/CallView.tsx > lib/db/live.ts > lib/db/index.ts',
    ]);
  });

  it.each([
    ['the emulator reaches i18n', 'emulator/server.ts', 'lib/i18n/index.ts', 'emulator/server.ts > lib/i18n/index.ts'],
    [
      'lib/api reaches i18n (its words are lib/words/errors.ts)',
      'lib/api/client.ts',
      'lib/i18n/index.ts',
      'lib/api/client.ts > lib/i18n/index.ts',
    ],
    [
      'lib/i18n imports lib/format',
      'lib/i18n/index.ts',
      'lib/format/count.ts',
      'lib/i18n/index.ts > lib/format/count.ts',
    ],
    [
      'a view reaches the API client',
      'components/CallView.tsx',
      'lib/api/client.ts',
      'components/CallView.tsx > lib/api/client.ts',
    ],
    [
      'a view reaches the background',
      'components/CallView.tsx',
      `${BG}/calls/job.ts`,
      `components/CallView.tsx > ${BG}/calls/job.ts`,
    ],
  ])('keep the earlier rule: %s', (why, file, dep, path) => {
    // The emulator's own rule names lib/i18n as well; only the rule under test is asked about.
    expect(importRuleProblems(planted(file, dep))).toContain(`${why}: ${path}`);
  });
});
