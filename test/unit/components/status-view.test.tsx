// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusView } from '@/components/status/StatusView';
import { db } from '@/lib/db';
import { fakeActions, makeCall, makeConnectionRow, makeMe, makeResult, SITE } from './fixtures';
import { renderPanel } from './render-panel';

afterEach(cleanup);

function factFor(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? '';
}

describe('StatusView', () => {
  it('shows credits, and money that cannot be read as not readable, never as 0', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    expect(factFor('Spendable now')).toBe('$15.00');
    expect(factFor('Held for running calls')).toBe('$5.00');
    expect(factFor('Earned from your shared projects')).toBe('not readable right now');
    expect(factFor('Spent in the last 24 hours')).toBe('not readable right now');
    expect(factFor('Calls without asking')).toBe('4 of 10');
    expect(factFor('Downloads left')).toBe('10 MB of 20 MB');
  });

  it('says figures read before the last call moved the balance are from before it, with when they were read', async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    expect(factFor('Spendable now')).toBe('$15.00');
    expect(screen.queryByText(/before your last call/)).toBeNull();
    // GET /me was read at 10:00; a call this browser knows ended (and charged) at 10:05.
    await db.calls.put(makeCall({ state: 'finished', result: makeResult(), finishedAt: '2026-05-01T10:05:00.000Z' }));
    const notice = await screen.findByText(/before your last call/);
    expect(notice.textContent).toMatch(
      /^As of .+, before your last call: these may not include its hold or charge yet\.$/,
    );
    expect(notice.querySelector('time')?.getAttribute('datetime')).toBe('2026-05-01T10:00:00.000Z');
    await Promise.all(db.tables.map((t) => t.clear()));
  });

  it('shows a zero that was read as zero', () => {
    const { actions } = fakeActions();
    const me = makeMe({ spentInWindowCents: 0 });
    renderPanel(<StatusView row={makeConnectionRow({ me })} />, actions);
    expect(factFor('Spent in the last 24 hours')).toBe('$0.00');
  });

  it('shows switches read-only, with the member’s page on the site to change them', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    const switches = screen.getByRole('list', { name: 'Switches' });
    expect(switches.textContent).toContain('Sending files with a call: on');
    expect(switches.textContent).toContain('Calling agents that are still New: off');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.getByText('Not asked yet: nothing is kept.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change switches, limits or findings on the site' }));
    await waitFor(() =>
      expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/connections/con_1` } }]),
    );
  });

  it('shows the privacy line as a quiet line: the step after connecting was where it stood out', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow({ privacyLineShown: false })} />, actions);
    expect(screen.getByText(/builders receive your call/).closest('p')?.textContent).toBe(
      'Privacy: The agent’s builders receive your call’s details.',
    );
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('says a session-scoped key reaches only its session, and asks nothing of a script connector’s settings', () => {
    const { actions } = fakeActions();
    renderPanel(
      <StatusView
        row={makeConnectionRow({ sessionId: 'ses_9', env: [{ variable: 'GUILD_DIR', ask: 'Where should files go?' }] })}
      />,
      actions,
    );
    expect(screen.getByText(/only works for session/).textContent).toContain('ses_9');
    expect(screen.queryByText(/Where should files go/)).toBeNull();
    expect(screen.queryByText(/GUILD_DIR/)).toBeNull();
  });

  it('disconnects only after the member confirms', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'disconnect', payload: {} }]));
  });

  it('says it is reading while GET /me has not answered yet', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow({ me: null })} />, actions);
    expect(screen.getByText('Loading the connection…')).toBeTruthy();
  });
});
