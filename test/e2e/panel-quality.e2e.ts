/**
 * Every view of the panel, in Chromium and in Firefox, each looked at in light and in dark (switched in place):
 * axe-core finds no moderate, serious or critical violation, and no view scrolls sideways at 320, 360 or 420 px
 * (panel-checks.ts). The tour takes the member's journey to reach each view: connect, find with results, preview
 * (plain, a question, a fit question, approval, refusal), the approval wait, a running call, a result with files,
 * a failed result, the report form, calls, a plan session with its questions and gate, the plan, sessions,
 * findings, the calls' spending, share, connection, options, and a revoked key. Where it reaches the views the first-screen
 * walk measures (find, preview, result, session), it measures them too: it is that walk in English on the default
 * profile (first-screen.e2e.ts walks the other languages and profiles).
 */
import { readFileSync } from 'node:fs';
import { beforeAll, beforeEach, expect, test } from 'vitest';
import { DEFAULT_SEED_PATH, type SeedInput } from '@/emulator/seed';
import type { PageDriver } from '@/testing/browser/driver';
import {
  chooseOption,
  clickStart,
  connect,
  findTyped,
  GUILD_HEADER,
  makePlan,
  openFold,
  openMoreOptions,
  openSection,
  planSession,
  POSTGRES,
  readPrivacyLine,
  waitFor,
  waitForPreviewRead,
  waitForBalanceRead,
} from '@/testing/steps';
import type { Words } from '@/testing/words';
import { describeInEachBrowser } from './each-browser';
import { FIRST_FIND, FITTING_QUESTION, firstScreenTargets } from './first-screen-walk';
import { type FirstScreenTarget, lookInBothSchemes } from './panel-checks';

/**
 * The default seed with one agent a careless site might send: a 300-character name and a 5,000-character
 * "Knows" line (more than the contract's 2,000), with a direction override in its name. Its card, the call
 * list, the calls' agent filter and the result must still fit and stay short.
 */
const LONG_NAME = `Rust Borrow Checker Tutor \u202Etxt.exe ${'with a name far longer than any list expects '.repeat(6).trim()}`;
/** The name as the panel names the card: the emulator's first 120 characters, the override removed. */
const RUST = Array.from(LONG_NAME).slice(0, 120).join('').replace('\u202E', '');
function longTextSeed(): SeedInput {
  const seed = JSON.parse(readFileSync(DEFAULT_SEED_PATH, 'utf8')) as SeedInput & {
    agents: { id: string; name: string; knows: string }[];
  };
  const rust = seed.agents.find((a) => a.id === 'agt_rust');
  if (!rust) throw new Error('The default seed has no agt_rust.');
  rust.name = LONG_NAME;
  rust.knows = `${'Rust ownership, borrowing and lifetimes, async Rust and error handling. '.repeat(70)}`.trim();
  return seed;
}

/** The height in px of the agent card whose heading starts with `name`, or -1 when there is none. */
function cardHeight(panel: PageDriver, name: string): Promise<number> {
  return panel.evaluate(
    (start) => {
      const card = Array.from(document.querySelectorAll('ul[aria-label="Agents found"] > li')).find((li) =>
        (li.querySelector('h2, h3')?.textContent ?? '').startsWith(start),
      );
      return card ? card.getBoundingClientRect().height : -1;
    },
    name.slice(0, 40),
  );
}
/** Waits for `text`; on a timeout the driver's failure shows what the page said instead. */
function see(page: PageDriver, text: string): Promise<void> {
  return page.waitForText(text);
}

/** Opens a preview of a question call to `agent` from a typed find. */
async function previewQuestionTo(
  panel: PageDriver,
  w: Words,
  find: string,
  agent: string,
  question: string,
): Promise<void> {
  await findTyped(panel, w, find, agent);
  await panel.click('button', `Preview a call to ${agent}`);
  await panel.click('radio', 'Ask a question');
  await panel.fill('Your question', question);
  await waitForPreviewRead(panel, w);
}

/**
 * The most words the tour's main views may show on their first screen besides the answer: fewer than this tour
 * counted in Chromium on the build before the panel led with the answer (10d1ffe).
 */
const TOUR_WORDS: Record<string, number> = {
  'find with results': 114,
  preview: 152,
  'preview, question': 155,
  result: 142,
  // Issue 55: "Make the plan" names its hold on its button (164 in Chromium, 238 while the money block stood in
  // the bar before the answers were in; 158 before issue 55).
  'plan session with questions': 164,
};

