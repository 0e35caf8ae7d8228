// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/components/App';
import { ActionsContext, type PanelActions } from '@/components/common/actions';
import { ShortcutList } from '@/components/common/ShortcutList';
import { escapeMeaning, isApple, isBackKey, isSubmitKey, submitKeyProps } from '@/components/common/useShortcut';
import { type CallDraft, loadDraft } from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import { StatusView } from '@/components/status/StatusView';
import { Welcome } from '@/components/welcome/Welcome';
import { db } from '@/lib/db';
import { sessionRow } from '@/lib/db/session-row';
import { FOCUS_SESSION_KEY } from '@/lib/protocol/handoffs';
import { session } from '@/test/unit/plan/fixtures';
import { fakeActions, makeCall, makeCard, makeConnectionRow, makePreview, makeResult, ut } from './fixtures';
import { renderPanel } from './render-panel';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });

describe('the keys, as read from a key press', () => {
  it('tells an Apple keyboard by userAgentData or platform', () => {
    expect(isApple({ userAgentData: { platform: 'macOS' } })).toBe(true);
    expect(isApple({ platform: 'MacIntel' })).toBe(true);
    expect(isApple({ platform: 'Win32' })).toBe(false);
    expect(isApple({ userAgentData: { platform: 'Linux' }, platform: 'Linux x86_64' })).toBe(false);
    expect(isApple({})).toBe(false);
  });

  it('writes the submit key as the member’s keyboard has it, in the title and for assistive technology', () => {
    expect(submitKeyProps(false)).toEqual({ title: 'Ctrl+Enter', 'aria-keyshortcuts': 'Control+Enter' });
    expect(submitKeyProps(true)).toEqual({ title: '⌘+Enter', 'aria-keyshortcuts': 'Meta+Enter' });
  });

  it('takes Ctrl+Enter or ⌘+Enter, not Enter alone, not with Shift or Alt, not while an input method composes', () => {
    expect(isSubmitKey(key({ key: 'Enter', ctrlKey: true }))).toBe(true);
    expect(isSubmitKey(key({ key: 'Enter', metaKey: true }))).toBe(true);
    expect(isSubmitKey(key({ key: 'Enter' }))).toBe(false);
    expect(isSubmitKey(key({ key: 'Enter', ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSubmitKey(key({ key: 'Enter', ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSubmitKey(key({ key: 'Enter', ctrlKey: true, isComposing: true }))).toBe(false);
  });

  it('takes Escape as back, unless something has used it or a menu or dialog is open', () => {
    expect(isBackKey(key({ key: 'Escape' }))).toBe(true);
    expect(isBackKey(key({ key: 'Enter' }))).toBe(false);
    expect(isBackKey(key({ key: 'Escape', isComposing: true }))).toBe(false);
    const used = key({ key: 'Escape' });
    used.preventDefault();
    expect(isBackKey(used)).toBe(false);
    for (const role of ['menu', 'dialog', 'alertdialog']) {
      const layer = document.body.appendChild(document.createElement('div'));
      layer.setAttribute('role', role);
      expect(isBackKey(key({ key: 'Escape' }))).toBe(false);
      layer.remove();
    }
  });

  it('never leaves from a field whose typed text is not kept: the field lets go first', () => {
    const area = document.body.appendChild(document.createElement('div'));
    const box = area.appendChild(document.createElement('textarea'));
    const press = () => {
      const event = key({ key: 'Escape' });
      box.dispatchEvent(event);
      return escapeMeaning(event);
    };
    expect(press()).toBe('back');
    box.value = 'a follow-up being typed';
    expect(press()).toBe('field');
    area.setAttribute('data-text-kept', '');
    expect(press()).toBe('back');
    area.remove();
  });

  it('leaves the Escape that empties a search box to the box', () => {
    const box = document.body.appendChild(document.createElement('input'));
    box.type = 'search';
    box.value = 'LIKE index';
    const inBox = key({ key: 'Escape' });
    box.dispatchEvent(inBox);
    expect(isBackKey(inBox)).toBe(false);
    box.value = '';
    const empty = key({ key: 'Escape' });
    box.dispatchEvent(empty);
    expect(isBackKey(empty)).toBe(true);
    box.remove();
  });
});

const DRAFT: CallDraft = {
  agentId: 'ag_1',
  agentName: ut('Postgres helper'),
  callId: 'apply',
  details: '',
  question: '',
  maxDollars: '',
  subject: null,
  intentId: 'intent-1',
};

function previewSetup() {
  const started: string[] = [];
  const fake = fakeActions({
    preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }),
    startCall: (p) => ({ ok: true, value: { localId: (p as { localId: string }).localId, state: 'started' } }),
  });
  renderPanel(
    <PreviewView initial={DRAFT} onStarted={(id) => started.push(id)} onBack={() => undefined} />,
    fake.actions,
  );
  return { ...fake, started };
}
const form = () => screen.getByRole('form', { name: 'Start a call' });
const starts = (sent: { name: string }[]) => sent.filter((s) => s.name === 'startCall').length;

describe('Ctrl/⌘+Enter in the preview', () => {
  it('names its key in the Start button’s title, and Escape in the Back button’s', () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Linux x86_64');
    previewSetup();
    const start = screen.getByRole('button', { name: 'Start the call' });
    expect(start.title).toBe('Ctrl+Enter');
    expect(start.getAttribute('aria-keyshortcuts')).toBe('Control+Enter');
    expect(screen.getByRole('button', { name: '← Back' }).title).toBe('Esc');
  });

  it('starts the call from a field once the preview is read, as the Start button does', async () => {
    const { sent, started } = previewSetup();
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    const details = screen.getByRole('textbox', { name: /^Details/ });
    fireEvent.input(details, { target: { value: 'Our database is slow.' } });
    // Still being read for the text typed: the key does nothing yet.
    expect(form().getAttribute('aria-busy')).toBe('true');
    fireEvent.keyDown(details, { key: 'Enter', ctrlKey: true });
    expect(starts(sent)).toBe(0);
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });
    fireEvent.keyDown(details, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(started).toEqual(['intent-1']));
    expect(starts(sent)).toBe(1);
    expect(details.getAttribute('aria-invalid')).toBeNull();
  });

  it('does nothing while the Start button is disabled (a question not typed yet)', async () => {
    const { sent } = previewSetup();
    fireEvent.click(screen.getByRole('radio', { name: /question/i }));
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });
    expect((screen.getByRole('button', { name: /^Start · holds up to/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('textbox', { name: /question/i }), { key: 'Enter', metaKey: true });
    await new Promise((r) => setTimeout(r, 50));
    expect(starts(sent)).toBe(0);
  });

  it('Enter alone in a field starts nothing: it is a new line', async () => {
    const { sent } = previewSetup();
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Start · holds up to/ }).closest('form') as HTMLElement, {
      key: 'Enter',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(starts(sent)).toBe(0);
  });
});

function renderApp(actions: PanelActions) {
  return render(
    <ActionsContext.Provider value={actions}>
      <App />
    </ActionsContext.Provider>,
  );
}

async function openPreviewInApp() {
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
}

describe('Escape in the panel', () => {
  it('goes from the preview back to the agents, keeping what was typed to continue', async () => {
    await openPreviewInApp();
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    const details = screen.getByRole('textbox', { name: /^Details/ });
    fireEvent.input(details, { target: { value: 'kept text' } });
    await waitFor(async () => expect((await loadDraft())?.details).toBe('kept text'));
    fireEvent.keyDown(details, { key: 'Escape' });
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    expect(await screen.findByRole('button', { name: 'Preview a call to Postgres helper' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue it' }));
    expect(((await screen.findByRole('textbox', { name: /^Details/ })) as HTMLTextAreaElement).value).toBe('kept text');
  });

  it('closes an open More menu first, and goes back only at the next press', async () => {
    await openPreviewInApp();
    const more = screen.getByRole('button', { name: 'More' });
    fireEvent.click(more);
    const menu = screen.getByRole('menu');
    fireEvent.keyDown(within(menu).getAllByRole('menuitem')[0] as HTMLElement, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Call Postgres helper' })).toBeTruthy();
    fireEvent.keyDown(more, { key: 'Escape' });
    await screen.findByRole('heading', { name: 'Find AI Agents' });
  });

  it('does not leave while a confirmation asks for an answer', async () => {
    await openPreviewInApp();
    const confirm = document.body.appendChild(document.createElement('div'));
    confirm.setAttribute('role', 'alertdialog');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('heading', { name: 'Call Postgres helper' })).toBeTruthy();
    confirm.remove();
  });

  it('goes from a call to the calls', async () => {
    await db.connection.put(makeConnectionRow());
    const call = makeCall({ result: makeResult({ note: ut('The answer is 42.') }) });
    await db.calls.put(call);
    await fakeBrowser.storage.session.set({
      [FOCUS_SESSION_KEY]: { localId: call.localId, at: '2026-05-01T10:05:00.000Z' },
    });
    renderApp(fakeActions().actions);
    await screen.findByText('The answer is 42.');
    // Text typed in a box of the call view that is not kept (a follow-up, say): the first Escape lets go of it.
    const box = (await screen.findByRole('heading', { level: 1 })).parentElement?.appendChild(
      document.createElement('textarea'),
    ) as HTMLTextAreaElement;
    box.value = 'half a question';
    box.focus();
    fireEvent.keyDown(box, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('The answer is 42.')).toBeTruthy();
    expect(document.activeElement).not.toBe(box);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await screen.findByRole('heading', { name: 'Calls' });
  });

  it('goes from a session to the sessions; on the find view it does nothing', async () => {
    await db.connection.put(makeConnectionRow());
    await db.sessions.put(sessionRow(session({ sessionId: 's1', untrustedAgentName: ut('Shop Builder') }), 'x'));
    renderApp(fakeActions().actions);
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByRole('heading', { name: 'Find AI Agents' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sessions' }));
    fireEvent.click(await screen.findByRole('button', { name: /^Open session/ }));
    const back = await screen.findByRole('button', { name: '← Back' });
    expect(back.title).toBe('Esc');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await screen.findByRole('button', { name: /^Open session/ });
  });
});

describe('the list of keys', () => {
  it('is one click from the Connection view, with the find shortcut the browser has', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32');
    Object.assign(fakeBrowser, {
      commands: { getAll: vi.fn(async () => [{ name: 'find-selection', shortcut: 'Ctrl+Shift+Y' }]) },
    });
    renderPanel(<StatusView row={makeConnectionRow()} />, fakeActions().actions);
    const toggle = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const term = (name: string) => screen.getByText(name, { selector: 'kbd' }).closest('dt')?.nextElementSibling;
    expect(term('Ctrl+Enter')?.textContent).toMatch(/^Starts the call from its preview/);
    expect(term('Esc')?.textContent).toMatch(/^Goes back one step/);
    expect((await screen.findByText('Ctrl+Shift+Y')).closest('dt')?.nextElementSibling?.textContent).toBe(
      'Find AI Agents for the selected text',
    );
    expect(term('Tab, Shift+Tab')).toBeTruthy();
    expect(term('↑ ↓ Home End')?.textContent).toContain('More menu');
  });

  it('falls back to the manifest’s suggestion where the page cannot ask the browser', async () => {
    Object.assign(fakeBrowser, { commands: {} });
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({
      manifest_version: 3,
      name: 'x',
      version: '1',
      commands: { 'find-selection': { suggested_key: { default: 'Alt+Shift+F' } } },
    } as ReturnType<typeof fakeBrowser.runtime.getManifest>);
    render(<ShortcutList withFind />);
    expect(await screen.findByText('Alt+Shift+F', { selector: 'kbd' })).toBeTruthy();
  });

  it('is on the welcome page, with ⌘ on a Mac, the find shortcut said once (in the picture’s caption)', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    Object.assign(fakeBrowser, {
      commands: { getAll: vi.fn(async () => [{ name: 'find-selection', shortcut: 'Alt+Shift+F' }]) },
    });
    render(<Welcome firefox={false} />);
    const card = screen.getByText('Keys for calls and sessions', { selector: 'summary' }).closest('details')!;
    expect(within(card).getByText('⌘+Enter')).toBeTruthy();
    expect(within(card).getByText('Esc')).toBeTruthy();
    expect(within(card).queryByText('Alt+Shift+F')).toBeNull();
    const said = await screen.findAllByText('Alt+Shift+F', { selector: 'kbd' });
    expect(said).toHaveLength(1);
    expect(said[0]?.closest('figcaption')).not.toBeNull();
  });
});
