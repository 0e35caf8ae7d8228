/**
 * Sessions and findings in Chromium against both emulator profiles: a "Plan my project" session whose apply
 * call waits for answers (nothing sent), the member's answers kept across a closed panel, the plan, a
 * revision, a revision that leaves the plan unchanged, a question call in the same session; then the findings
 * those calls kept reach the member's draft, one notification is raised for the draft, and signing off on the
 * site's page moves them to joined in the panel.
 * The strict profile has none of the endpoints named without a shape: the session opens with its first
 * POST /calls, the plan is the apply call's note, and rewriting the request says it is not available.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LoadedExtension } from './browser';
import {
  closePanelWithEmulator,
  connectPanel,
  findInPanel,
  notificationIds,
  openPanelWithEmulator,
  openPreview,
  PROFILES,
  type TestEmulator,
  WAIT_MS,
} from './harness';

const AGENT = 'Postgres Tuning Guild';

let emu: TestEmulator;
let ext: LoadedExtension;
let panel: Page;

/** Rows of one table of the extension's database, read in the panel's page (the panel itself only reads too). */
function countRows(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('agent-connection');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction(name).objectStore(name).count();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
    table,
  );
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: 'Panel sections' }).getByRole('button', { name, exact: true });
}

/** The nth result of the session (1-based), once its status reads as passed. */
async function passedResult(session: Locator, n: number): Promise<Locator> {
  const item = session.getByRole('list', { name: 'Results in this session, in order' }).getByRole('listitem', { name: `Result ${n}`, exact: true });
  await item.getByRole('status').filter({ hasText: 'Passed its checks' }).waitFor({ timeout: WAIT_MS });
  return item;
}

async function openSessionFromList(page: Page): Promise<Locator> {
  await tab(page, 'Sessions').click();
  await page.getByRole('button', { name: `Open session ${AGENT}` }).click();
  const session = page.getByRole('region', { name: AGENT });
  await session.waitFor({ timeout: WAIT_MS });
  return session;
}

/**
 * After the plan: an empty revision refused here, a revision that changes the plan, one the agent answers
 * without changing it, and a question call that answers alone and leaves the plan (results 2 to 4).
 */
async function reviseThenAsk(session: Locator): Promise<void> {
  // A revision: an empty one is refused here, a real one revises the plan.
  const revise = session.getByRole('form', { name: 'Revise the plan' });
  await revise.waitFor({ timeout: WAIT_MS });
  await revise.getByRole('button', { name: 'Send the revision' }).click();
  await revise.getByRole('alert').filter({ hasText: 'An empty revision is not sent' }).waitFor();
  expect(await emu.control.callStarts()).toHaveLength(1);
  await revise.getByLabel(/^What to change or ask about the plan/).fill('Add a step for connection limits.');
  await revise.getByRole('button', { name: 'Send the revision' }).click();
  const second = await passedResult(session, 2);
  expect(await second.textContent()).toContain('This call revised the plan.');
  await session.getByRole('heading', { name: 'The plan, version 2' }).waitFor({ timeout: WAIT_MS });

  // A revision the agent answers without changing the plan.
  await emu.control.call('PUT', '/agents/agt_postgres/behaviour', { planUnchanged: true, note: 'Step 3 is needed: keep it.' });
  await session.getByLabel(/^What to change or ask about the plan/).fill('Is step 3 needed?');
  await session.getByRole('button', { name: 'Send the revision' }).click();
  const third = await passedResult(session, 3);
  expect(await third.textContent()).toContain('The plan stayed as it was');
  expect(await third.textContent()).toContain('Step 3 is needed: keep it.');
  expect(await session.getByRole('heading', { name: 'The plan, version 2' }).isVisible()).toBe(true);

  // A question call in the same session answers alone and leaves the plan.
  await emu.control.call('PUT', '/agents/agt_postgres/behaviour', { planUnchanged: false, note: 'Use pg_stat_statements.' });
  await session.getByLabel(/^Your question/).fill('Which extension shows the slowest queries?');
  await session.getByRole('button', { name: 'Ask', exact: true }).click();
  const fourth = await passedResult(session, 4);
  expect(await fourth.textContent()).toContain('A question answered on its own: the plan stays as it was.');
  expect(await session.getByRole('heading', { name: 'The plan, version 2' }).isVisible()).toBe(true);
}

