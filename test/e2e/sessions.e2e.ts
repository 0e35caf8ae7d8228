/**
 * Sessions and findings in both browsers, against both emulator profiles: a "Plan my project" session whose apply
 * call waits for answers (nothing sent), the member's answers kept across a closed panel, the plan, a
 * revision, a revision that leaves the plan unchanged, a question call in the same session; then the findings
 * those calls kept reach the member's draft, one notification is raised for the draft, and signing off on the
 * site's page moves them to joined in the panel.
 * The strict profile has none of the endpoints named without a shape: the session opens with its first
 * POST /calls, the plan is the apply call's note, and rewriting the request says it is not available.
 */
import { expect, test } from 'vitest';
import type { PageDriver } from '@/testing/browser/driver';
import {
  chooseOption,
  clickStart,
  connect,
  fillStartingWith,
  findTyped,
  foldedAnswer,
  isChosen,
  makePlan,
  makePlanState,
  notificationIds,
  openSection,
  planSession as stepPlanSession,
  POSTGRES as AGENT,
  previewApply,
  readPrivacyLine,
  readStore,
  waitFor,
  waitForNotification,
  waitForQuestions,
  watchNotifications,
} from '@/testing/steps';
import type { Words } from '@/testing/words';
import { type BrowserRig, describeInEachBrowser, testSameOnStrict } from './each-browser';

const VERSION = 'Which Postgres version runs in production?';
const WORKLOAD = 'What does the database mostly do?';

/** Rows of one table of the extension's database, read in the panel's page (the panel itself only reads too). */
async function countRows(page: PageDriver, table: string): Promise<number> {
  return (await readStore(page, table)).length;
}

/** The text of the session's nth result (1-based), once its status reads as passed. */
async function passedResult(page: PageDriver, w: Words, n: number): Promise<string> {
  const where = {
    list: w('sessionView.resultsInOrder'),
    item: w('sessionView.resultN', { n: String(n) }),
    passed: w('words.callStatus.passed'),
  };
  await waitFor(
    page,
    `result ${n} passed`,
    ({ list, item, passed }) => {
      const li = document.querySelector(`[aria-label="${list}"] > li[aria-label="${item}"]`);
      // Its status line, whole or folded (the plan's own result is folded under the plan it wrote).
      return (li?.querySelector('.result-status')?.textContent ?? '').includes(passed);
    },
    where,
  );
  return page.evaluate(
    ({ list, item }) => document.querySelector(`[aria-label="${list}"] > li[aria-label="${item}"]`)?.textContent ?? '',
    where,
  );
}

/** Whether a heading with exactly this text is on the page. */
function hasHeading(page: PageDriver, text: string): Promise<boolean> {
  return page.evaluate(
    (t) => Array.from(document.querySelectorAll('h1, h2, h3, h4')).some((h) => h.textContent === t),
    text,
  );
}

/**
 * The money block's first line in the part of the view `selector` names, once its preview is read: a paid call
 * from a session is confirmed as the preview confirms one, before its start button works.
 */
async function moneyLineIn(page: PageDriver, selector: string): Promise<string> {
  const line = `${selector} .money-block .limit-line`;
  await waitFor(page, `the money block in ${selector}`, (l) => document.querySelector(l) !== null, line);
  return page.evaluate((l) => document.querySelector(l)?.textContent ?? '', line);
}
const HOLDS_LINE = /^Holds up to \$\d+\.\d\d( \(.+\))? of your \$\d+\.\d\d\.$/;

async function openSessionFromList(rig: BrowserRig): Promise<void> {
  await openSection(rig.panel, rig.w, 'app.tab.sessions');
  await rig.panel.click('button', `${rig.w('sessions.open')} ${AGENT}`);
  await waitForQuestions(rig.panel);
}

/** Opens the "Rewrite your request" part of the session and waits for `text`. */
async function rewriteSays(rig: BrowserRig, text: string): Promise<void> {
  await rig.panel.evaluate((label) => {
    const summary = Array.from(document.querySelectorAll('summary')).find((s) => s.textContent === label);
    if (summary?.parentElement instanceof HTMLDetailsElement) summary.parentElement.open = true;
  }, rig.w('sessionView.rewrite'));
  await rig.panel.waitForText(text);
}

