/**
 * The short chaos soak (testing/soak.ts): 20 calls under background stops, panels closed mid-click, two
 * windows starting one intent, site cuts with 429 Retry-After and 503, clock moves, an update of the extension
 * to N+1 and a full disk, in each browser
 * (Chromium's worker stopped from outside, Firefox's event page suspending on its own). On the default profile
 * only: the strict one is soaked by `npm run soak -- --profile strict` (README), and its journeys by every other
 * file here. The long one is `npm run soak -- --calls 200`.
 */
import { expect, test } from 'vitest';
import { BROWSER_NAMES } from '@/testing/browser/launch';
import { runSoak } from '@/testing/soak';

const SEED = 20261124;

for (const browser of BROWSER_NAMES) {
  test(`the background holds under chaos in ${browser}: nothing lost, nothing run twice, each event told once, Retry-After kept`, async () => {
    const { figures, failures } = await runSoak({ calls: 20, seed: SEED, browser, update: true, quota: true });
    console.log(`soak in ${browser} (seed ${SEED}): ${JSON.stringify(figures)}`);
    expect(failures).toEqual([]);
    expect(figures.lost).toBe(0);
    expect(figures.duplicateRuns).toBe(0);
    expect(figures.runs + figures.refusedVisibly + figures.refusedStorageFull).toBe(figures.intents);
    // The extension was updated to N+1 mid-way, and the disk was full for a while.
    expect([figures.updates, figures.quotaCuts]).toEqual([1, 1]);
    // The background was stopped (or suspended) and picked the work up again.
    expect(figures.workerStops).toBeGreaterThan(0);
  });
}
