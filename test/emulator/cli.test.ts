import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ClaimAnswerSchema } from '@/lib/contract/connection';
import { parse } from './harness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run emulator (emulator/cli.ts)', () => {
  it('prints its base URL and a fresh connect code, answers, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', '--port', '0'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    // Waits for the line with the code; the process prints it once it listens.
    while (!/Connect code for .*: GLD-/.test(out)) {
      const [chunk] = (await once(child.stdout, 'data')) as [string];
      out += chunk;
    }
    const url = out.match(/listening on (http:\/\/127\.0\.0\.1:\d+)/)?.[1] ?? '';
    const code = out.match(/(GLD-[A-Z0-9]{4}-[A-Z0-9]{4})/)?.[1] ?? '';
    const claimed = await fetch(`${url}/api/v1/connections/claim`, { method: 'POST', body: JSON.stringify({ code }) });
    expect(claimed.status).toBe(200);
    expect(parse(ClaimAnswerSchema, await claimed.json()).siteUrl).toBe(url);
    child.kill('SIGTERM');
    const [exitCode] = await once(child, 'exit');
    expect(exitCode).toBe(0);
  });
});