/**
 * After the plan: an empty revision refused here, a revision that changes the plan, one the agent answers
 * without changing it, and a question call that answers alone and leaves the plan (results 2 to 4).
 */
async function reviseThenAsk(rig: BrowserRig): Promise<void> {
  const { panel, w, emu } = rig;
  // A revision: an empty one is refused here, a real one revises the plan.
  await clickStart(panel, w, 'money.reviseHolds');
  await panel.waitForText('Say what to change or ask about the plan.');
  expect(await emu.control.callStarts()).toHaveLength(1);
  await fillStartingWith(panel, 'What to change or ask about the plan', 'Add a step for connection limits.');
  await clickStart(panel, w, 'money.reviseHolds');
  expect(await passedResult(panel, w, 2)).toContain(w('session.revision.revised'));
  await panel.waitForText(w('plan.heading', { version: '2' }));

  // A revision the agent answers without changing the plan.
  await emu.control.call('PUT', '/agents/agt_postgres/behaviour', {
    planUnchanged: true,
    note: 'Step 3 is needed: keep it.',
  });
  await fillStartingWith(panel, 'What to change or ask about the plan', 'Is step 3 needed?');
  await clickStart(panel, w, 'money.reviseHolds');
  const third = await passedResult(panel, w, 3);
  expect(third).toContain('The plan stays as it was');
  expect(third).toContain('Step 3 is needed: keep it.');
  expect(await hasHeading(panel, w('plan.heading', { version: '2' }))).toBe(true);

  // A question call in the same session answers alone and leaves the plan.
  await emu.control.call('PUT', '/agents/agt_postgres/behaviour', {
    planUnchanged: false,
    note: 'Use pg_stat_statements.',
  });
  await fillStartingWith(panel, 'Your question', 'Which extension shows the slowest queries?');
  expect(await moneyLineIn(panel, '.question-call')).toMatch(HOLDS_LINE);
  await clickStart(panel, w, 'money.askHolds');
  expect(await passedResult(panel, w, 4)).toContain(w('session.revision.questionAlone'));
  expect(await hasHeading(panel, w('plan.heading', { version: '2' }))).toBe(true);
}

async function planSession(rig: BrowserRig): Promise<void> {
  const { w, emu } = rig;
  await findTyped(rig.panel, w, 'slow postgres queries and vacuum', AGENT);
  await previewApply(rig.panel, w, AGENT, 'Our database gets slow every evening.');
  await stepPlanSession(rig.panel, w);
  await rig.panel.waitForText('Plan my project');

  // The gate: two required details missing, so "Make the plan" cannot be pressed, and says what it waits for.
  await rig.panel.waitForText('Answer 2 more first');
  expect(await makePlanState(rig.panel, w)).toEqual({ disabled: true, why: 'Answer 2 more first' });
  expect(await emu.control.callStarts()).toHaveLength(0);

  // The member answers; drafts are stored as they go and survive a closed panel.
  await chooseOption(rig.panel, VERSION, 'Postgres 16');
  await chooseOption(rig.panel, WORKLOAD, w('questions.leaveToAgent'));
  await expect.poll(() => countRows(rig.panel, 'answerDrafts'), { timeout: 30_000 }).toBe(2);
  await rig.panel.close();
  rig.panel = await rig.browser.openPanel();
  await openSessionFromList(rig);
  // Kept, and folded to their answers: the member sees what was chosen without scrolling past the options.
  expect(await foldedAnswer(rig.panel, VERSION)).toBe('Postgres 16');
  expect(await foldedAnswer(rig.panel, WORKLOAD)).toBe(w('answers.leftToAgent'));
  await rig.panel.click('button', w('questions.change'));
  // The options come back on the panel's next render: wait for that state, not for a time.
  await expect.poll(() => isChosen(rig.panel, VERSION, 'Postgres 16')).toBe(true);

  // Nothing to save by hand: the answers kept here go with the plan's call, and are forgotten once it went.
  expect(await makePlanState(rig.panel, w)).toEqual({ disabled: false, why: null });
  // "Make the plan" is confirmed like any paid call: the money block of its preview, read with the session.
  expect(await moneyLineIn(rig.panel, '.step-bar')).toMatch(HOLDS_LINE);
  await makePlan(rig.panel, w);
  expect(await passedResult(rig.panel, w, 1)).toContain('This is the plan.');
  await rig.panel.waitForText(w('plan.heading', { version: '1' }));
  const [apply] = await emu.control.callStarts();
  expect((apply?.body as { answers?: unknown } | undefined)?.answers).toEqual({
    pg_version: { kind: 'option', optionKeys: ['v16'] },
    workload: { kind: 'left_to_agent' },
  });
  await expect.poll(() => countRows(rig.panel, 'answerDrafts')).toBe(0);
  const put = (await emu.control.requests('/api/v1/sessions')).filter(
    (r) => r.method === 'PUT' && r.path.endsWith('/answers'),
  );
  expect(put).toEqual([]);

  await reviseThenAsk(rig);

  const starts = await emu.control.callStarts();
  expect(starts.map((r) => (r.body as { callId: string }).callId)).toEqual(['apply', 'apply', 'apply', 'question']);
  const sessionIds = new Set(starts.map((r) => (r.body as { sessionId: string }).sessionId));
  expect(sessionIds.size).toBe(1);

  // The plan ran: rewriting the request is refused, and the panel says so.
  await rewriteSays(rig, w('session.rewrite.planRan'));
}

