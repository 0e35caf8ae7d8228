// @vitest-environment happy-dom
// Search in the calls as the member sees it (issues 42 and 56): one field, results after a pause in typing, the
// words marked in each row, the answer's untrusted note shown as text, the filters kept, an empty result said.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallsTab } from '@/components/calls/CallsTab';
import { type CallRow, db } from '@/lib/db';
import { SEARCH_DEBOUNCE_MS, SEARCH_WINDOW } from '@/lib/history/search-pace';
import { fakeActions, makeCall, makeResult, ut } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function call(id: string, minutes: number, over: Partial<CallRow> = {}, request: Partial<CallRow['request']> = {}) {
  const c = makeCall({ localId: id, createdAt: ago(minutes), finishedAt: ago(minutes), ...over });
  return { ...c, request: { ...c.request, callId: 'question', question: null, details: '', ...request } };
}

const ATTACK = '<img src=x onerror="globalThis.__pwned=1">';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.calls.bulkPut([
    call('pg', 10, {
      agentName: ut('Postgres Guild'),
      result: makeResult({ note: ut(`Add a LIKE index on the name column. ${ATTACK}`) }),
    }),
    call(
      'shop',
      20,
      { agentName: ut('Shop Builder'), result: makeResult({ note: ut('Use the hosted checkout.') }) },
      {
        agentId: 'ag_shop',
        question: 'Which payment provider fits a small shop?',
      },
    ),
    call('pg-failed', 30, {
      agentName: ut('Postgres Guild'),
      result: makeResult({ status: 'failed', note: ut('The like index could not be read.') }),
    }),
  ]);
});
afterEach(cleanup);

function renderCalls() {
  const opened: string[] = [];
  const actions = fakeActions({
    spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: 0, at: 'x' } }),
  }).actions;
  renderPanel(<CallsTab onOpenCall={(id) => opened.push(id)} onOpenSession={() => undefined} />, actions);
  return opened;
}

const field = () => screen.getByRole('searchbox', { name: 'Search your calls' });
const type = (words: string) => fireEvent.input(field(), { target: { value: words } });
// The search's own status line (the spending below has its own).
const searchStatus = () => document.querySelector('.history-search-status[role="status"]')?.textContent;
const results = () => screen.findByRole('list', { name: 'Calls that match, newest first' });

describe('Calls search', () => {
  it('finds a call by a word of its answer and marks the word in the row', async () => {
    const opened = renderCalls();
    await screen.findByRole('list', { name: 'Calls, newest first' });
    type('like');
    const rows = within(await results()).getAllByRole('button');
    expect(rows).toHaveLength(2);
    // Nothing typed for this call: its kind stands first; the answer's words found are shown under the row.
    expect(rows[0]?.textContent).toMatch(/^Question Postgres Guild · Passed · .*Answer: Add a LIKE index on the name/);
    expect([...rows[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['LIKE']);
    expect([...rows[1]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['like']);
    fireEvent.click(rows[0]!);
    expect(opened).toEqual(['pg']);
  });

  it('finds a call by its agent and by its question', async () => {
    renderCalls();
    type('shop builder');
    let rows = within(await results()).getAllByRole('button');
    expect(rows).toHaveLength(1);
    // In the question that leads the row, and in the name; the question is not said a second time under it.
    expect([...rows[0]!.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['shop', 'Shop', 'Builder']);
    expect(rows[0]?.textContent).toMatch(/^Which payment provider fits a small shop\? Shop Builder · Passed · /);
    expect(rows[0]?.textContent).not.toContain('Asked:');
    type('payment');
    await waitFor(() => expect(searchStatus()).toBe(''));
    rows = within(await results()).getAllByRole('button');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.querySelector('.call-asked')?.textContent).toBe('Which payment provider fits a small shop?');
    expect(rows[0]?.querySelector('mark')?.textContent).toBe('payment');
  });

  it('shows an answer’s markup as the characters it is, never as HTML', async () => {
    renderCalls();
    type('onerror');
    const row = within(await results()).getByRole('button');
    expect(row.textContent).toContain('<img src=x onerror="globalThis.__pwned=1">');
    expect(row.querySelector('mark')?.textContent).toBe('onerror');
    expect(document.querySelector('img')).toBeNull();
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('searches after a pause in typing and says it is searching meanwhile', async () => {
    renderCalls();
    await screen.findByRole('list', { name: 'Calls, newest first' });
    const start = performance.now();
    type('p');
    type('pay');
    // At once: the words are heard, the old list is gone, nothing is claimed found yet.
    expect(searchStatus()).toBe('Searching…');
    expect(screen.queryByRole('list', { name: 'Calls, newest first' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Calls that match, newest first' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 2));
    type('payment');
    const rows = within(await results()).getAllByRole('button');
    // The search ran for the last words only, a pause after them.
    expect(performance.now() - start).toBeGreaterThanOrEqual(SEARCH_DEBOUNCE_MS * 1.5 - 5);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.querySelector('mark')?.textContent).toBe('payment');
    await waitFor(() => expect(searchStatus()).toBe(''));
  });

  it('works with the agent and status filters', async () => {
    renderCalls();
    await screen.findByRole('list', { name: 'Calls, newest first' });
    fireEvent.change(await screen.findByLabelText('Status'), { target: { value: 'failed' } });
    type('index');
    const rows = within(await results()).getAllByRole('button');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.textContent).toContain('The like index could not be read.');
    await screen.findByRole('option', { name: 'Shop Builder' });
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: 'ag_shop' } });
    expect(
      await screen.findByText('No call matches “index” with this agent and status. Try other words or filters.'),
    ).toBeTruthy();
  });

  it('says in words when nothing matches, and clearing the search shows every call again', async () => {
    renderCalls();
    type('zebra');
    expect(await screen.findByText('No call matches “zebra”.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect((field() as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(field());
    expect(
      within(await screen.findByRole('list', { name: 'Calls, newest first' })).getAllByRole('button'),
    ).toHaveLength(3);
  });

  it('says how far back it searched when more are cached, and searches older calls when asked', async () => {
    await db.calls.bulkPut(
      Array.from({ length: SEARCH_WINDOW }, (_, i) => call(`n${i}`, 40 + i, { agentName: ut('Shop Builder') })),
    );
    await db.calls.put(call('oldest', 40 + SEARCH_WINDOW, { result: makeResult({ note: ut('A rare answer.') }) }));
    renderCalls();
    type('rare');
    expect(await screen.findByText('No call matches “rare”.')).toBeTruthy();
    await waitFor(() => expect(searchStatus()).toBe('Searched your latest 1,000 calls.'));
    fireEvent.click(screen.getByRole('button', { name: 'Search older calls' }));
    const row = within(await results()).getByRole('button');
    expect(row.querySelector('mark')?.textContent).toBe('rare');
    await waitFor(() => expect(searchStatus()).toBe(''));
    expect(screen.queryByRole('button', { name: 'Search older calls' })).toBeNull();
  });
});
