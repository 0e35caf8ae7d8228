/**
 * After a run that took browser tests: the slowest ten e2e files by their test time (tests and hooks), with their
 * tests run and skipped, so a file that grows is seen the day it grows. The browser phase runs two files at a
 * time, so its wall time is about half the sum printed.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** How many files the table names. */
const SHOWN = 10;

function row(module: TestModule): { file: string; seconds: number; run: number; skipped: number } {
  let run = 0;
  let skipped = 0;
  for (const test of module.children.allTests()) {
    if (test.result().state === 'skipped') skipped++;
    else run++;
  }
  return {
    file: module.relativeModuleId.replace(/^test\/e2e\//, ''),
    seconds: module.diagnostic().duration / 1000,
    run,
    skipped,
  };
}

export default class E2eTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .filter((m) => m.project.name === 'e2e')
      .map(row)
      .sort((a, b) => b.seconds - a.seconds);
    if (rows.length === 0) return;
    const total = rows.reduce((sum, r) => sum + r.seconds, 0);
    const lines = rows
      .slice(0, SHOWN)
      .map(
        (r) =>
          `  ${r.seconds.toFixed(0).padStart(5)} s  ${r.file.padEnd(28)} ${r.run} tests${r.skipped ? `, ${r.skipped} skipped` : ''}`,
      );
    process.stdout.write(
      `\nThe slowest ${Math.min(SHOWN, rows.length)} of ${rows.length} browser-test files (test time; ${total.toFixed(0)} s in all):\n${lines.join('\n')}\n`,
    );
  }
}
