// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallsList } from '@/components/calls/CallsList';
import { CallView } from '@/components/result/CallView';
import { db } from '@/lib/db';
import { type CallRow, OTHER_RUN_READS_SAID } from '@/lib/db/tables/calls';
import { fakeActions, makeCall, makeConnectionRow, makeResult, memberError, SITE, ut } from './fixtures';
import { renderPanel } from './render-panel';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

const OTHER_RUN = 'The site answers about another call; we keep trying.';

async function show(call: CallRow, replies: Parameters<typeof fakeActions>[0] = {}) {
  await db.calls.put(call);
  const edited: CallRow[] = [];
  const fake = fakeActions(replies);
  renderPanel(<CallView localId={call.localId} onEdit={(c) => edited.push(c)} />, fake.actions);
  return { ...fake, edited };
}

describe('CallView', () => {
  it('waits for the approval with the button to the approval page, without a second click', async () => {
    const call = makeCall({
      state: 'needs_approval',
      result: null,
      runId: null,
      error: memberError('needs_approval', 'Approve it on the site.', { reason: 'new_agent' }),
    });
    await db.approvals.put({
      approvalId: 'ap_1',
      localId: call.localId,
      approvalUrl: `${SITE}/approvals/ap_1`,
      reason: 'new_agent',
      request: call.request,
      expiresAt: '2026-05-01T10:32:00.000Z',
      status: 'pending',
      siteStatus: null,
      createdAt: '2026-05-01T10:02:00.000Z',
      updatedAt: '2026-05-01T10:02:00.000Z',
      nextCheckAt: 0,
      checks: 0,
      cameBackAt: null,
      resends: 0,
      lastResendAt: null,
      pageTabId: null,
    });
    const { sent } = await show(call, {
      approvalCameBack: () => ({ ok: true, value: { nextCheckAt: Date.now() + 14_500, asksSiteFirst: false } }),
    });
    await screen.findByText('Waiting for your approval on the site.');
    expect(screen.getByText(/first call to this agent/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve on the site' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/approvals/ap_1` } }]));
    // Coming back says so to the background, which resends no sooner than its gap; the panel says when.
    fireEvent.click(screen.getByRole('button', { name: 'I approved it' }));
    await screen.findByText('Sending it again in 15 s.');
    expect(sent.at(-1)).toEqual({ name: 'approvalCameBack', payload: { approvalId: 'ap_1' } });
    fireEvent.focus(window);
    await waitFor(() => expect(sent.filter((m) => m.name === 'approvalCameBack').length).toBe(2));
  });

  it('"I approved it" while the site can say whether it is approved: it says the site is asked, never that it sends', async () => {
    const call = makeCall({
      state: 'needs_approval',
      result: null,
      runId: null,
      error: memberError('needs_approval', 'Approve it on the site.', { reason: 'new_agent' }),
    });
    await db.approvals.put({
      approvalId: 'ap_1',
      localId: call.localId,
      approvalUrl: `${SITE}/approvals/ap_1`,
      reason: 'new_agent',
      request: call.request,
      expiresAt: '2026-05-01T10:32:00.000Z',
      status: 'pending',
      siteStatus: null,
      createdAt: '2026-05-01T10:02:00.000Z',
      updatedAt: '2026-05-01T10:02:00.000Z',
      nextCheckAt: 0,
      checks: 0,
      cameBackAt: null,
      resends: 0,
      lastResendAt: null,
      pageTabId: null,
    });
    await show(call, {
      approvalCameBack: () => ({ ok: true, value: { nextCheckAt: Date.now(), asksSiteFirst: true } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'I approved it' }));
    await screen.findByText('Asking the site now whether you approved it.');
    expect(screen.queryByText('Sending it again now.')).toBeNull();
  });

  it('shows a refusal and lets the member change the request', async () => {
    const call = makeCall({
      state: 'refused',
      result: null,
      error: memberError('over_max', 'The most you allowed is too little.'),
    });
    const { edited } = await show(call);
    expect((await screen.findByRole('alert', { name: 'Refused' })).textContent).toContain(
      'The most you allowed is too little.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit and start again' }));
    expect(edited.map((c) => c.localId)).toEqual([call.localId]);
  });

  it('offers to send an unsent call again', async () => {
    const call = makeCall({
      state: 'unsent',
      result: null,
      firstSentAt: new Date().toISOString(),
      error: memberError('network', 'The site could not be reached.'),
    });
    const { sent } = await show(call, {
      retryCall: () => ({ ok: true, value: { localId: call.localId, state: 'sending' } }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'retryCall', payload: { localId: call.localId } }]));
  });

  it('an unsent call says whether the site could not be reached or answered with a failure', async () => {
    await show(
      makeCall({
        state: 'unsent',
        result: null,
        firstSentAt: new Date().toISOString(),
        error: memberError('offline', 'The site could not be reached.'),
      }),
    );
    // No answer came: it may or may not have reached the site, and the words do not say more than is known.
    await screen.findByText(/May not have been sent: the site could not be reached/);
    cleanup();
    await show(
      makeCall({
        localId: crypto.randomUUID(),
        state: 'unsent',
        result: null,
        firstSentAt: new Date().toISOString(),
        error: { ...memberError('server_error', 'Something failed on the site’s side.'), status: 500 },
      }),
    );
    await screen.findByText(/May not have been sent: the site failed \(HTTP 500\)/);
    expect(screen.queryByText(/could not be reached/)).toBeNull();
  });

  it('an unsent call past the age its key is surely remembered is not sent again: the member checks the site or starts a new call', async () => {
    await db.connection.put(makeConnectionRow());
    const call = makeCall({
      state: 'unsent',
      result: null,
      sessionId: 'ses_1',
      firstSentAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
      error: memberError('offline', 'The site could not be reached.'),
    });
    const { sent } = await show(call, {
      retryCall: () => ({ ok: true, value: { localId: call.localId, state: 'started' } }),
      openSitePage: () => ({ ok: true, value: {} }),
    });
    await screen.findByText(/May have started: its answer never came/);
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(screen.getByText(/or it may run twice/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check the site’s call log' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/` } }]));
    fireEvent.click(screen.getByRole('button', { name: 'Start it as a new call' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ name: 'retryCall', payload: { localId: call.localId, asNewCall: true } }),
    );
  });

  it('a call sent through an earlier connection ends as one that may have started, with the same choices', async () => {
    await db.connection.put(makeConnectionRow());
    // As the outbox leaves it after the member connected again (issue 55): its key recent, its connection gone.
    const call = makeCall({
      state: 'unsent',
      result: null,
      connectionId: 'con_earlier',
      firstSentAt: new Date().toISOString(),
      error: memberError('too_late_to_resend', 'This call may have started on the site through an earlier connection.'),
    });
    await show(call, { retryCall: () => ({ ok: true, value: { localId: call.localId, state: 'started' } }) });
    await screen.findByText(/May have started: its answer never came/);
    expect(screen.getByText(/Check your calls on the site before starting it again/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check the site’s call log' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start it as a new call' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send again' })).toBeNull();
    expect(screen.queryByText(/Start it again\./)).toBeNull();
  });

  it('shows a started call before its first result with a stop button and the first call’s privacy line', async () => {
    await show(makeCall({ state: 'started', result: null, privacyLine: 'The agent’s builders receive your details.' }));
    await screen.findByText('Started. Waiting for the first result…');
    expect(screen.getByRole('button', { name: 'Stop the call' })).toBeTruthy();
    // Quiet: a line, not a box.
    const line = await screen.findByText('The agent’s builders receive your details.');
    expect(line.closest('p')?.className).toContain('muted');
    expect(line.closest('.notice')).toBeNull();
  });

  it('does not repeat the privacy line the member already read where the connection showed it', async () => {
    const privacyLine = 'The agent’s builders receive your call’s details.';
    await db.connection.put(makeConnectionRow({ privacyLine, privacyLineShown: true }));
    await show(makeCall({ privacyLine }));
    await screen.findByText('Here is the plan.');
    // Long enough for the connection's read to have answered (the result above came after it).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(privacyLine)).toBeNull();
    cleanup();
    // Not yet read there, or another line: said once, here.
    await db.connection.put(makeConnectionRow({ privacyLine, privacyLineShown: false }));
    await show(makeCall({ privacyLine }));
    expect((await screen.findAllByText(privacyLine)).length).toBe(1);
    cleanup();
    await db.connection.put(makeConnectionRow({ privacyLine: 'An older line.', privacyLineShown: true }));
    await show(makeCall({ privacyLine }));
    expect((await screen.findAllByText(privacyLine)).length).toBe(1);
  });

  it('titles a result with the agent and the kind in our words, then one status and charge line, the header, the call’s name', async () => {
    // Nothing typed: the call's name (the site's) is what tells the call, under the header line.
    await show(makeCall({ request: { agentId: 'ag_1', callId: 'apply' } }));
    const heading = await screen.findByRole('heading', { level: 1 });
    // The call's name is the site's: under the header line, not in the title (rule 2).
    expect(heading.textContent).toBe('Postgres helper · Plan or work');
    const article = await screen.findByRole('article', { name: 'Call result' });
    // The name is said once, and "Finished" is not said beside "Passed".
    expect(screen.getAllByText('Plan my project')).toHaveLength(1);
    expect(screen.queryByText(/^Finished/)).toBeNull();
    const first = article.firstElementChild;
    expect(first?.textContent).toMatch(/^✓Passed · charged \$1\.23 · /);
    const header = within(article).getByRole('note');
    expect(first?.nextElementSibling).toBe(header);
    expect(header.nextElementSibling?.textContent).toBe('Plan my project');
  });

  it('a question’s own view says the question once, above the answer, with copying the answer as its one main action', async () => {
    const question = 'Which index helps a LIKE prefix search?';
    await show(
      makeCall({
        request: { agentId: 'ag_1', callId: 'question', question },
        result: makeResult({ callId: 'question', note: ut('A B-tree with text_pattern_ops.') }),
      }),
    );
    const article = await screen.findByRole('article', { name: 'Call result' });
    const answer = await within(article).findByRole('region', { name: 'Answer' });
    const asked = within(article).getByRole('figure', { name: 'Your question' });
    expect(asked.compareDocumentPosition(answer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The whole view (its heading, the result, its actions) says the question in the quote only.
    expect(screen.getByRole('region', { name: /Postgres helper/ }).textContent?.split(question)).toHaveLength(2);
    const main = within(article).getByRole('button', { name: 'Copy the answer' });
    expect(main.classList.contains('secondary')).toBe(false);
    fireEvent.click(within(article).getByRole('button', { name: 'About this result' }));
    expect(within(article).getByRole('button', { name: 'Copy all' }).classList.contains('secondary')).toBe(true);
  });

  it('says when the site keeps answering about another call, from the set number of reads, until a right one', async () => {
    const call = makeCall({ state: 'started', result: null, otherRunReads: OTHER_RUN_READS_SAID - 1 });
    await show(call);
    await screen.findByText('Started. Waiting for the first result…');
    expect(screen.queryByText(OTHER_RUN)).toBeNull();
    await db.calls.put({ ...call, otherRunReads: OTHER_RUN_READS_SAID });
    expect((await screen.findByText(OTHER_RUN)).getAttribute('role')).toBe('status');
    // Still running: it can be stopped.
    expect(screen.getByRole('button', { name: 'Stop the call' })).toBeTruthy();
    // Over a result read earlier, the same.
    const running = makeResult({ status: 'in_progress', note: null, charge: null });
    await db.calls.put({ ...call, result: running, otherRunReads: OTHER_RUN_READS_SAID + 4 });
    await screen.findByText('Running · up to $5.00 held');
    expect(screen.getByText(OTHER_RUN)).toBeTruthy();
    await db.calls.put({ ...call, result: running, otherRunReads: 0 });
    await waitFor(() => expect(screen.queryByText(OTHER_RUN)).toBeNull());
  });

  it('follows the stored row as the result comes in', async () => {
    const call = makeCall({
      state: 'started',
      result: makeResult({ status: 'in_progress', note: null, charge: null }),
    });
    await show(call);
    await screen.findByText('Running · up to $5.00 held');
    expect(screen.getByRole('button', { name: 'Stop the call' })).toBeTruthy();
    await db.calls.put({ ...call, state: 'finished', result: makeResult({ note: ut('Done now.') }) });
    await screen.findByText('Done now.');
    expect(screen.getByText('Passed · charged $1.23')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Stop the call' })).toBeNull();
  });
});

describe('CallsList', () => {
  it('lists a scoped key’s session’s calls newest first, each led by what was sent, and opens one', async () => {
    await db.calls.put(makeCall({ localId: 'a', createdAt: '2026-05-01T10:00:00.000Z', agentName: ut('Older') }));
    await db.calls.put(
      makeCall({
        localId: 'b',
        createdAt: '2026-05-01T11:00:00.000Z',
        agentName: ut('Newer'),
        state: 'refused',
        result: null,
      }),
    );
    await db.calls.put(makeCall({ localId: 'c', sessionId: 'ses_other', agentName: ut('Another session') }));
    const opened: string[] = [];
    const { actions } = fakeActions();
    renderPanel(<CallsList onOpen={(id) => opened.push(id)} sessionId="ses_1" />, actions);
    // Each item's name is its visible text (what was sent, then agent, state, when), so speech and sight agree.
    const list = await screen.findByRole('list', { name: 'Calls, newest first' });
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.querySelector('.call-asked')?.textContent)).toEqual(['my details', 'my details']);
    // A call with a result says its status and charge as its own view's first line does.
    expect(buttons.map((b) => b.querySelector('.call-meta')?.textContent)).toEqual([
      expect.stringMatching(/^Newer · Refused · /),
      expect.stringMatching(/^Older · Passed · charged \$1\.23 · /),
    ]);
    expect(list.textContent).not.toContain('Another session');
    expect(buttons.every((b) => !b.hasAttribute('aria-label'))).toBe(true);
    fireEvent.click(buttons[1]!);
    expect(opened).toEqual(['a']);
  });
});
