// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/components/App';
import { ActionsContext, type PanelActions } from '@/components/common/actions';
import { FOCUS_KEY } from '@/components/focus';
import { db } from '@/lib/db';
import { fakeActions, makeCall, makeCard, makeConnectionRow, makePreview, makeResult, ut } from './fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

function renderApp(actions: PanelActions = fakeActions().actions) {
  return render(
    <ActionsContext.Provider value={actions}>
      <App />
    </ActionsContext.Provider>,
  );
}

describe('App routing', () => {
  it('shows the connect form when nothing is connected', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Connect to your site' });
  });

  it('asks for a new code after the connection was revoked, keeping the site', async () => {
    await db.connection.put(makeConnectionRow({ status: 'revoked' }));
    renderApp();
    await screen.findByRole('heading', { name: 'Connection “My laptop” was revoked' });
    expect(screen.getByRole('button', { name: 'Make a new connect code on the site' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Site address' }) as HTMLInputElement).value).toBe('http://127.0.0.1:8787');
  });

  it('goes from a find to the preview of the chosen agent, and back', async () => {
    await db.connection.put(makeConnectionRow());
    await db.finds.add({
      requestId: 'r1',
      text: 'postgres replica',
      cut: false,
      source: 'panel',
      status: 'done',
      agents: [makeCard()],
      error: null,
      at: '2026-05-01T10:01:00.000Z',
      doneAt: '2026-05-01T10:01:01.000Z',
    });
    const { actions } = fakeActions({ preview: () => ({ ok: true, value: { preview: makePreview() } }) });
    renderApp(actions);
    fireEvent.click(await screen.findByRole('button', { name: 'Preview a call to Postgres helper' }));
    await screen.findByRole('heading', { name: 'Call Postgres helper' });
    fireEvent.click(screen.getByRole('button', { name: '← Back to the agents' }));
    await screen.findByRole('heading', { name: 'Find AI Agents' });
  });

  it('opens at the call the background points to (a notification’s click)', async () => {
    await db.connection.put(makeConnectionRow());
    const call = makeCall({ result: makeResult({ note: ut('The answer is 42.') }) });
    await db.calls.put(call);
    await fakeBrowser.storage.session.set({ [FOCUS_KEY]: { kind: 'call', localId: call.localId } });
    renderApp();
    await screen.findByText('The answer is 42.');
    expect(screen.getByRole('button', { name: 'Calls' }).getAttribute('aria-current')).toBe('page');
  });

  it('follows a focus written while the panel is open', async () => {
    await db.connection.put(makeConnectionRow());
    const call = makeCall({ result: makeResult({ note: ut('Later result.') }) });
    await db.calls.put(call);
    renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    await fakeBrowser.storage.session.set({ [FOCUS_KEY]: { kind: 'call', localId: call.localId } });
    await screen.findByText('Later result.');
  });

  it('brings a find from the menu forward while the panel is open', async () => {
    await db.connection.put(makeConnectionRow());
    const find = {
      requestId: 'r1',
      text: 'typed in the panel',
      cut: false,
      source: 'panel' as const,
      status: 'done' as const,
      agents: [],
      error: null,
      at: '2026-05-01T10:01:00.000Z',
      doneAt: '2026-05-01T10:01:01.000Z',
    };
    await db.finds.add({ ...find });
    renderApp();
    await screen.findByText('typed in the panel');
    fireEvent.click(screen.getByRole('button', { name: 'Connection' }));
    await screen.findByRole('heading', { name: 'Connection “My laptop”' });
    await db.finds.add({ ...find, requestId: 'r2', text: 'from a selection', source: 'menu', status: 'running', doneAt: null });
    await screen.findByText('from a selection');
  });

  it('stays where the member is when the member’s own find lands', async () => {
    await db.connection.put(makeConnectionRow());
    const find = {
      requestId: 'r1',
      text: 'first',
      cut: false,
      source: 'panel' as const,
      status: 'done' as const,
      agents: [],
      error: null,
      at: '2026-05-01T10:01:00.000Z',
      doneAt: '2026-05-01T10:01:01.000Z',
    };
    await db.finds.add({ ...find });
    renderApp();
    await screen.findByText('first');
    fireEvent.click(screen.getByRole('button', { name: 'Calls' }));
    await screen.findByText('No calls yet.');
    await db.finds.add({ ...find, requestId: 'r2', text: 'second' });
    await db.calls.put(makeCall());
    await screen.findByRole('list', { name: 'Calls' });
    expect(screen.queryByText('second')).toBeNull();
  });

  it('shows a session-scoped key just its session', async () => {
    await db.connection.put(makeConnectionRow({ sessionId: 'ses_1' }));
    await db.calls.put(makeCall({ sessionId: 'ses_1' }));
    await db.calls.put(makeCall({ localId: 'other', sessionId: 'ses_2', agentName: ut('Other agent') }));
    renderApp();
    await screen.findByRole('heading', { name: 'Your session' });
    expect(screen.queryByRole('button', { name: 'Find' })).toBeNull();
    const calls = await screen.findByRole('list', { name: 'Calls' });
    expect(calls.textContent).toContain('Postgres helper');
    expect(calls.textContent).not.toContain('Other agent');
  });

  it('offers to continue a call draft kept from a closed panel', async () => {
    await db.connection.put(makeConnectionRow());
    await fakeBrowser.storage.session.set({
      'panel:callDraft': { agentId: 'ag_1', agentName: ut('Postgres helper'), callId: 'apply', details: 'kept text', question: '', maxDollars: '', subject: null },
    });
    const { actions } = fakeActions({ preview: () => ({ ok: true, value: { preview: makePreview() } }) });
    renderApp(actions);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue it' }));
    expect(((await screen.findByRole('textbox', { name: /^Details/ })) as HTMLTextAreaElement).value).toBe('kept text');
  });
});
