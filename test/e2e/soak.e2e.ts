/**
 * The short chaos soak (scripts/soak/run.ts): 20 calls under worker stops, panels closed mid-click, two
 * windows starting one intent, site cuts with 429 Retry-After and 503, and clock moves, in Chromium. The long
 * one is `npm run soak -- --calls 200` (README).
 */
import { expect, test } from 'vitest';
import { runSoak } from '../../scripts/soak/run';

const SEED = 20261124;

test('the background holds under chaos: nothing lost, nothing run twice, each event told once, Retry-After kept', async () => {
  const { figures, failures } = await runSoak({ calls: 20, seed: SEED });
  console.log(`soak (seed ${SEED}): ${JSON.stringify(figures)}`);
  expect(failures).toEqual([]);
  expect(figures.lost).toBe(0);
  expect(figures.duplicateRuns).toBe(0);
  expect(figures.runs + figures.refusedVisibly).toBe(figures.intents);
});
