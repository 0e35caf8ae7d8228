// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FindView } from '@/components/find/FindView';
import type { ChosenAgent } from '@/components/preview/draft';
import { db } from '@/lib/db';
import type { FindRow } from '@/lib/db/tables/finds';
import { expectInert, fakeActions, HOSTILE, makeCall, ut } from './fixtures';
import { renderPanel } from './render-panel';

function typed(text: string, minute: number, over: Partial<FindRow> = {}): FindRow {
  const at = new Date(Date.UTC(2026, 4, 1, 10, minute)).toISOString();
  return {
    requestId: crypto.randomUUID(),
    text,
    cut: false,
    source: 'panel',
    status: 'done',
    agents: [],
    error: null,
    at,
    doneAt: at,
    ...over,
  };
}

const minute = (i: number) => new Date(Date.UTC(2026, 4, 1, 11, i)).toISOString();

function withShortcut(shortcut: string | null) {
  Object.assign(fakeBrowser, {
    commands: {
      getAll: vi.fn(async () => (shortcut === null ? [] : [{ name: 'find-selection', shortcut }])),
    },
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  withShortcut('Alt+Shift+F');
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('Find before a search', () => {
  it('on an empty Find: the field first, then how to search from a page with the shortcut the browser reports', async () => {
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const hint = await screen.findByText(/Select text on a page/);
    await waitFor(() => expect(hint.textContent).toContain('Alt+Shift+F'));
    expect(hint.textContent).toBe(
      'Select text on a page, right-click it and choose “Find AI Agents for …”, or press Alt+Shift+F.',
    );
    expect(hint.querySelector('kbd')?.textContent).toBe('Alt+Shift+F');
    // The field comes before the hint in the page's order (the first screen's main action).
    const field = screen.getByRole('textbox', { name: 'What do you need?' });
    expect(field.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your recent searches' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Agents you called' })).toBeNull();
  });

  it('with no shortcut set, the line names the menu only', async () => {
    withShortcut('');
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const hint = await screen.findByText(/Select text on a page/);
    await new Promise((r) => setTimeout(r, 20));
    expect(hint.textContent).toBe('Select text on a page, right-click it and choose “Find AI Agents for …”.');
  });

  it('lists the recent searches (not the one shown), and one searches again from the field', async () => {
    await db.finds.bulkAdd([
      typed('set up a postgres replica', 0),
      typed('a page’s selected text', 1, { source: 'menu' }),
      typed('tune my LIKE index', 2),
      typed('write a migration', 3),
    ]);
    const { actions, sent } = fakeActions({ find: () => ({ ok: true, value: { findId: 9, requestId: 'r' } }) });
    renderPanel(<FindView onChoose={() => undefined} />, actions);
    const recent = await screen.findByRole('region', { name: 'Your recent searches' });
    const buttons = within(recent).getAllByRole('button');
    // Newest first; the latest ("write a migration") is the find shown above, so it is not listed again.
    expect(buttons.map((b) => b.textContent)).toEqual(['tune my LIKE index', 'set up a postgres replica']);
    fireEvent.click(within(recent).getByRole('button', { name: 'tune my LIKE index' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'find', payload: { text: 'tune my LIKE index' } }]));
    expect((screen.getByRole('textbox', { name: 'What do you need?' }) as HTMLTextAreaElement).value).toBe(
      'tune my LIKE index',
    );
  });

  it('gives way to the agents found while the field holds a search, and comes back when it is emptied', async () => {
    await db.finds.bulkAdd([typed('set up a postgres replica', 0), typed('write a migration', 1)]);
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByRole('region', { name: 'Your recent searches' });
    const field = screen.getByRole('textbox', { name: 'What do you need?' });
    fireEvent.input(field, { target: { value: 'write a migration' } });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your recent searches' })).toBeNull());
    fireEvent.input(field, { target: { value: '' } });
    await screen.findByRole('region', { name: 'Your recent searches' });
  });

  it('a long search shows on one line, the whole text in its title', async () => {
    const long = `deploy ${'a very long request '.repeat(10)}`.trim();
    await db.finds.bulkAdd([typed(long, 0), typed('the latest', 1)]);
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const recent = await screen.findByRole('region', { name: 'Your recent searches' });
    const button = within(recent).getByRole('button');
    expect(button.textContent?.endsWith('…')).toBe(true);
    expect(Array.from(button.textContent ?? '').length).toBeLessThanOrEqual(80);
    expect(button.getAttribute('title')).toBe(long);
  });

  it('lists the agents called as text, and one opens its preview', async () => {
    await db.calls.bulkPut([
      makeCall({ localId: 'c0', createdAt: minute(0), request: { agentId: 'ag_a', callId: 'apply' } }),
      ...HOSTILE.map((name, i) =>
        makeCall({
          localId: `h${i}`,
          createdAt: minute(1 + i),
          request: { agentId: `ag_h${i}`, callId: 'apply' },
          agentName: ut(name),
        }),
      ),
    ]);
    const chosen: ChosenAgent[] = [];
    const { container } = renderPanel(<FindView onChoose={(a) => chosen.push(a)} />, fakeActions().actions);
    const called = await screen.findByRole('region', { name: 'Agents you called' });
    expect(called.textContent).toContain('Choose one to preview a new call.');
    const buttons = within(called).getAllByRole('button');
    // At most five, newest first; each name as the characters it is.
    expect(buttons.map((b) => b.textContent)).toEqual(HOSTILE.slice(2).reverse());
    expectInert(container);
    fireEvent.click(buttons[0]!);
    expect(chosen).toEqual([{ agentId: 'ag_h6', untrustedName: ut(HOSTILE[6]!) }]);
  });

  it('an agent called without a name reads "(no name)" and still opens', async () => {
    await db.calls.put(makeCall({ agentName: null }));
    const chosen: ChosenAgent[] = [];
    renderPanel(<FindView onChoose={(a) => chosen.push(a)} />, fakeActions().actions);
    const called = await screen.findByRole('region', { name: 'Agents you called' });
    fireEvent.click(within(called).getByRole('button', { name: '(no name)' }));
    expect(chosen).toEqual([{ agentId: 'ag_1', untrustedName: null }]);
  });

  it('with "Remember my recent searches" off: neither list, only how to search from a page', async () => {
    await db.finds.bulkAdd([typed('set up a postgres replica', 0), typed('the latest', 1)]);
    await db.calls.put(makeCall());
    await db.settings.put({ key: 'rememberSearches', value: false });
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    await screen.findByText(/Select text on a page/);
    await new Promise((r) => setTimeout(r, 30));
    expect(screen.queryByRole('region', { name: 'Your recent searches' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Agents you called' })).toBeNull();
    expect(screen.queryByText('Postgres helper')).toBeNull();
  });
});
