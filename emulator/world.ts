/**
 * One running emulator: its store, its clock, the seed it returns to, and the secret that signs file
 * links. Routes receive the world; `settle` (domain/settle.ts) brings every time-driven record up to "now"
 * before a request reads or changes anything, and after the clock moves. It imports no domain module: the
 * store and the clock come first, then the domain, then the routes.
 */
import { randomBytes } from 'node:crypto';
import { Clock, type ClockOptions } from './clock';
import type { Seed } from './seed';
import { type Profile, SITE_PATHS, type SitePaths } from './site-paths';
import { Store } from './store';

export class World {
  readonly clock: Clock;
  readonly store: Store;
  readonly signingSecret = randomBytes(32);
  /**
   * The strict profile's second host for signed file links (`http://127.0.0.2:PORT`), set once it listens;
   * null in the default profile, whose links are on the site's own origin.
   */
  fileOrigin: string | null = null;

  constructor(
    public seed: Seed,
    clockOptions: ClockOptions = {},
    readonly profile: Profile = 'default',
  ) {
    const seededStart = seed.site.clockStartAt ? Date.parse(seed.site.clockStartAt) : undefined;
    this.clock = new Clock({ startAt: clockOptions.startAt ?? seededStart, realTime: clockOptions.realTime });
    this.store = new Store(seed, this.clock.now());
  }

  get site(): Seed['site'] {
    return this.seed.site;
  }

  /** Where the member's pages live in this profile. */
  get paths(): SitePaths {
    return SITE_PATHS[this.profile];
  }

  now(): number {
    return this.clock.now();
  }

  /** State and clock back to the seed. */
  reset(): void {
    this.clock.reset();
    this.store.reset(this.seed, this.clock.now());
  }
}
