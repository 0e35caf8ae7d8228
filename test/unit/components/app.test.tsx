// @vitest-environment happy-dom
import { sessionRow } from '@/lib/db/session-row';
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/components/App';
import { SHOW_VIEW_WITHIN_MS } from '@/components/router';
import { sessionQuery } from '@/lib/db/panel-queries';
import { ActionsContext, type PanelActions } from '@/components/common/actions';
import { db } from '@/lib/db';
import { FOCUS_SESSION_KEY, SELECTION_SESSION_KEY } from '@/lib/protocol/handoffs';
import { session } from '@/test/unit/plan/fixtures';
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

/** Every status the panel shows from now on (a view loading, say), until the returned function is called. */
function watchStatuses(): () => string[] {
  const seen: string[] = [];
  const watch = new MutationObserver(() => {
    for (const status of document.querySelectorAll('[role="status"]')) seen.push(status.textContent ?? '');
  });
  watch.observe(document.body, { subtree: true, childList: true, characterData: true });
  return () => {
    watch.disconnect();
    return seen;
  };
}

/** A connected panel on its Sessions tab, with one cached session (Shop Builder): its "Open session" button. */
async function showSessions(): Promise<HTMLElement> {
  await db.connection.put(makeConnectionRow());
  await db.sessions.put(sessionRow(session({ sessionId: 's1', untrustedAgentName: ut('Shop Builder') }), 'x'));
  renderApp();
  fireEvent.click(await screen.findByRole('button', { name: 'Sessions' }));
  return screen.findByRole('button', { name: /^Open session/ });
}

