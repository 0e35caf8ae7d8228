/**
 * Starts an emulator: `startEmulator({ port: 0 })` resolves to its base URL and a close function.
 * Tests start one per file (port 0) and talk to it over HTTP only.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { ClockOptions } from './clock';
import { loadSeedFile, parseSeed, type Seed, type SeedInput } from './seed';
import { World } from './world';

export interface EmulatorOptions {
  /** 0 picks a free port (default 8787). */
  port?: number;
  /** Default 127.0.0.1: the emulator is for this machine only. */
  host?: string;
  /** A seed object, or the path of a seed JSON file; the default seed when absent. */
  seed?: SeedInput | string;
  clock?: ClockOptions;
}

export interface RunningEmulator {
  url: string;
  /** For in-process tools (the CLI, the load script); tests go through HTTP. */
  world: World;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const seed: Seed =
    options.seed === undefined ? loadSeedFile() : typeof options.seed === 'string' ? loadSeedFile(options.seed) : parseSeed(options.seed);
  const world = new World(seed, options.clock);
  const app = createApp(world);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? 8787, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    world,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets would hold close() open; the emulator stops at once.
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}

export { World } from './world';
export type { Seed, SeedInput } from './seed';
