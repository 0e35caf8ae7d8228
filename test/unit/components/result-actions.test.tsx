// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/components/App';
import { ActionsContext, type PanelActions } from '@/components/common/actions';
import { followUpDraft, loadDraft } from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import { CallView } from '@/components/result/CallView';
import { ResultView } from '@/components/result/ResultView';
import { db } from '@/lib/db';
import type { CallRow } from '@/lib/db/tables/calls';
import { FOCUS_SESSION_KEY } from '@/lib/protocol/handoffs';
import {
  fakeActions,
  GUILD_HEADER,
  makeCall,
  makeConnectionRow,
  makePreview,
  makeResult,
  memberError,
  ut,
} from './fixtures';
import { renderPanel } from './render-panel';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.connection.put(makeConnectionRow());
});
afterEach(cleanup);

const QUESTION_CALL = makeCall({
  request: { agentId: 'ag_1', callId: 'question', question: 'Which index helps a LIKE prefix search?' },
  result: makeResult({ note: ut('A B-tree with text_pattern_ops.') }),
});

function actionRow(): HTMLElement {
  return screen.getByRole('article', { name: 'Call result' }).querySelector<HTMLElement>('.result-actions')!;
}

describe('Copy all', () => {
  it('puts the whole result on the clipboard as Markdown, only when the member asks, and says it was copied', async () => {
    const { actions, order } = fakeActions();
    renderPanel(<ResultView call={QUESTION_CALL} result={QUESTION_CALL.result!} titled />, actions);
    // The answer's copy leads the row; the whole result's waits in "About this result", quieter.
    expect(
      within(actionRow())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy the answer', 'Not helpful?']);
    fireEvent.click(screen.getByRole('button', { name: 'About this result' }));
    const all = screen.getByRole('button', { name: 'Copy all' });
    expect(all.closest('.disclosure')?.querySelector('.disclosure-toggle')?.textContent).toBe('About this result');
    expect(all.classList.contains('secondary')).toBe(true);
    expect(order).toEqual([]);
    fireEvent.click(all);
    await waitFor(() =>
      expect(order).toEqual([
        `copy:> ${GUILD_HEADER}\n\nPassed · charged $1.23\n\n**Your question**\n\n> Which index helps a LIKE prefix search?\n\n**Answer**\n\nA B-tree with text_pattern_ops.\n`,
      ]),
    );
    expect(within(all.parentElement!).getByText('Copied.')).toBeTruthy();
  });

  it('leads the row for a result without a note (a failure), with its reason', async () => {
    const { actions, order } = fakeActions();
    const failed = makeResult({ status: 'failed', note: null, charge: null, failReason: 'It broke.' });
    renderPanel(<ResultView call={makeCall({ result: failed })} result={failed} />, actions);
    expect(screen.queryByRole('button', { name: 'Copy the answer' })).toBeNull();
    fireEvent.click(within(actionRow()).getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(order[0]).toContain('**Why it failed:** It broke.'));
  });
});

describe('Follow-up question', () => {
  function showResult(call: CallRow, withFollowUp = true) {
    const asked: Array<[string, string, string]> = [];
    const { actions } = fakeActions();
    renderPanel(
      <ResultView
        call={call}
        result={call.result!}
        titled
        onFollowUp={withFollowUp ? (c, sessionId, q) => asked.push([c.localId, sessionId, q]) : undefined}
      />,
      actions,
    );
    return asked;
  }

  it('under a passed result: the question goes on to the preview with the call’s session, by button or Ctrl+Enter', () => {
    const asked = showResult(QUESTION_CALL);
    const box = screen.getByRole('textbox', { name: 'Follow-up question' });
    const next = screen.getByRole('button', { name: 'Preview the question' }) as HTMLButtonElement;
    // Under everything from the result.
    const note = screen.getByRole('article', { name: 'Call result' });
    expect(note.lastElementChild?.contains(box)).toBe(true);
    expect(next.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(asked).toEqual([]);
    fireEvent.input(box, { target: { value: 'And for ILIKE?' } });
    expect(screen.getByText('14 of 4,000 characters')).toBeTruthy();
    fireEvent.click(next);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box, { key: 'Enter', metaKey: true });
    // A plain Enter is a new line, not a start.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(asked).toEqual([
      [QUESTION_CALL.localId, 'ses_1', 'And for ILIKE?'],
      [QUESTION_CALL.localId, 'ses_1', 'And for ILIKE?'],
      [QUESTION_CALL.localId, 'ses_1', 'And for ILIKE?'],
    ]);
  });

  it('not under a failed or running result, nor where the preview cannot be opened', () => {
    const failed = makeResult({ status: 'failed', note: null, charge: null });
    showResult(makeCall({ result: failed }));
    expect(screen.queryByRole('textbox', { name: 'Follow-up question' })).toBeNull();
    cleanup();
    showResult(makeCall({ state: 'started', result: makeResult({ status: 'in_progress', note: null, charge: null }) }));
    expect(screen.queryByRole('textbox', { name: 'Follow-up question' })).toBeNull();
    cleanup();
    showResult(QUESTION_CALL, false);
    expect(screen.queryByRole('textbox', { name: 'Follow-up question' })).toBeNull();
  });

  it('opens the preview with the question and the session: both go with the preview and the start', async () => {
    const fake = fakeActions({
      preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }),
      startCall: () => ({
        ok: false,
        error: memberError('session_closed', 'This session is closed. Start a new one.'),
      }),
    });
    const draft = followUpDraft(QUESTION_CALL, 'ses_1', 'And for ILIKE?');
    renderPanel(<PreviewView initial={draft} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    await screen.findByText(/Holds up to/);
    expect(screen.getByText('It goes into the same session as the last call.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement).value).toBe(
      'And for ILIKE?',
    );
    expect(fake.sent.find((s) => s.name === 'preview')?.payload).toEqual({
      agentId: 'ag_1',
      callId: 'question',
      sessionId: 'ses_1',
      question: 'And for ILIKE?',
    });
    // Nothing starts until the member starts it from the preview.
    expect(fake.sent.filter((s) => s.name === 'startCall')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Start · holds up to/ }));
    // The site's refusal (a closed session) in words.
    const refusal = await screen.findByRole('alert', { name: 'Refused' });
    expect(refusal.textContent).toContain('This session is closed. Start a new one.');
    const start = fake.sent.find((s) => s.name === 'startCall')?.payload as { localId: string; request: unknown };
    expect(start.request).toEqual({
      agentId: 'ag_1',
      callId: 'question',
      sessionId: 'ses_1',
      question: 'And for ILIKE?',
    });
    expect(start.localId).toBe(draft.intentId);
  });
});