describe('App routing', () => {
  it('shows the connect form when nothing is connected', async () => {
    renderApp();
    await screen.findByRole('heading', { name: 'Connect to your site' });
  });

  it('first shows the connection’s name, the connector’s questions and the privacy line', async () => {
    await db.connection.put(
      makeConnectionRow({ privacyLineShown: false, env: [{ variable: 'GUILD_DIR', ask: 'Where should files go?' }] }),
    );
    const { actions, sent } = fakeActions();
    renderApp(actions);
    await screen.findByRole('heading', { name: /^Connected as “\s?My laptop\s?”$/ });
    expect(screen.getByRole('region', { name: 'Settings your connector still needs' }).textContent).toContain(
      'Where should files go?',
    );
    fireEvent.click(screen.getByRole('button', { name: 'I have read this' }));
    expect(sent.map((s) => s.name)).toContain('markPrivacyLineShown');
    expect(screen.getByRole('heading', { name: 'Find AI Agents' })).toBeTruthy();
  });

  it('says why a new code is needed when the key was kept only until the browser closed', async () => {
    await db.connection.put(
      makeConnectionRow({
        status: 'disconnected',
        error: {
          code: 'key_not_kept',
          message: 'The key was kept only until the browser closed.',
          nextStep: { kind: 'reconnect' },
          extras: {},
        },
      }),
    );
    renderApp();
    await screen.findByText('The key was kept only until the browser closed.');
    expect((screen.getByRole('textbox', { name: 'Site address' }) as HTMLInputElement).value).toBe(
      'http://127.0.0.1:8787',
    );
  });

  it('asks for a new code after the connection was revoked, keeping the site', async () => {
    await db.connection.put(makeConnectionRow({ status: 'revoked' }));
    renderApp();
    await screen.findByRole('heading', { name: /^Connection “\s?My laptop\s?” was revoked$/ });
    expect(screen.getByRole('button', { name: 'Open the site to make a new connect code' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Site address' }) as HTMLInputElement).value).toBe(
      'http://127.0.0.1:8787',
    );
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
    const { actions } = fakeActions({
      preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }),
    });
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
    await fakeBrowser.storage.session.set({
      [FOCUS_SESSION_KEY]: { localId: call.localId, at: '2026-05-01T10:05:00.000Z' },
    });
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
    await fakeBrowser.storage.session.set({
      [FOCUS_SESSION_KEY]: { localId: call.localId, at: '2026-05-01T10:05:00.000Z' },
    });
    await screen.findByText('Later result.');
  });

  it('brings a selection from the menu forward at once, then its cards', async () => {
    await db.connection.put(makeConnectionRow());
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Connection' }));
    await screen.findByRole('heading', { name: /^Connection “\s?My laptop\s?”$/ });
    await fakeBrowser.storage.session.set({
      [SELECTION_SESSION_KEY]: {
        requestId: 'r2',
        text: 'from a selection',
        cut: true,
        source: 'menu',
        at: '2026-05-01T10:03:00.000Z',
        error: null,
      },
    });
    await screen.findByText('from a selection');
    expect(screen.getByText('Finding agents…')).toBeTruthy();
    expect(screen.getByText(/was cut on a word boundary/)).toBeTruthy();
    await db.finds.add({
      requestId: 'r2',
      text: 'from a selection',
      cut: true,
      source: 'menu',
      status: 'done',
      agents: [makeCard()],
      error: null,
      at: '2026-05-01T10:03:00.000Z',
      doneAt: '2026-05-01T10:03:01.000Z',
    });
    await screen.findByRole('button', { name: 'Preview a call to Postgres helper' });
  });

  it('says why a selection was refused, with nothing sent', async () => {
    await db.connection.put(makeConnectionRow());
    renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    await fakeBrowser.storage.session.set({
      [SELECTION_SESSION_KEY]: {
        requestId: 'r3',
        text: 'ab',
        cut: false,
        source: 'shortcut',
        at: '2026-05-01T10:04:00.000Z',
        error: {
          code: 'selection_too_short',
          message: 'Select at least 3 characters to find AI Agents for them.',
          extras: {},
        },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Select at least 3 characters');
    expect(screen.getByRole('heading', { name: 'From your selection (shortcut)' })).toBeTruthy();
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
    await screen.findByText(/^No calls yet\./);
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

  it('opens a session with its row: no loading step between the list and the session', async () => {
    // The first open loads the view's code; the member's later opens are the ones to see no loading step.
    fireEvent.click(await showSessions());
    await screen.findByRole('heading', { level: 1, name: 'Shop Builder' });
    fireEvent.click(screen.getByRole('button', { name: 'Sessions' }));
    const open = await screen.findByRole('button', { name: /^Open session/ });
    const statuses = watchStatuses();
    fireEvent.click(open);
    await screen.findByRole('heading', { level: 1, name: 'Shop Builder' });
    // The plan is read after the session is shown ("Loading the plan…"); the session itself is never loading.
    expect(statuses().filter((text) => text.includes('Loading the session'))).toEqual([]);
  });

  it('opens the history with its first page: no loading step between the tab and the calls', async () => {
    await db.connection.put(makeConnectionRow());
    await db.calls.put(makeCall({ localId: 'c1', agentName: ut('Postgres helper') }));
    renderApp();
    // The first open loads the view's code; the member's later opens are the ones to see no loading step.
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    await screen.findByRole('list', { name: 'Calls, newest first' });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    const statuses = watchStatuses();
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const list = await screen.findByRole('list', { name: 'Calls, newest first' });
    expect(list.textContent).toContain('Postgres helper');
    expect(statuses().filter((text) => text.includes('Loading the history'))).toEqual([]);
  });

  it('a move the member makes while a session is being opened stands', async () => {
    fireEvent.click(await showSessions());
    // Before the session's row is in, the member goes to Find.
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    await new Promise((resolve) => setTimeout(resolve, SHOW_VIEW_WITHIN_MS * 2));
    expect(screen.queryByRole('heading', { level: 1, name: 'Shop Builder' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Find AI Agents' })).toBeTruthy();
  });

  it('a session whose row is slow to read shows its view loading, not the list, after a moment', async () => {
    const open = await showSessions();
    const slow = vi.spyOn(sessionQuery, 'raw').mockReturnValue(() => new Promise(() => undefined));
    try {
      fireEvent.click(open);
      await screen.findByText('Loading the session…', {}, { timeout: SHOW_VIEW_WITHIN_MS * 10 });
      expect(screen.queryByRole('list', { name: 'Sessions' })).toBeNull();
    } finally {
      slow.mockRestore();
    }
  });

  it('says when the site cannot be reached, and keeps showing what is known', async () => {
    await db.connection.put(makeConnectionRow());
    await db.ui.put({
      key: 'background',
      offline: true,
      offlineSince: '2026-05-01T10:00:00.000Z',
      error: null,
      pausedUntil: null,
      updatedAt: '2026-05-01T10:00:00.000Z',
    });
    renderApp();
    await screen.findByText(/The site cannot be reached right now/);
    expect(screen.getByRole('heading', { name: 'Find AI Agents' })).toBeTruthy();
  });

  it('offers to continue a call draft kept from a closed panel', async () => {
    await db.connection.put(makeConnectionRow());
    await fakeBrowser.storage.local.set({
      'panel:callDraft': {
        agentId: 'ag_1',
        agentName: ut('Postgres helper'),
        callId: 'apply',
        details: 'kept text',
        question: '',
        maxDollars: '',
        subject: null,
      },
    });
    const { actions } = fakeActions({
      preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }),
    });
    renderApp(actions);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue it' }));
    expect(((await screen.findByRole('textbox', { name: /^Details/ })) as HTMLTextAreaElement).value).toBe('kept text');
  });
});