async function planSession(): Promise<void> {
  await findInPanel(panel, 'slow postgres queries and vacuum');
  await openPreview(panel, { agentName: AGENT, kind: 'apply', text: 'Our database gets slow every evening.' });
  await panel.getByRole('button', { name: 'Plan my project', exact: true }).click();
  let session = panel.getByRole('region', { name: AGENT });
  await session.getByRole('heading', { name: 'Questions to answer now' }).waitFor({ timeout: WAIT_MS });
  expect(await session.getByText('Plan my project').first().isVisible()).toBe(true);

  // The gate: two required details missing, so nothing is sent.
  await session.getByRole('button', { name: 'Make the plan' }).click();
  await session.getByRole('alert').filter({ hasText: 'The plan waits for 2 more details' }).waitFor();
  expect(await emu.control.callStarts()).toHaveLength(0);

  // The member answers; drafts are stored as they go and survive a closed panel.
  await session.getByRole('group', { name: 'Which Postgres version runs in production?' }).getByRole('radio', { name: /^Postgres 16/ }).check();
  await session.getByRole('group', { name: 'What does the database mostly do?' }).getByRole('radio', { name: 'Leave it to the agent' }).check();
  await expect.poll(() => countRows(panel, 'answerDrafts'), { timeout: WAIT_MS }).toBe(2);
  await panel.close();
  panel = await ext.openPanel();
  session = await openSessionFromList(panel);
  expect(await session.getByRole('radio', { name: /^Postgres 16/ }).isChecked()).toBe(true);
  expect(await session.getByRole('group', { name: 'What does the database mostly do?' }).getByRole('radio', { name: 'Leave it to the agent' }).isChecked()).toBe(true);

  await session.getByRole('button', { name: 'Save these answers' }).click();
  await session.getByText('Ready: every required detail has an answer').waitFor({ timeout: WAIT_MS });
  await expect.poll(() => countRows(panel, 'answerDrafts')).toBe(0);
  const answers = (await emu.control.requests('/api/v1/sessions')).filter((r) => r.method === 'PUT' && r.path.endsWith('/answers'));
  expect(answers.map((r) => r.body)).toEqual([{ answers: { pg_version: { kind: 'option', optionKeys: ['v16'] }, workload: { kind: 'left_to_agent' } } }]);

  // The plan.
  await session.getByRole('button', { name: 'Make the plan' }).click();
  const first = await passedResult(session, 1);
  expect(await first.textContent()).toContain('This is the plan.');
  await session.getByRole('heading', { name: 'The plan, version 1' }).waitFor({ timeout: WAIT_MS });
  expect(await emu.control.callStarts()).toHaveLength(1);

  await reviseThenAsk(session);

  const starts = await emu.control.callStarts();
  expect(starts.map((r) => (r.body as { callId: string }).callId)).toEqual(['apply', 'apply', 'apply', 'question']);
  const sessionIds = new Set(starts.map((r) => (r.body as { sessionId: string }).sessionId));
  expect(sessionIds.size).toBe(1);

  // The plan ran: rewriting the request is refused, and the panel says so.
  await session.getByText('Rewrite your request').click();
  await session.getByText('The plan’s call has run, so the request can no longer be rewritten.').waitFor();
}

/** The same journey on a site without POST /sessions, PUT answers or details, and GET plan. */
async function planSessionByCalls(): Promise<void> {
  await findInPanel(panel, 'slow postgres queries and vacuum');
  await openPreview(panel, { agentName: AGENT, kind: 'apply', text: 'Our database gets slow every evening.' });
  // The first try learns that this site opens sessions with a call: nothing is started, the member is told.
  await panel.getByRole('button', { name: 'Plan my project', exact: true }).click();
  await panel.getByRole('alert').filter({ hasText: 'Opening a session before its first call is not available on this site.' }).waitFor({ timeout: WAIT_MS });
  await panel.getByText(/On this site a session starts with its first call/).waitFor();
  expect(await emu.control.callStarts()).toHaveLength(0);
  // The member asks again: the session opens with its first call, an apply call with the details.
  await panel.getByRole('button', { name: 'Plan my project', exact: true }).click();
  const session = panel.getByRole('region', { name: AGENT });
  await session.waitFor({ timeout: WAIT_MS });
  const first = await passedResult(session, 1);
  expect(await first.textContent()).toContain('This is the plan.');
  // The plan is the apply call's note, under its header line.
  await session.getByRole('heading', { name: 'The plan, version 1' }).waitFor({ timeout: WAIT_MS });
  const [start] = await emu.control.callStarts();
  expect(start?.body).toEqual({ agentId: 'agt_postgres', callId: 'apply', details: 'Our database gets slow every evening.' });

  await reviseThenAsk(session);

  const starts = await emu.control.callStarts();
  expect(starts.map((r) => [r.status, (r.body as { callId: string }).callId])).toEqual([[202, 'apply'], [202, 'apply'], [202, 'apply'], [202, 'question']]);
  // Only shaped endpoints carried the journey. POST /sessions was asked once; GET plan twice: its 404 before
  // any plan means "no plan yet", the one after the plan's call passed means the site has no such endpoint.
  // The quote is asked at most once: only if the typing pause ran out before the member's click.
  const unshaped = (await emu.control.requests('/api/v1/'))
    .filter((r) => r.status === 404)
    .map((r) => `${r.method} ${r.path.replace(/ses_[\w-]+/, '{id}')}`);
  expect(unshaped.filter((r) => r === 'POST /api/v1/calls/quote').length).toBeLessThanOrEqual(1);
  expect(unshaped.filter((r) => r !== 'POST /api/v1/calls/quote').sort()).toEqual([
    'GET /api/v1/sessions/{id}/plan',
    'GET /api/v1/sessions/{id}/plan',
    'POST /api/v1/sessions',
  ]);
  // The plan ran: the rewrite is refused here before anything is sent, as on any site.
  await session.getByText('Rewrite your request').click();
  await session.getByText('The plan’s call has run, so the request can no longer be rewritten.').waitFor();
  expect((await emu.control.requests('/api/v1/sessions')).filter((r) => r.method === 'PUT')).toEqual([]);
}

