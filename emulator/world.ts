/**
 * One running emulator: its store, its clock, the seed it returns to, and the secret that signs file
 * links. Routes receive the world; `settle` brings every time-driven record up to "now" before a request
 * reads or changes anything, and after the clock moves.
 */
import { randomBytes } from 'node:crypto';
import { Clock, type ClockOptions } from './clock';
import { settleCalls } from './domain/calls';
import { settleFindings } from './domain/findings';
import type { Seed } from './seed';
import { Store } from './store';

export class World {
  readonly clock: Clock;
  readonly store: Store;
  readonly signingSecret = randomBytes(32);

  constructor(
    public seed: Seed,
    clockOptions: ClockOptions = {},
  ) {
    const seededStart = seed.site.clockStartAt ? Date.parse(seed.site.clockStartAt) : undefined;
    this.clock = new Clock({ startAt: clockOptions.startAt ?? seededStart, realTime: clockOptions.realTime });
    this.store = new Store(seed, this.clock.now());
  }

  get site(): Seed['site'] {
    return this.seed.site;
  }

  now(): number {
    return this.clock.now();
  }

  /** State and clock back to the seed. */
  reset(): void {
    this.clock.reset();
    this.store.reset(this.seed, this.clock.now());
  }

  settle(): void {
    const now = this.now();
    settleCalls(this, now);
    settleFindings(this, now);
  }
}