describe('Edit and start again', () => {
  it('is one wording and one way for a refused, declined, failed, returned or stopped call', async () => {
    const stop = { idempotencyKey: 'k', requestedAt: '2026-05-01T10:03:00.000Z', done: true, error: null };
    const calls = [
      makeCall({ localId: 'refused', state: 'refused', result: null, error: memberError('over_max', 'Too little.') }),
      makeCall({ localId: 'declined', state: 'declined', result: null }),
      makeCall({ localId: 'failed', result: makeResult({ status: 'failed', note: null, charge: null }) }),
      makeCall({ localId: 'returned', result: makeResult({ status: 'returned' }) }),
      makeCall({ localId: 'stopped', stop, result: makeResult({ partial: true }) }),
    ];
    const edited: string[] = [];
    for (const call of calls) {
      await db.calls.put(call);
      renderPanel(<CallView localId={call.localId} onEdit={(c) => edited.push(c.localId)} />, fakeActions().actions);
      fireEvent.click(await screen.findByRole('button', { name: 'Edit and start again' }));
      expect(screen.queryByRole('button', { name: /Change the request/ })).toBeNull();
      cleanup();
    }
    expect(edited).toEqual(['refused', 'declined', 'failed', 'returned', 'stopped']);
  });

  it('not for a whole passed result, and nowhere the preview cannot be opened', async () => {
    await db.calls.put(makeCall());
    renderPanel(<CallView localId={makeCall().localId} onEdit={() => undefined} />, fakeActions().actions);
    await screen.findByText('Here is the plan.');
    expect(screen.queryByRole('button', { name: 'Edit and start again' })).toBeNull();
    cleanup();
    await db.calls.put(makeCall({ localId: 'r', state: 'refused', result: null }));
    renderPanel(<CallView localId="r" />, fakeActions().actions);
    await screen.findByText('The site refused this call.');
    expect(screen.queryByRole('button', { name: 'Edit and start again' })).toBeNull();
  });
});