async function findingsSignedOff(profile: string): Promise<void> {
  await tab(panel, 'Findings').click();
  const findings = panel.getByRole('region', { name: 'Your findings' });
  const waiting = findings.getByRole('heading', { name: 'Waiting for your sign-off' });
  const checking = findings.getByText('Being checked', { exact: false });
  // The site checks each finding for a couple of seconds before it joins the draft: wait for all of them.
  await expect
    .poll(
      async () => {
        if ((await waiting.isVisible()) && (await checking.count()) === 0) return true;
        await findings.getByRole('button', { name: 'Check again' }).click();
        await findings.getByRole('button', { name: 'Check again' }).waitFor();
        return false;
      },
      { timeout: WAIT_MS, interval: 1000 },
    )
    .toBe(true);
  await expect.poll(async () => (await notificationIds(ext)).filter((id) => id.startsWith('findings-draft:')), { timeout: WAIT_MS }).toHaveLength(1);

  // Reading again raises nothing new for the same draft.
  await findings.getByRole('button', { name: 'Check again' }).click();
  await findings.getByRole('button', { name: 'Check again' }).waitFor();
  expect((await notificationIds(ext)).filter((id) => id.startsWith('findings-draft:'))).toHaveLength(1);

  const opened = ext.context.waitForEvent('page');
  await findings.getByRole('button', { name: 'Sign off on the site' }).click();
  const site = await opened;
  await site.waitForLoadState();
  // The page the site named, on its origin, wherever it keeps it.
  expect(new URL(site.url()).origin).toBe(emu.url);
  expect(new URL(site.url()).pathname.startsWith('/findings/drafts/')).toBe(profile === 'default');
  await site.getByRole('button', { name: 'Sign off' }).click();
  await site.getByRole('status').waitFor();
  await site.close();

  await panel.bringToFront();
  await findings.getByRole('button', { name: 'Check again' }).click();
  await waiting.waitFor({ state: 'hidden', timeout: WAIT_MS });
  // The findings these calls kept (the seed's own joined findings are there too).
  const kept = findings.getByRole('article', { name: /CREATE INDEX CONCURRENTLY inside a transaction/ });
  expect(await kept.count()).toBe(4);
  for (const item of await kept.all()) expect(await item.textContent()).toContain('Joined the agent as a contribution');
}

for (const profile of PROFILES) {
  describe(`sessions and findings (${profile} profile)`, () => {
    beforeAll(async () => {
      ({ emu, ext, panel } = await openPanelWithEmulator(profile));
      const made = await emu.control.connectCode({ name: 'E2E sessions', keepsFindings: true });
      await connectPanel(panel, emu.url, made.code);
    });

    afterAll(() => closePanelWithEmulator({ emu, ext }));

    test('a plan session: the apply call waits for answers, then the plan, a revision, an unchanged plan and a question call', async () => {
      await (profile === 'strict' ? planSessionByCalls() : planSession());
    });

    test('findings the calls kept reach the draft: one notification, and signing off on the site moves them to joined', async () => {
      await findingsSignedOff(profile);
    });
  });
}
