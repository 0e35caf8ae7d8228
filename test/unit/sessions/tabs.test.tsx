// @vitest-environment happy-dom
import { sessionRow } from '@/lib/db/session-row';
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FindingsTab } from '@/components/findings/FindingsTab';
import { CallsTab } from '@/components/calls/CallsTab';
import { SessionsTab } from '@/components/sessions/SessionsTab';
import { db } from '@/lib/db';
import { formatCents, notReadable } from '@/lib/format/money';
import { readAhead } from '@/lib/db/first-read';
import { HISTORY_PAGE, historyCallsQuery } from '@/lib/history/queries';
import {
  fakeActions,
  makeCall,
  makeConnectionRow,
  makeMe,
  makeResult,
  memberError,
  SITE,
  ut,
} from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { finding } from '@/test/unit/findings/fixtures';
import { session } from '@/test/unit/plan/fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('SessionsTab', () => {
  it('lists cached sessions newest first, and reads sessions of calls never read', async () => {
    await db.sessions.bulkPut([
      sessionRow(
        session({ sessionId: 's1', untrustedAgentName: ut('Older'), lastCallAt: '2026-11-01T09:00:00Z' }),
        'x',
      ),
      sessionRow(
        session({
          sessionId: 's2',
          untrustedAgentName: ut('Newer'),
          lastCallAt: '2026-11-02T09:00:00Z',
          untrustedMovedNote: ut('A contribution left'),
          startedByThisConnection: false,
        }),
        'x',
      ),
    ]);
    await db.calls.put(makeCall({ localId: 'c9', sessionId: 's9' }));
    const { actions, sent } = fakeActions();
    const opened: string[] = [];
    renderPanel(<SessionsTab onOpen={(id) => opened.push(id)} />, actions);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Newer', 'Older']);
    expect(items[0]?.textContent).toContain('A contribution left');
    expect(items[0]?.textContent).toContain('Started elsewhere');
    fireEvent.click(within(items[0] as HTMLElement).getByRole('button', { name: /^Open session/ }));
    expect(opened).toEqual(['s2']);
    await waitFor(() => expect(sent).toEqual([{ name: 'refreshSession', payload: { sessionId: 's9' } }]));
  });
  it('shows 50 sessions at a time, newest first, with a button for the next 50', async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 9, i)).toISOString();
    await db.sessions.bulkPut(
      Array.from({ length: 60 }, (_, i) =>
        sessionRow(session({ sessionId: `s${i}`, untrustedAgentName: ut(`Agent ${i}`), lastCallAt: at(i) }), at(i)),
      ),
    );
    renderPanel(<SessionsTab onOpen={() => undefined} />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const names = () =>
      within(list)
        .getAllByRole('heading')
        .map((h) => h.textContent);
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe('Agent 59');
    expect(names()[49]).toBe('Agent 10');
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    await waitFor(() => expect(names()).toHaveLength(60));
    expect(names()[59]).toBe('Agent 0');
    expect(screen.queryByRole('button', { name: 'Show 50 more' })).toBeNull();
  });
});

