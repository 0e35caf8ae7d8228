/**
 * npm run emulator [-- --port 8787 --host 127.0.0.1 --seed FILE]
 * Prints the base URL and a fresh connect code for the demo member; stops cleanly on Ctrl-C or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { makeConnectCode } from '@/emulator/domain/connections';
import { startEmulator } from './index';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8787' },
    host: { type: 'string', default: '127.0.0.1' },
    seed: { type: 'string' },
    profile: { type: 'string', default: 'default' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run emulator -- [--port 8787] [--host 127.0.0.1] [--seed emulator/seed/default.json] [--profile default|strict]',
  );
  process.exit(0);
}

const profile = values.profile;
if (profile !== 'default' && profile !== 'strict') {
  console.error(`--profile must be default or strict, not ${profile}`);
  process.exit(2);
}

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, not ${values.port}`);
  process.exit(2);
}

try {
  const emulator = await startEmulator({ port, host: values.host, seed: values.seed, profile });
  const { world } = emulator;
  const member = world.store.members.values().next().value;
  console.log(`${world.site.name} emulator listening on ${emulator.url} (profile ${world.profile})`);
  if (world.fileOrigin) console.log(`Signed file links are served from ${world.fileOrigin}`);
  console.log(
    `API: ${emulator.url}/api/v1   site pages: ${emulator.url}/connect   control: ${emulator.url}/_emulator/`,
  );
  if (member) {
    // The demo connection keeps findings so the findings flow can be seen; everything else is the seed's default.
    const code = makeConnectCode(
      world,
      { memberId: member.id, name: 'Demo connection', keepsFindings: true, switches: { files: true, sharing: true } },
      world.now(),
    );
    console.log(`Connect code for ${member.name}: ${code.code} (works once, until ${code.expiresAt})`);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