describe('in the panel', () => {
  function renderApp(actions: PanelActions) {
    return render(
      <ActionsContext.Provider value={actions}>
        <App />
      </ActionsContext.Provider>,
    );
  }
  async function openCall(call: CallRow) {
    await db.calls.put(call);
    await fakeBrowser.storage.session.set({
      [FOCUS_SESSION_KEY]: { localId: call.localId, at: '2026-05-01T10:05:00.000Z' },
    });
  }
  const previewing = () =>
    fakeActions({
      preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }),
      startCall: (p) => ({ ok: true, value: { localId: (p as { localId: string }).localId, state: 'started' } }),
    });

  it('a failed call’s "Edit and start again" opens its request in the preview and starts a new call', async () => {
    const failed = makeCall({
      request: { agentId: 'ag_1', callId: 'question', question: 'Which index?', maxCents: 300 },
      result: makeResult({ status: 'failed', note: null, charge: null }),
    });
    await openCall(failed);
    const fake = previewing();
    renderApp(fake.actions);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit and start again' }));
    await screen.findByRole('heading', { name: 'Call Postgres helper' });
    expect((screen.getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement).value).toBe('Which index?');
    await screen.findByText(/Holds up to/);
    fireEvent.click(screen.getByRole('button', { name: /^Start · holds up to/ }));
    await waitFor(() => expect(fake.sent.some((s) => s.name === 'startCall')).toBe(true));
    const start = fake.sent.find((s) => s.name === 'startCall')?.payload as { localId: string; request: unknown };
    expect(start.localId).not.toBe(failed.localId);
    expect(start.request).toEqual({ agentId: 'ag_1', callId: 'question', question: 'Which index?', maxCents: 300 });
  });

  it('a follow-up goes through the preview of a question in the same session, with no plan session offered', async () => {
    await openCall(QUESTION_CALL);
    const fake = previewing();
    renderApp(fake.actions);
    const box = await screen.findByRole('textbox', { name: 'Follow-up question' });
    fireEvent.input(box, { target: { value: 'And for ILIKE?' } });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await screen.findByRole('heading', { name: 'Call Postgres helper' });
    await screen.findByText(/Holds up to/);
    expect(screen.getByRole('radio', { name: 'Ask a question' })).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: 'Plan it with the agent first' })).toBeNull();
    // The question is kept as a draft at once: going back never loses it.
    expect((await loadDraft())?.question).toBe('And for ILIKE?');
    expect(fake.sent.filter((s) => s.name === 'startCall')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^Start · holds up to/ }));
    await waitFor(() => expect(fake.sent.some((s) => s.name === 'startCall')).toBe(true));
    const start = fake.sent.find((s) => s.name === 'startCall')?.payload as { localId: string; request: unknown };
    expect(start.request).toEqual({
      agentId: 'ag_1',
      callId: 'question',
      sessionId: 'ses_1',
      question: 'And for ILIKE?',
    });
    expect(start.localId).not.toBe(QUESTION_CALL.localId);
  });

  it('a key scoped to one session (no preview for it) is offered neither', async () => {
    await db.connection.put(makeConnectionRow({ sessionId: 'ses_1' }));
    await openCall(makeCall({ localId: 'p', sessionId: 'ses_1' }));
    await db.calls.put(
      makeCall({
        localId: 'f',
        sessionId: 'ses_1',
        result: makeResult({ status: 'failed', note: null, charge: null }),
      }),
    );
    renderApp(fakeActions().actions);
    await screen.findByText('Here is the plan.');
    expect(screen.queryByRole('textbox', { name: 'Follow-up question' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy the answer' })).toBeTruthy();
    await fakeBrowser.storage.session.set({ [FOCUS_SESSION_KEY]: { localId: 'f', at: '2026-05-01T10:06:00.000Z' } });
    await screen.findByText('Failed · free', { exact: false });
    expect(screen.queryByRole('button', { name: 'Edit and start again' })).toBeNull();
  });
});