describe('FindingsTab', () => {
  it('reads findings on open; a draft waiting has one sign-off button, opened through the site check', async () => {
    await db.findings.bulkPut([
      { findingId: 'f1', finding: finding('f1'), readAt: '2026-11-01T10:00:00Z' },
      { findingId: 'f2', finding: finding('f2'), readAt: '2026-11-01T10:00:00Z' },
    ]);
    const { actions, sent } = fakeActions({ refreshFindings: () => ({ ok: true, value: { count: 2 } }) });
    renderPanel(<FindingsTab row={makeConnectionRow({ me: makeMe({ keepsFindings: true }) })} />, actions);
    await screen.findByRole('heading', { name: 'Waiting for your sign-off' });
    const buttons = screen.getAllByRole('button', { name: 'Sign off on the site' });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    expect(sent.map((s) => s.name)).toEqual(['refreshFindings', 'openSitePage']);
    expect(sent[1]?.payload).toEqual({ url: `${SITE}/findings/drafts/d1` });
  });

  it('says why there are none when findings are not kept, and where the choice is made', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<FindingsTab row={makeConnectionRow({ me: makeMe({ keepsFindings: false }) })} />, actions);
    await screen.findByText(/You chose not to keep what agents research/);
    fireEvent.click(screen.getByRole('button', { name: 'Open your connection on the site' }));
    expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/connections/con_1` } }]);
  });

  it('a session-scoped key reads no findings; the site’s refusal says why too', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<FindingsTab row={makeConnectionRow({ sessionId: 's1' })} />, actions);
    await screen.findByText(/only works for one session/);
    expect(sent).toEqual([]);
    cleanup();
    const refusing = fakeActions({
      refreshFindings: () => ({
        ok: false,
        error: memberError('not_available', 'Not available.', { reason: 'findings_not_kept' }, 503),
      }),
    });
    renderPanel(<FindingsTab row={makeConnectionRow({ me: makeMe({ keepsFindings: true }) })} />, refusing.actions);
    await screen.findByText(/You chose not to keep what agents research/);
  });
});

describe('CallsTab', () => {
  it('filters calls by agent and status, newest first, from the cache', async () => {
    const mk = (id: string, minute: number, agentId: string, status: 'passed' | 'failed') => {
      const c = makeCall({
        localId: id,
        createdAt: `2026-11-01T10:0${minute}:00.000Z`,
        agentName: ut(`Agent ${agentId}`),
        result: makeResult({ status }),
      });
      return { ...c, request: { ...c.request, agentId } };
    };
    await db.calls.bulkPut([
      mk('a1', 1, 'ag_a', 'passed'),
      mk('b1', 2, 'ag_b', 'failed'),
      mk('a2', 3, 'ag_a', 'failed'),
    ]);
    const opened: string[] = [];
    renderPanel(
      <CallsTab onOpenCall={(id) => opened.push(id)} onOpenSession={() => undefined} />,
      fakeActions().actions,
    );
    const list = await screen.findByRole('list', { name: 'Calls, newest first' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.querySelector('.call-meta')?.textContent?.split(' · ').slice(0, 2).join(' · ')),
    ).toEqual(['Agent ag_a · Failed', 'Agent ag_b · Failed', 'Agent ag_a · Passed']);
    await screen.findByRole('option', { name: 'Agent ag_b' });
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: 'ag_a' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'passed' } });
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Calls, newest first' })).getAllByRole('button')).toHaveLength(1),
    );
    fireEvent.click(within(screen.getByRole('list', { name: 'Calls, newest first' })).getByRole('button'));
    expect(opened).toEqual(['a1']);
  });

  it('starts with the first page read on the click, and never shows it again once the member filtered', async () => {
    const mk = (id: string, minute: number, agentId: string) => {
      const c = makeCall({
        localId: id,
        createdAt: `2026-11-01T10:0${minute}:00.000Z`,
        agentName: ut(`Agent ${agentId}`),
      });
      return { ...c, request: { ...c.request, agentId } };
    };
    await db.calls.bulkPut([mk('a1', 1, 'ag_a'), mk('b1', 2, 'ag_b')]);
    // What the click read, older than the cache now: the list starts with it, and the live query follows.
    await readAhead(historyCallsQuery.aheadKey?.(null, null, HISTORY_PAGE) ?? '', async () => ({
      rows: [mk('old', 0, 'ag_old')],
      more: false,
    }));
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, fakeActions().actions);
    const names = () =>
      within(screen.getByRole('list', { name: 'Calls, newest first' }))
        .getAllByRole('button')
        .map((b) => b.querySelector('.call-meta')?.textContent?.split(' · ')[0]);
    expect(names()).toEqual(['Agent ag_old']);
    await waitFor(() => expect(names()).toEqual(['Agent ag_b', 'Agent ag_a']));
    await screen.findByRole('option', { name: 'Agent ag_b' });
    const seen = new Set<string>();
    const watch = new MutationObserver(() => {
      for (const item of document.querySelectorAll('ul.history-calls button'))
        seen.add(item.querySelector('.call-meta')?.textContent?.split(' · ')[0] ?? '');
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: 'ag_a' } });
    await waitFor(() => expect(names()).toEqual(['Agent ag_a']));
    fireEvent.change(screen.getByLabelText('Agent'), { target: { value: '' } });
    await waitFor(() => expect(names()).toEqual(['Agent ag_b', 'Agent ag_a']));
    watch.disconnect();
    expect(seen.has('Agent ag_old')).toBe(false);
  });

  it('asks the site for spending since the period’s start, and never shows unreadable as $0', async () => {
    const { actions, sent } = fakeActions({
      spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: null, at: 'x' } }),
    });
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    const asked = () => sent.filter((s) => s.name === 'spending').map((s) => s.payload);
    // The last 30 days are read once the list is in, without a click.
    await waitFor(() => expect(asked()).toHaveLength(1));
    fireEvent.change(await screen.findByLabelText('Period'), { target: { value: 'since_date' } });
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2999-01-01' } });
    expect((await screen.findByRole('alert')).textContent).toContain('not in the future');
    expect(asked()).toHaveLength(1);
    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(asked()).toHaveLength(2));
    // The site's total says it cannot be read, never $0.00, with since when under it.
    const spending = screen.getByRole('region', { name: 'Spending' });
    await waitFor(() =>
      expect(
        within(spending)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain(notReadable()),
    );
    expect(
      within(spending).getByText(
        (_, e) => e?.tagName === 'P' && /^Since .+, as the site counts it\.$/.test(e.textContent ?? ''),
      ),
    ).toBeTruthy();
    expect(
      within(spending)
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).not.toContain(formatCents(0));
    expect(asked()[1]).toEqual({ since: new Date(2026, 0, 1).toISOString() });
  });
});