describeInEachBrowser(
  'every view, light and dark,',
  (rig) => {
    let panel: PageDriver;
    let connectionId = '';
    const problems: string[] = [];
    const tops: Record<string, number> = {};
    /** axe and the widths on `view` in both schemes, and its first screen where the walk measures it. */
    const check = async (page: PageDriver, view: string, firstScreen?: FirstScreenTarget[]) => {
      const seen = await lookInBothSchemes(rig.browser, page, view, {
        axe: true,
        firstScreen,
        name: `${rig.name}-${rig.profile}-en`,
        words: TOUR_WORDS[view],
      });
      problems.push(...seen.problems);
      Object.assign(tops, seen.tops);
      await page.setWidth(420);
    };

    beforeAll(async () => {
      panel = rig.panel;
      await panel.setWidth(420);
    });

    beforeEach(() => {
      problems.length = 0;
      for (const key of Object.keys(tops)) delete tops[key];
    });

    test('connect, find and preview: plain, a fit question, an approval, the wait, a result and its report form', async () => {
      await see(panel, 'Connect code');
      await check(panel, 'connect');
      // Room for every call and session of the tour within the site's daily limits.
      const made = await rig.emu.control.connectCode({
        name: `Tour ${rig.name}`,
        limits: { sessionsPerDay: 50, callsPerDay: 100, openCallsMax: 10 },
      });
      connectionId = made.connectionId;
      await connect(panel, rig.w, rig.emu.url, made.code);
      await see(panel, rig.emu.raw.world.seed.site.privacyLine);
      await check(panel, 'the step after connecting');
      await panel.click('button', 'Continue');

      await findTyped(panel, rig.w, FIRST_FIND, POSTGRES);
      await check(panel, 'find with results', firstScreenTargets.find(rig.w));
      await panel.click('button', `Preview a call to ${POSTGRES}`);
      await see(panel, 'Holds up to');
      await check(panel, 'preview', firstScreenTargets.preview(rig.w));

      await panel.click('radio', 'Ask a question');
      await panel.fill('Your question', FITTING_QUESTION);
      await waitForPreviewRead(panel, rig.w);
      await see(panel, 'Holds up to');
      await check(panel, 'preview, question', firstScreenTargets.previewQuestion(rig.w));
      await panel.fill('Your question', 'How do I fix a borrow checker error in my Rust loop?');
      await waitForPreviewRead(panel, rig.w);
      await see(panel, 'What should the call be about?');
      await check(panel, 'preview, fit question');

      await rig.emu.control.patchConnection(connectionId, { switches: { spending: false } });
      await previewQuestionTo(
        panel,
        rig.w,
        'postgres replication lag',
        POSTGRES,
        'Is a partial index worth it for a LIKE prefix search?',
      );
      await see(panel, 'Needs your approval on the site:');
      await check(panel, 'preview, approval');
      await clickStart(panel, rig.w);
      await see(panel, 'Waiting for your approval on the site.');
      await check(panel, 'approval wait');
      const site = await rig.browser.pageOpenedBy(rig.emu.url, () => panel.click('button', 'Approve on the site'));
      await site.click('button', 'Approve');
      await see(site, 'Approved.');
      await site.close();
      await panel.bringToFront();
      await see(panel, 'Passed · charged');
      await see(panel, GUILD_HEADER);
      // The first call's reply carries the privacy line again; the member reads it.
      await readPrivacyLine(panel, rig.w);
      await check(panel, 'result', firstScreenTargets.result(rig.w));
      await panel.click('button', 'Not helpful?');
      await see(panel, 'Send report');
      await check(panel, 'report form');
      await rig.emu.control.patchConnection(connectionId, { switches: { spending: true } });
      expect(problems, JSON.stringify(tops)).toEqual([]);
    });

    test('a refusal, a running call, a result with files, a failed result, and the calls', async () => {
      await rig.emu.control.fault({ method: 'POST', path: '/api/v1/calls', status: 402, code: 'short', count: 1 });
      await findTyped(panel, rig.w, 'rust borrow checker lifetimes', RUST.slice(0, 60));
      // A 5,000-character "Knows" line starts collapsed: the card stays a few lines tall at 320 px.
      await panel.setWidth(320);
      expect(await cardHeight(panel, RUST)).toBeGreaterThan(0);
      expect(await cardHeight(panel, RUST)).toBeLessThan(700);
      await panel.setWidth(420);
      await check(panel, 'find with a long card');
      await panel.click('button', `Preview a call to ${RUST}`);
      await panel.click('radio', 'Ask a question');
      await panel.fill('Your question', 'Why does the borrow last until the end of the loop?');
      await waitForPreviewRead(panel, rig.w);
      await clickStart(panel, rig.w);
      await see(panel, 'Top up your credits');
      await check(panel, 'refusal');

      await previewQuestionTo(
        panel,
        rig.w,
        'technical writing readme editing',
        'Technical Writing Editor',
        'Can the first paragraph of the README say what it does?',
      );
      await clickStart(panel, rig.w);
      await see(panel, 'Running');
      await check(panel, 'running call');

      await previewQuestionTo(
        panel,
        rig.w,
        'rest api design pagination',
        'REST API Designer',
        'How should the orders API paginate?',
      );
      await clickStart(panel, rig.w);
      await see(panel, 'Passed · charged');
      await see(panel, 'openapi.yaml');
      await check(panel, 'result with files');

      // A question in the agent's own words: one it does not fit waits for the member's choice (another
      // agent, or this one anyway) once the preview has read it, and on a slow machine it has by the click.
      await previewQuestionTo(
        panel,
        rig.w,
        'kubernetes deploy plan',
        'Kubernetes Deploy Planner',
        'How do I roll out this kubernetes deploy without downtime?',
      );
      await clickStart(panel, rig.w);
      await see(panel, 'cluster tools did not answer');
      await check(panel, 'failed result');

      await panel.click('button', 'Calls');
      // The calls view itself, not the agent's name still on the result: its chunk may load after the click.
      await waitFor(panel, 'the calls list', () => document.querySelector('.calls-view h1') !== null, null);
      await see(panel, 'Kubernetes Deploy Planner');
      await check(
        panel,
        'calls',
        firstScreenTargets.calls('How do I roll out this kubernetes deploy without downtime?'),
      );
      expect(problems, JSON.stringify(tops)).toEqual([]);
    });

    test('a plan session: its questions, the gate, the plan; then sessions, findings, spending, share, connection', async () => {
      await findTyped(panel, rig.w, 'slow postgres queries and vacuum', POSTGRES);
      await panel.click('button', `Preview a call to ${POSTGRES}`);
      await openMoreOptions(panel, rig.w);
      await panel.fill('Details', 'Our database gets slow every evening.');
      await waitForPreviewRead(panel, rig.w);
      await planSession(panel, rig.w);
      await check(panel, 'plan session with questions', firstScreenTargets.session(rig.w));
      // "Make the plan" waits, disabled, with what is missing; the answers are kept as chosen.
      await see(panel, 'Answer 2 more first');
      await check(panel, 'plan session, gate');
      await chooseOption(panel, 'Which Postgres version runs in production?', 'Postgres 16');
      await chooseOption(panel, 'What does the database mostly do?', 'Leave it to the agent');
      await makePlan(panel, rig.w);
      await see(panel, 'The plan, version 1');
      await check(panel, 'plan');

      const TAB_KEYS = {
        Sessions: 'app.tab.sessions',
        Findings: 'app.tab.findings',
        Share: 'app.tab.share',
        Connection: 'app.tab.connection',
      } as const;
      for (const [tab, shows] of [
        ['Sessions', POSTGRES],
        ['Findings', 'Your findings'],
        ['Share', 'Share a project'],
        ['Connection', 'Connection “Tour'],
      ] as const) {
        await openSection(panel, rig.w, TAB_KEYS[tab]);
        await see(panel, shows);
        await check(panel, tab.toLowerCase());
      }
      // Spending at a glance: the site's total under the calls, read with them (no click), then its tables and
      // the export, each opened from its fold. The calls were all charged today: one day, so no day chart.
      await openSection(panel, rig.w, 'app.tab.calls');
      await see(panel, 'Kubernetes Deploy Planner');
      await see(panel, 'as the site counts it.');
      await see(panel, 'Charged per agent');
      await openFold(panel, 'The figures as a table');
      await see(panel, 'Days not listed had no charged call.');
      await openFold(panel, 'Export');
      await see(panel, 'Calls as CSV');
      await check(panel, 'calls, spending and export');
      expect(problems, JSON.stringify(tops)).toEqual([]);
    });

    test('options, and a revoked key', async () => {
      const options = await rig.browser.openOptions();
      await options.setWidth(420);
      await see(options, 'Notifications');
      await check(options, 'options');
      await options.close();

      const welcome = await rig.browser.openExtensionPage('/welcome.html');
      await see(welcome, 'What is sent where');
      await check(welcome, 'first-run page');
      await welcome.close();
      const privacy = await rig.browser.openExtensionPage('/privacy.html');
      await see(privacy, 'How to clear it');
      await check(privacy, 'privacy page');
      await privacy.close();

      await panel.bringToFront();
      // The background's own keyed read after the last call (GET /me) lands before the key is revoked.
      await waitForBalanceRead(rig.panel);
      await rig.emu.control.revoke(connectionId);
      // The background may learn of the revocation first (it still polls a running call); otherwise the
      // next request does. Either way the panel turns to the revoked view, so a step may find it gone.
      const revokedShown = async () => (await panel.text()).includes('was revoked');
      if (!(await revokedShown())) {
        await panel.click('button', 'Find').catch(() => undefined);
        if (!(await revokedShown()))
          await panel.fill('What do you need?', 'postgres vacuum settings').catch(() => undefined);
        if (!(await revokedShown())) await panel.click('button', 'Find agents').catch(() => undefined);
      }
      await see(panel, 'was revoked');
      await check(panel, 'revoked');
      expect(problems, JSON.stringify(tops)).toEqual([]);
    });
  },
  {
    emulator: { seed: longTextSeed() },
    // The views are the same on the strict site but for the few its journeys reach (the session opened by a
    // call, the quote not offered, sharing not available): those are walked by sessions, core-flow and files.
    profiles: ['default'],
  },
);