/** The same journey on a site without POST /sessions, PUT answers or details, and GET plan. */
async function planSessionByCalls(rig: BrowserRig): Promise<void> {
  const { panel, w, emu } = rig;
  await findTyped(panel, w, 'slow postgres queries and vacuum', AGENT);
  await previewApply(panel, w, AGENT, 'Our database gets slow every evening.');
  // The first try learns that this site opens sessions with a call: nothing is started, the view says so.
  await panel.click('radio', w('preview.kindSession'));
  await panel.click('button', w('preview.openSession'));
  await panel.waitForText(w.opening('preview.sessionByCallNow'));
  await panel.waitForText(w('preview.kindSessionByCall'));
  expect(await emu.control.callStarts()).toHaveLength(0);
  // The member asks again: the session opens with its first call, an apply call with the details.
  await clickStart(panel, w);
  expect(await passedResult(panel, w, 1)).toContain('This is the plan.');
  // The plan is the apply call's note, under its header line.
  await panel.waitForText(w('plan.heading', { version: '1' }));
  const [start] = await emu.control.callStarts();
  expect(start?.body).toEqual({
    agentId: 'agt_postgres',
    callId: 'apply',
    details: 'Our database gets slow every evening.',
  });

  await reviseThenAsk(rig);

  const starts = await emu.control.callStarts();
  expect(starts.map((r) => [r.status, (r.body as { callId: string }).callId])).toEqual([
    [202, 'apply'],
    [202, 'apply'],
    [202, 'apply'],
    [202, 'question'],
  ]);
  // Only shaped endpoints carried the journey. POST /sessions and GET plan were asked once each: a 404 without
  // the API's code (the server's own page) means the site has no such endpoint, and it is not asked again.
  // The quote is asked at most once: only if the typing pause ran out before the member's click.
  const unshaped = (await emu.control.requests('/api/v1/'))
    .filter((r) => r.status === 404)
    .map((r) => `${r.method} ${r.path.replace(/ses_[\w-]+/, '{id}')}`);
  expect(unshaped.filter((r) => r === 'POST /api/v1/calls/quote').length).toBeLessThanOrEqual(1);
  expect(unshaped.filter((r) => r !== 'POST /api/v1/calls/quote').sort()).toEqual([
    'GET /api/v1/sessions/{id}/plan',
    'POST /api/v1/sessions',
  ]);
  // The plan ran: the rewrite is refused here before anything is sent, as on any site.
  await rewriteSays(rig, w('session.rewrite.planRan'));
  expect((await emu.control.requests('/api/v1/sessions')).filter((r) => r.method === 'PUT')).toEqual([]);
}

