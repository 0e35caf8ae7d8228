/**
 * `npm run soak -- [--calls 100] [--seed N] [--profile default|strict] [--browser chromium|firefox] [--update]
 * [--quota] [--odd-answers] [--no-build]`: the chaos soak (testing/soak.ts) in headless Chromium or Firefox against
 * the emulator, in either of its profiles; --update updates the extension to the e2e build N+1 a third of the way
 * in, --quota fills the disk for ten seconds two thirds of the way in, --odd-answers has the site answer oddly
 * (202s without fields, the file host failing under downloads, Retry-After 50,000 at the end). Prints its figures and the seed (replay a failure
 * with --seed), exits 1 when a check fails.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Profile } from '@/emulator/index';
import { browserName } from '@/testing/browser/launch';
import { runSoak } from '@/testing/soak';

const ROOT = path.resolve(import.meta.dirname, '..');

function option(name: string): number | null {
  const i = process.argv.indexOf(name);
  if (i < 0) return null;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive whole number.`);
  return value;
}

function build(browser: 'chromium' | 'firefox'): void {
  if (process.argv.includes('--no-build')) return;
  const steps =
    browser === 'chromium'
      ? ([
          ['bash', [path.join(ROOT, 'scripts/ensure-chromium.sh')]],
          [path.join(ROOT, 'node_modules/.bin/wxt'), ['build', '--mode', 'e2e']],
        ] as const)
      : ([
          ['bash', [path.join(ROOT, 'scripts/ensure-firefox.sh')]],
          [path.join(ROOT, 'node_modules/.bin/wxt'), ['build', '-b', 'firefox', '--mv3', '--mode', 'e2e']],
        ] as const);
  const wxt = path.join(ROOT, 'node_modules/.bin/wxt');
  const next =
    browser === 'chromium' ? ['build', '--mode', 'e2e'] : ['build', '-b', 'firefox', '--mv3', '--mode', 'e2e'];
  for (const [command, args, env] of [
    ...steps.map(([command, args]) => [command, args, {}] as const),
    // The update's N+1 (npm run build:e2e:next).
    ...(process.argv.includes('--update') ? [[wxt, next, { VITE_E2E_NEXT: '1' }] as const] : []),
  ]) {
    const result = spawnSync(command, [...args], {
      cwd: ROOT,
      stdio: 'pipe',
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
    if (result.status !== 0) throw new Error(`${path.basename(command)} failed:\n${result.stdout}${result.stderr}`);
  }
}

function profile(): Profile {
  const i = process.argv.indexOf('--profile');
  const value = i < 0 ? 'default' : process.argv[i + 1];
  if (value !== 'default' && value !== 'strict') throw new Error(`--profile takes default or strict, not ${value}`);
  return value;
}

async function main(): Promise<number> {
  const calls = option('--calls') ?? 100;
  const seed = option('--seed') ?? Math.floor(Math.random() * 2 ** 31) + 1;
  const i = process.argv.indexOf('--browser');
  const browser = browserName(i < 0 ? undefined : process.argv[i + 1]);
  build(browser);
  const emulatorProfile = profile();
  const update = process.argv.includes('--update');
  const quota = process.argv.includes('--quota');
  const oddAnswers = process.argv.includes('--odd-answers');
  const extra = `${update ? ' --update' : ''}${quota ? ' --quota' : ''}${oddAnswers ? ' --odd-answers' : ''}`;
  console.log(
    `Soak: ${calls} calls, seed ${seed}, ${emulatorProfile} profile, ${browser}${extra} (replay with --seed ${seed} --profile ${emulatorProfile} --browser ${browser}${extra}).`,
  );
  const { figures, failures } = await runSoak({
    calls,
    seed,
    profile: emulatorProfile,
    browser,
    update,
    quota,
    oddAnswers,
    log: (line) => console.log(line),
  });
  for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(26)} ${value}`);
  if (failures.length === 0) {
    console.log(`\nEvery check holds (seed ${seed}).`);
    return 0;
  }
  console.log(`\nFailed (seed ${seed}):\n${failures.map((f) => `- ${f}`).join('\n')}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(2);
  },
);
