/**
 * Starts an emulator: `startEmulator({ port: 0 })` resolves to its base URL and a close function.
 * Tests start one per file (port 0) and talk to it over HTTP only.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { fileHostApp } from '@/emulator/routes/files';
import type { Profile } from './site-paths';
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
  /**
   * 'strict': every endpoint the contract names without a shape answers 404, signed file links come from a
   * second loopback host (127.0.0.2, a port of its own), and the member's pages live under other paths.
   */
  profile?: Profile;
}

export interface RunningEmulator {
  url: string;
  /** For in-process tools (the CLI, the load script); tests go through HTTP. */
  world: World;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const seed: Seed =
    options.seed === undefined
      ? loadSeedFile()
      : typeof options.seed === 'string'
        ? loadSeedFile(options.seed)
        : parseSeed(options.seed);
  const world = new World(seed, options.clock, options.profile ?? 'default');
  const app = createApp(world);
  const host = options.host ?? '127.0.0.1';
  const server = await listen(app.fetch, options.port ?? 8787, host);
  const fileServer = world.profile === 'strict' ? await listen(fileHostApp(world).fetch, 0, FILE_HOST) : null;
  if (fileServer) world.fileOrigin = `http://${FILE_HOST}:${(fileServer.address() as AddressInfo).port}`;
  const { port } = server.address() as AddressInfo;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${port}`,
    world,
    close: async () => {
      await Promise.all([close(server), fileServer ? close(fileServer) : undefined]);
    },
  };
}

/** The strict profile's file host: another loopback address, so links are on another origin than the site's. */
const FILE_HOST = '127.0.0.2';

type Server = ReturnType<typeof serve>;

function listen(fetch: Parameters<typeof serve>[0]['fetch'], port: number, hostname: string): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch, port, hostname }, () => resolve(s));
    s.once('error', reject);
  });
}

function close(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    // Keep-alive sockets would hold close() open; the emulator stops at once.
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}
export type { Profile } from './site-paths';
