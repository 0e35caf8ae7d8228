// @vitest-environment happy-dom
import { sessionRow } from '@/lib/db/session-row';
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/components/App';
import { SHOW_VIEW_WITHIN_MS } from '@/components/router';
import { sessionQuery } from '@/lib/db/panel-queries';
import { ActionsContext, type PanelActions } from '@/components/common/actions';
import { db } from '@/lib/db';
import { FOCUS_SESSION_KEY, SELECTION_SESSION_KEY } from '@/lib/protocol/handoffs';
import { session } from '@/test/unit/plan/fixtures';
import { fakeActions, makeCall, makeCard, makeConnectionRow, makeMe, makePreview, makeResult, ut } from './fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

/** The first wait for a view loaded when first shown (Calls): its module is transformed then, slow on a busy machine. */
const FIRST_LOAD = { timeout: 5000 };

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

  it('right after connecting, one step with the name and the privacy line; once continued it is gone', async () => {
    await db.connection.put(
      makeConnectionRow({
        privacyLineShown: false,
        env: [{ variable: 'GUILD_API_KEY', ask: 'Where is the key kept?' }],
      }),
    );
    const { actions, sent } = fakeActions();
    renderApp(actions);
    await screen.findByRole('heading', { name: /^Connected as “\s?My laptop\s?”$/ });
    expect(screen.getByRole('heading', { name: 'Who receives your calls’ details' })).toBeTruthy();
    expect(screen.getByText('The agent’s builders receive your call’s details.')).toBeTruthy();
    // The connector's settings are a script's (the extension keeps the key itself): not asked here.
    expect(screen.queryByText(/Where is the key kept/)).toBeNull();
    // The step stands in the first view's place, not above it; the tabs stay.
    expect(screen.queryByRole('heading', { name: 'Find AI Agents' })).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Panel sections' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Find' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(sent.map((s) => s.name)).toEqual(['markPrivacyLineShown']));
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    // The background records it; the step does not come back, and nothing sits above the view.
    await db.connection.update('current', { privacyLineShown: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('heading', { name: /^Connected as/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(screen.queryByText('The agent’s builders receive your call’s details.')).toBeNull();
  });

  it('moves on from the step when the member opens a tab, recording the line was shown', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: false }));
    const { actions, sent } = fakeActions();
    renderApp(actions);
    await screen.findByRole('heading', { name: /^Connected as/ });
    fireEvent.click(screen.getByRole('button', { name: 'Calls' }));
    await screen.findByRole('heading', { name: 'Calls' }, FIRST_LOAD);
    expect(screen.queryByRole('heading', { name: /^Connected as/ })).toBeNull();
    expect(sent.map((s) => s.name)).toEqual(['markPrivacyLineShown']);
  });

  it('moves on from the step to a selection found from the menu', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: false }));
    renderApp();
    await screen.findByRole('heading', { name: /^Connected as/ });
    await fakeBrowser.storage.session.set({
      [SELECTION_SESSION_KEY]: {
        requestId: 'r9',
        text: 'a selection after connecting',
        cut: false,
        source: 'menu',
        at: '2026-05-01T10:03:00.000Z',
        error: null,
      },
    });
    await screen.findByText('a selection after connecting');
    expect(screen.queryByRole('heading', { name: /^Connected as/ })).toBeNull();
  });

  it('shows the privacy line before any call: the step waits for it while the connection is being read', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: false, privacyLine: null, me: null, meAt: null }));
    renderApp();
    await screen.findByRole('heading', { name: /^Connected as/ });
    expect(screen.getByRole('status').textContent).toBe('Loading the connection…');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    await db.connection.update('current', { me: makeMe(), privacyLine: 'Builders receive your details.' });
    await screen.findByRole('button', { name: 'Continue' });
    expect(screen.getByText('Builders receive your details.')).toBeTruthy();
  });

  it('does not bring the step back when the first call’s answer carries the privacy line again', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: true }));
    renderApp();
    const heading = await screen.findByRole('heading', { name: 'Find AI Agents' });
    await db.calls.put(makeCall({ privacyLine: 'Builders receive your details.' }));
    await db.connection.update('current', { privacyLineShown: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The same view stayed up all along: not taken down while it was looked up whether the step is due.
    expect(heading.isConnected).toBe(true);
    expect(screen.queryByRole('heading', { name: /^Connected as/ })).toBeNull();
  });

  it('skips the step in a panel opened after a call went through this connection', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: false }));
    await db.calls.put(makeCall());
    renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    expect(screen.queryByRole('heading', { name: /^Connected as/ })).toBeNull();
  });

  it('shows the step for a new connection even with calls of an earlier one in the history', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: false, connectionId: 'con_2' }));
    await db.calls.put(makeCall({ connectionId: 'con_1' }));
    renderApp();
    await screen.findByRole('heading', { name: /^Connected as/ });
  });

  it('says the connection’s name and what it can spend in one line above the tabs', async () => {
    await db.connection.put(makeConnectionRow());
    const first = renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    // Shown once the calls are read and none moved the balance after GET /me was read.
    await waitFor(() =>
      expect(document.querySelector('header.panel-header')?.textContent).toBe('My laptop$15.00 to spend'),
    );
    first.unmount();
    // Before GET /me was read, nothing is said about credits (never a guess).
    await db.connection.put(makeConnectionRow({ me: null, meAt: null }));
    renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    expect(document.querySelector('header.panel-header')?.textContent).toBe('My laptop');
  });

  it('never shows a balance read before the last call moved it as what there is to spend now', async () => {
    // GET /me read at 10:00; a call charged at 10:05: that figure is not the balance now.
    await db.connection.put(makeConnectionRow());
    await db.calls.put(makeCall({ state: 'finished', result: makeResult(), finishedAt: '2026-05-01T10:05:00.000Z' }));
    renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    const header = () => document.querySelector('header.panel-header')?.textContent;
    // Read again after it (the worker's read after the end): shown.
    await db.connection.update('current', { meAt: '2026-05-01T10:05:01.000Z', me: makeMe() });
    await waitFor(() => expect(header()).toBe('My laptop$15.00 to spend'));
    // Another call starts (its 202 holds its limit): the figure goes until the balance is read again.
    await db.calls.put(
      makeCall({ localId: 'c2', runId: 'run_2', state: 'started', startedAt: '2026-05-01T10:06:00.000Z' }),
    );
    await waitFor(() => expect(header()).toBe('My laptop'));
  });

  it('has five sections: four labelled tabs and a More menu for share and the connection', async () => {
    await db.connection.put(makeConnectionRow());
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Panel sections' });
    const tabs = within(nav).getAllByRole('button');
    // One Calls section: its list, search, spending and export; no History beside it.
    expect(tabs.map((b) => b.textContent)).toEqual(['Find', 'Calls', 'Sessions', 'Findings', 'More']);
    const more = within(nav).getByRole('button', { name: 'More' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    const menu = screen.getByRole('menu');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Share', 'Connection']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Connection' }));
    await screen.findByRole('heading', { name: /^Connection “\s?My laptop\s?”$/ });
    expect(screen.queryByRole('menu')).toBeNull();
    // The view on screen is under More: More is the current tab.
    expect(more.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Find' }).getAttribute('aria-current')).toBeNull();
  });

  it('works the More menu by keyboard: arrows move, Escape closes back to its button, Enter opens', async () => {
    await db.connection.put(makeConnectionRow());
    renderApp();
    const more = await screen.findByRole('button', { name: 'More' });
    more.focus();
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Share'));
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Connection');
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Share');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Connection');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Share');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('Connection');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    // Up opens it on its last item; Enter on an item (a button's click) opens that view.
    fireEvent.keyDown(more, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Connection'));
    fireEvent.click(document.activeElement as HTMLElement);
    await screen.findByRole('heading', { name: /^Connection “\s?My laptop\s?”$/ });
    // Tab leaves an open menu closed behind it.
    fireEvent.click(more);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Tab' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes the More menu on a click elsewhere', async () => {
    await db.connection.put(makeConnectionRow());
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'More' }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(screen.getByRole('heading', { name: 'Find AI Agents' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('keeps the two tabs of a session-scoped key, without a More menu', async () => {
    await db.connection.put(makeConnectionRow({ sessionId: 'ses_1' }));
    renderApp();
    const nav = await screen.findByRole('navigation', { name: 'Panel sections' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Session', 'Connection']);
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
    fireEvent.click(screen.getByRole('button', { name: '← Back' }));
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
    fireEvent.click(await screen.findByRole('button', { name: 'More' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Connection' }));
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
    expect(screen.getByText(/so it was shortened/)).toBeTruthy();
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
    expect(screen.getByRole('heading', { name: 'From your selection' })).toBeTruthy();
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
    await screen.findByText(/^No calls yet\./, {}, FIRST_LOAD);
    await db.finds.add({ ...find, requestId: 'r2', text: 'second' });
    await db.calls.put(makeCall());
    await screen.findByRole('list', { name: 'Calls, newest first' });
    expect(screen.queryByText('second')).toBeNull();
  });

  it('shows a session-scoped key just its session', async () => {
    await db.connection.put(makeConnectionRow({ sessionId: 'ses_1' }));
    await db.calls.put(makeCall({ sessionId: 'ses_1' }));
    await db.calls.put(makeCall({ localId: 'other', sessionId: 'ses_2', agentName: ut('Other agent') }));
    renderApp();
    await screen.findByRole('heading', { name: 'Your session' }, FIRST_LOAD);
    expect(screen.queryByRole('button', { name: 'Find' })).toBeNull();
    const calls = await screen.findByRole('list', { name: 'Calls, newest first' });
    expect(calls.textContent).toContain('Postgres helper');
    expect(calls.textContent).not.toContain('Other agent');
    // Its session and its calls, with none of the list's search or spending (the key reaches this session only).
    expect(screen.getByRole('button', { name: 'Open the session: questions, plan and results' })).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
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

  it('opens the calls with their first page: no loading step between the tab and the calls', async () => {
    await db.connection.put(makeConnectionRow());
    await db.calls.put(makeCall({ localId: 'c1', agentName: ut('Postgres helper') }));
    renderApp();
    // The first open loads the view's code; the member's later opens are the ones to see no loading step.
    fireEvent.click(await screen.findByRole('button', { name: 'Calls' }));
    await screen.findByRole('list', { name: 'Calls, newest first' }, FIRST_LOAD);
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    const statuses = watchStatuses();
    fireEvent.click(screen.getByRole('button', { name: 'Calls' }));
    const list = await screen.findByRole('list', { name: 'Calls, newest first' });
    expect(list.textContent).toContain('Postgres helper');
    expect(statuses().filter((text) => text.includes('Loading calls'))).toEqual([]);
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
    await screen.findByText(/The site can’t be reached/);
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