/** The findings on the Findings view: whether "Waiting for your sign-off" shows, and how many are being checked. */
function findingsShown(rig: BrowserRig) {
  return rig.panel.evaluate(
    ({ region, waiting, checking }) => {
      // The view's section is named by its heading (aria-labelledby).
      const root = Array.from(document.querySelectorAll('section[aria-labelledby]')).find(
        (e) => document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent === region,
      );
      const headings = Array.from(root?.querySelectorAll('h1, h2, h3, h4') ?? []).map((h) => h.textContent);
      return { waiting: headings.includes(waiting), checking: (root?.textContent ?? '').split(checking).length - 1 };
    },
    { region: rig.w('findings.heading'), waiting: rig.w('findings.waitingHeading'), checking: 'Being checked' },
  );
}

async function findingsSignedOff(rig: BrowserRig): Promise<void> {
  const { w, emu } = rig;
  await openSection(rig.panel, w, 'app.tab.findings');
  await rig.panel.waitForText(w('findings.heading'));
  // The site checks each finding for a couple of seconds before it joins the draft: wait for all of them.
  await expect
    .poll(
      async () => {
        const shown = await findingsShown(rig);
        if (shown.waiting && shown.checking === 0) return true;
        await rig.panel.click('button', w('status.readAgain'));
        return false;
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(true);
  await waitForNotification(rig.panel, /^findings-draft:/);
  expect((await notificationIds(rig.panel)).filter((id) => id.startsWith('findings-draft:'))).toHaveLength(1);

  // Reading again raises nothing new for the same draft.
  await rig.panel.click('button', w('status.readAgain'));
  await rig.panel.waitForText(w('status.readAgain'));
  expect((await notificationIds(rig.panel)).filter((id) => id.startsWith('findings-draft:'))).toHaveLength(1);

  const site = await rig.browser.pageOpenedBy(emu.url, () => rig.panel.click('button', w('findings.signOff')));
  // The page the site named, on its origin, wherever it keeps it.
  expect(new URL(site.url()).origin).toBe(emu.url);
  expect(new URL(site.url()).pathname.startsWith('/findings/drafts/')).toBe(rig.profile === 'default');
  await site.click('button', 'Sign off');
  await waitFor(
    site,
    'the sign-off confirmed',
    () => (document.querySelector('[role="status"]')?.textContent ?? '') !== '',
    null,
  );
  await site.close();

  await rig.panel.bringToFront();
  await expect
    .poll(
      async () => {
        if (!(await findingsShown(rig)).waiting) return true;
        await rig.panel.click('button', w('status.readAgain'));
        return false;
      },
      { timeout: 30_000, interval: 1000 },
    )
    .toBe(true);
  // The findings these calls kept (the seed's own joined findings are there too).
  const kept = await rig.panel.evaluate(
    () =>
      Array.from(document.querySelectorAll('article[aria-labelledby]'))
        .filter((a) =>
          (document.getElementById(a.getAttribute('aria-labelledby') ?? '')?.textContent ?? '').includes(
            'CREATE INDEX CONCURRENTLY inside a transaction',
          ),
        )
        .map((a) => a.textContent ?? ''),
    null,
  );
  expect(kept).toHaveLength(4);
  for (const text of kept) expect(text).toContain(w('findingWords.status.joined'));
}

describeInEachBrowser('sessions and findings', (rig) => {
  test('a plan session: the apply call waits for answers, then the plan, a revision, an unchanged plan and a question call', async () => {
    const made = await rig.emu.control.connectCode({ name: 'E2E sessions', keepsFindings: true });
    await watchNotifications(rig.panel);
    await connect(rig.panel, rig.w, rig.emu.url, made.code);
    await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
    await readPrivacyLine(rig.panel, rig.w);
    await (rig.profile === 'strict' ? planSessionByCalls(rig) : planSession(rig));
  });

  test('findings the calls kept reach the draft: one notification, and signing off on the site moves them to joined', async () => {
    // The panel may have been reopened by the plan session: notifications are noted in the one open now.
    await watchNotifications(rig.panel);
    await findingsSignedOff(rig);
  });
});

describeInEachBrowser(
  'a plan session while POST /sessions answers 503',
  (rig) => {
    test('POST /sessions answering 503 not_available: nothing charged at that click, the plan session starts through POST /calls at the next', async () => {
      const { w, emu } = rig;
      const made = await emu.control.connectCode({ name: 'E2E sessions 503' });
      await connect(rig.panel, w, emu.url, made.code);
      await rig.panel.waitForText(emu.raw.world.seed.site.privacyLine);
      await readPrivacyLine(rig.panel, w);
      // The site has POST /sessions, but a part of it is switched off right now (the API's own code).
      await emu.control.fault({
        method: 'POST',
        path: '/api/v1/sessions',
        status: 503,
        code: 'not_available',
        count: 1000,
      });
      await findTyped(rig.panel, w, 'slow postgres queries and vacuum', AGENT);
      await previewApply(rig.panel, w, AGENT, 'Our database gets slow every evening.');
      await rig.panel.click('radio', w('preview.kindSession'));
      await rig.panel.click('button', w('preview.openSession'));
      // The same click turns the view into the start of the session's first call, which is charged: no error.
      await rig.panel.waitForText(w.opening('preview.sessionByCallNow'));
      await rig.panel.waitForText(w('preview.kindSessionByCall'));
      expect(await emu.control.callStarts()).toHaveLength(0);
      const opened = () => emu.control.requests('/api/v1/sessions').then((r) => r.filter((x) => x.method === 'POST'));
      expect((await opened()).map((r) => r.status)).toEqual([503]);

      await clickStart(rig.panel, w);
      expect(await passedResult(rig.panel, w, 1)).toContain('This is the plan.');
      const starts = await emu.control.callStarts();
      expect(starts.map((r) => r.status)).toEqual([202]);
      expect(starts[0]?.body).toEqual({
        agentId: 'agt_postgres',
        callId: 'apply',
        details: 'Our database gets slow every evening.',
      });
      // POST /sessions was asked once, at the first click, and not again.
      expect((await opened()).map((r) => r.status)).toEqual([503]);
    });
  },
  { profiles: ['default'] },
);
// Issue 54: a site that keeps the contract may send any object as `pass.fit` ("object or null", no fields given).
describeInEachBrowser('a session whose pass.fit is an object the contract leaves open', (rig) => {
  testSameOnStrict(rig, 'the same reading of the same answer')(
    'its questions and its result are shown, and nothing says the answer could not be read',
    async () => {
      const made = await rig.emu.control.connectCode({ name: 'E2E odd fit' });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
      await readPrivacyLine(rig.panel, rig.w);
      // Every answer about a session, opened or read, carries a fit of no shape the client knows.
      await rig.emu.control.fault({
        path: '/api/v1/sessions*',
        set: [{ path: 'questions.pass.fit', value: { et_5f: -87677952.16 } }],
        count: 1000,
      });
      await findTyped(rig.panel, rig.w, 'slow postgres queries and vacuum', AGENT);
      await previewApply(rig.panel, rig.w, AGENT, 'Our database gets slow every evening.');
      await stepPlanSession(rig.panel, rig.w);
      await rig.panel.waitForText('Answer 2 more first');
      await chooseOption(rig.panel, VERSION, 'Postgres 16');
      await chooseOption(rig.panel, WORKLOAD, rig.w('questions.leaveToAgent'));
      await makePlan(rig.panel, rig.w);
      expect(await passedResult(rig.panel, rig.w, 1)).toContain('This is the plan.');
      const text = await rig.panel.evaluate(() => document.body.textContent ?? '', null);
      expect(text).not.toContain(rig.w('sessionView.readFailed'));
      expect(text).not.toContain('malformed_answer');
      // The fault was met: the session was opened and read with the odd fit in its answers.
      const { faults } = await rig.emu.control.call<{ faults: { remaining: number }[] }>('GET', '/faults');
      expect(faults[0]?.remaining ?? 0).toBeLessThan(998);
    },
  );
});
