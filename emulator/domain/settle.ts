/** Brings every time-driven record up to "now": before a request reads or changes anything, and after the clock moves. */
import type { World } from '@/emulator/world';
import { settleCalls } from './calls';
import { settleFindings } from './findings';

export function settle(world: World): void {
  const now = world.now();
  settleCalls(world, now);
  settleFindings(world, now);
}
