/**
 * The member's decision on the first screen (issue 30): at a side panel's usual size, 360 × 800, each view's
 * main action and its key figure are in sight without scrolling, and nothing scrolls sideways, in Chromium and
 * Firefox, light and dark, English and German on both profiles, Arabic (right to left) on the default one:
 * - find: two whole agent cards;
 * - preview (an apply call, and a question call with its question typed): the site's sentence, the limit and
 *   "Start the call";
 * - result: its status and the first line of its note;
 * - calls: the newest row led by the question asked, and five sections in the tab bar (Find, Calls, Sessions,
 *   Findings, More);
 * - a plan session with three questions: the first unanswered question, and the next step ("Make the plan",
 *   at the head of the questions, covering none of them).
 * One walk per browser, profile and language; each view is looked at in dark and in light, switched in place.
 * English on the default profile is walked by panel-quality.e2e.ts's tour, which measures these same views.
 */
import { expect, test } from 'vitest';
import type { Profile } from '@/emulator/index';
import { firstScreenWalk } from './first-screen-walk';
import { describeInEachBrowser } from './each-browser';

/** The walks of this file: every language and profile but English on the default one (the tour's). */
const WALKS: readonly { language: string; profile: Profile }[] = [
  { language: 'de', profile: 'default' },
  { language: 'en', profile: 'strict' },
  { language: 'de', profile: 'strict' },
  // Right to left (issue 43): the page's dir, no sideways scroll, each main action on the first screen.
  { language: 'ar', profile: 'default' },
];

for (const walk of WALKS) {
  describeInEachBrowser(
    `the first screen at 360 × 800, ${walk.language}, light and dark,`,
    (rig) => {
      test('find, preview, result, calls and session each show their main action without scrolling', async () => {
        const { problems, tops } = await firstScreenWalk(rig, walk.language);
        expect(problems, JSON.stringify(tops)).toEqual([]);
      });
    },
    { language: walk.language, profiles: [walk.profile] },
  );
}
