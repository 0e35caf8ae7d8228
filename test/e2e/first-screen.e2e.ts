/**
 * The member's decision on the first screen (issue 30): at a side panel's usual size, 360 × 800, each view's
 * main action and its key figure are in sight without scrolling, and nothing scrolls sideways, in Chromium and
 * Firefox, light and dark, English and German:
 * - find: two whole agent cards;
 * - preview (an apply call, and a question call with its question typed): the site's sentence, the limit and
 *   "Start the call";
 * - result: its status and the first line of its note;
 * - a plan session with three questions: the gate's state with "Make the plan", and the first question.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import type { ColorScheme } from '@/testing/browser/driver';
import {
  connectAndRead,
  findTyped,
  openPreview,
  planSession,
  POSTGRES,
  previewApply,
  readPrivacyLine,
  startAndWaitForResult,
} from '@/testing/steps';
import { describeInEachBrowser } from './each-browser';
import { type FirstScreenTarget, firstScreenProblems } from './panel-checks';

const LOOKS: readonly { language: string; colorScheme: ColorScheme }[] = [
  { language: 'en', colorScheme: 'light' },
  { language: 'en', colorScheme: 'dark' },
  { language: 'de', colorScheme: 'light' },
  { language: 'de', colorScheme: 'dark' },
];

for (const look of LOOKS) {
  describeInEachBrowser(
    `the first screen at 360 × 800, ${look.language}, ${look.colorScheme},`,
    (rig) => {
      test('find, preview, result and session each show their main action without scrolling', async () => {
        const { panel, w } = rig;
        const problems: string[] = [];
        const tops: Record<string, number> = {};
        const check = async (view: string, targets: FirstScreenTarget[]) => {
          const screen = await firstScreenProblems(panel, view, targets);
          // FIRST_SCREEN_OUT=dir keeps a picture of each view and the measured positions, to compare builds.
          const out = process.env.FIRST_SCREEN_OUT;
          if (out) {
            const name = `${rig.name}-${rig.profile}-${look.language}-${look.colorScheme}-${view.replace(/\W+/g, '-')}`;
            await panel.screenshot(path.join(out, `${name}.png`));
            appendFileSync(path.join(out, 'positions.jsonl'), `${JSON.stringify({ name, found: screen.found })}\n`);
          }
          problems.push(...screen.problems);
          for (const [what, box] of Object.entries(screen.found)) tops[`${view}: ${what}`] = box.top;
        };
        const preview: FirstScreenTarget[] = [
          { what: "the site's sentence", selector: '.preview .sentence' },
          { what: 'the limit', selector: '.preview .limit' },
          { what: w('preview.start'), selector: 'form button[type="submit"]', text: w('preview.start') },
        ];

        const made = await rig.emu.control.connectCode({
          name: 'First screen',
          limits: { sessionsPerDay: 20, callsPerDay: 20, openCallsMax: 5 },
        });
        await connectAndRead(panel, w, rig.emu.url, made.code);

        await findTyped(panel, w, 'slow postgres queries and vacuum', POSTGRES);
        const cards = `ul[aria-label="${w('find.agentsFound')}"] > li`;
        await check('find', [
          { what: 'the first agent card', selector: `${cards}:nth-child(1)` },
          { what: 'the second agent card', selector: `${cards}:nth-child(2)` },
        ]);

        await openPreview(panel, w, POSTGRES);
        await panel.waitForText(w('preview.mostItCanHold'));
        await check('preview, apply', preview);
        await panel.click('radio', w('preview.kindQuestion'));
        await panel.fill(w('preview.question'), 'Which index helps a LIKE prefix search?');
        await panel.waitForText(w('preview.mostItCanHold'));
        await check('preview, question', [...preview, { what: w('preview.question'), selector: '#call-question' }]);

        await startAndWaitForResult(panel, w);
        // The first call's reply carries the privacy line again; the member reads it.
        await readPrivacyLine(panel, w);
        const result = `article[aria-label="${w('result.label')}"]`;
        await check('result', [
          { what: 'its status', selector: `${result} [role="status"]` },
          { what: 'the first line of its note', selector: `${result} .note`, firstLine: true },
        ]);

        await findTyped(panel, w, 'slow postgres queries and vacuum', POSTGRES);
        // A site without POST /sessions starts the session with an apply call, which carries the details.
        await previewApply(panel, w, POSTGRES, 'Our database gets slow every evening.');
        if (rig.profile === 'strict') {
          // No POST /sessions here: the session opens with its apply call, and the plan is its first view.
          await panel.click('button', w('startSession.plan'));
          await panel.waitForText(w('background.notOffered.session.plan'));
          await panel.click('button', w('startSession.plan'));
          await panel.waitForText(w('plan.heading', { version: '1' }));
          await check('session', [{ what: 'the plan', selector: 'h2, h3', text: w('plan.heading', { version: '1' }) }]);
          expect(problems, JSON.stringify(tops)).toEqual([]);
          return;
        }
        await planSession(panel, w);
        await check('session', [
          { what: "the gate's state", selector: '.gate' },
          { what: w('apply.make'), selector: 'button', text: w('apply.make') },
          { what: 'the first question', selector: 'fieldset.question:not(.question-folded) > legend' },
        ]);

        expect(problems, JSON.stringify(tops)).toEqual([]);
      });
    },
    { language: look.language, colorScheme: look.colorScheme },
  );
}
