// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
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

/** The terms of the connection's list of facts, in order, each with its value. */
function facts(): [string, string][] {
  const lists = document.querySelectorAll('section[aria-labelledby="status-title"] dl');
  expect(Array.from(lists, (l) => l.className)).toEqual(['facts connection-facts']);
  return Array.from(lists[0]?.querySelectorAll('dt') ?? []).map((dt) => [
    dt.textContent ?? '',
    dt.nextElementSibling?.tagName === 'DD' ? (dt.nextElementSibling.textContent ?? '') : '(no value)',
  ]);
}

describe('StatusView', () => {
  it('shows credits, and money that cannot be read as not readable, never as 0', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    expect(factFor('Spendable now')).toBe('$15.00');
    expect(factFor('Held while calls run')).toBe('$5.00');
    expect(factFor('Earned from your shared projects')).toBe('not readable right now');
    expect(factFor('Spent in the last 24 hours')).toBe('not readable right now');
    expect(factFor('Calls in 24 hours')).toBe('4 of 10');
    expect(factFor('Downloads left today')).toBe('10 MB of 20 MB');
  });

  it('leads with what the member can spend, drawn larger than the rest of the money', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    expect(facts()[0]).toEqual(['Spendable now', '$15.00']);
    const lead = screen.getByText('$15.00', { selector: 'dd' });
    const held = screen.getByText('$5.00', { selector: 'dd' });
    const rules = readFileSync('components/style.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const sizeOf = (el: Element) =>
      Array.from(rules.matchAll(/([^{}]+)\{([^{}]*)\}/g)).some(
        // The size first: a keyframe's step ("50%") is no selector.
        (m) => /font-size:\s*1\.5em/.test(m[2] ?? '') && el.matches((m[1] ?? '').trim()),
      );
    expect(sizeOf(lead)).toBe(true);
    expect(sizeOf(held)).toBe(false);
    // Its parts indented under it; what was spent in 24 hours is no part of it.
    const under = (term: string) => screen.getByText(term, { selector: 'dt' }).classList.contains('fact-under');
    expect(['Held while calls run', 'Bought', 'Earned from your shared projects', 'Promotional'].map(under)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(under('Spent in the last 24 hours')).toBe(false);
  });

  it('says it is connected, naming the site by its host, plainly, never as a raw address', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow({ origin: 'https://guild.example.org' })} />, actions);
    const line = document.querySelector('.status-read p')!;
    expect(line.textContent).toMatch(/^Connected to guild\.example\.org/);
    expect(line.textContent).not.toContain('https://');
    cleanup();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    // A port other than the scheme's own stays: it is part of which site it is.
    expect(document.querySelector('.status-read p')?.textContent).toMatch(
      new RegExp(`^Connected to ${new URL(SITE).host}`),
    );
  });

  it('says "could not be read" where an amount or a count the site sent cannot be one, the rest shown (G34)', () => {
    const { actions } = fakeActions();
    const base = makeMe();
    const me = makeMe({
      balance: { ...base.balance, spendableCents: { notRead: -29_394_555 } },
      limits: { ...base.limits, openCallsMax: { notRead: 1.5 }, approvalMinutes: { notRead: -1 } },
    });
    renderPanel(<StatusView row={makeConnectionRow({ me })} />, actions);
    expect(factFor('Spendable now')).toBe('could not be read');
    expect(factFor('Most calls at once')).toBe('could not be read');
    expect(factFor('An approval lasts')).toBe('could not be read');
    expect(factFor('Held while calls run')).toBe('$5.00');
  });

  it('shows money, what goes without asking, the switches and findings as one list, each value at the line’s end', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    expect(facts()).toEqual([
      ['Spendable now', '$15.00'],
      ['Held while calls run', '$5.00'],
      ['Bought', '$20.00'],
      ['Earned from your shared projects', 'not readable right now'],
      ['Promotional', '$0.00'],
      ['Spent in the last 24 hours', 'not readable right now'],
      ['Spending without asking', 'On'],
      ['Sessions in 24 hours', '1 of 3'],
      ['Calls in 24 hours', '4 of 10'],
      ['Most calls at once', '2'],
      ['An approval lasts', '30 minutes'],
      ['Downloads left today', '10 MB of 20 MB'],
      ['Sending files with calls', 'On'],
      ['Sharing drafts of projects', 'Off'],
      ['Asking before each agent’s first call', 'On'],
      ['Calling new agents', 'Off'],
      ['Keeping findings', 'Off until you choose'],
    ]);
    // One column of values, at the line's end, in figures of one width: amounts line up whatever the term.
    const css = readFileSync('components/style.css', 'utf8');
    const rule = /\.connection-facts dd\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/text-align:\s*end/);
    expect(rule).toMatch(/font-variant-numeric:\s*tabular-nums/);
    expect(/\.connection-facts\s*\{([^}]*)\}/.exec(css)?.[1]).toMatch(
      /grid-template-columns:\s*minmax\(0, 1fr\) minmax\(0, max-content\)/,
    );
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

  it('shows switches as states to read, with one button that opens the member’s page on the site', async () => {
    const { actions, sent } = fakeActions();
    const me = makeMe({
      switches: { sharing: true, files: false, spending: false, askBeforeNewAgent: false, tryNewAgents: true },
    });
    renderPanel(<StatusView row={makeConnectionRow({ me })} />, actions);
    expect(factFor('Spending without asking')).toBe('Off');
    expect(factFor('Sending files with calls')).toBe('Off');
    expect(factFor('Sharing drafts of projects')).toBe('On');
    expect(factFor('Calling new agents')).toBe('On');
    // Nothing in the list is a control, nor drawn as one: a state is plain text, like an amount.
    const list = screen.getByText('Spending without asking', { selector: 'dt' }).closest('dl');
    expect(list?.querySelectorAll('button, input, select, [role], strong, b')).toHaveLength(0);
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryAllByRole('switch')).toEqual([]);
    // One way to change them: the site's own page, opened only on the member's click.
    expect(screen.getAllByRole('button', { name: /on the site/ })).toHaveLength(1);
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Change settings on the site' }));
    await waitFor(() =>
      expect(sent).toEqual([{ name: 'openSitePage', payload: { url: `${SITE}/connections/con_1` } }]),
    );
  });

  it('says the findings choice as a state: on, off, or off until the member chooses (null keeps nothing)', () => {
    const { actions } = fakeActions();
    for (const [keepsFindings, says] of [
      [true, 'On'],
      [false, 'Off'],
      [null, 'Off until you choose'],
    ] as const) {
      const view = renderPanel(<StatusView row={makeConnectionRow({ me: makeMe({ keepsFindings }) })} />, actions);
      expect(factFor('Keeping findings')).toBe(says);
      view.unmount();
    }
  });

  it('says the counts without asking as used of allowed in 24 hours, under Spending without asking', () => {
    const { actions } = fakeActions();
    const base = makeMe();
    const me = makeMe({
      today: { sessionsUsed: 2, callsUsed: 7 },
      limits: { ...base.limits, sessionsPerDay: 5, callsPerDay: 40 },
    });
    renderPanel(<StatusView row={makeConnectionRow({ me })} />, actions);
    const terms = facts().map(([term]) => term);
    const spending = terms.indexOf('Spending without asking');
    expect(terms.slice(spending, spending + 3)).toEqual([
      'Spending without asking',
      'Sessions in 24 hours',
      'Calls in 24 hours',
    ]);
    expect(factFor('Sessions in 24 hours')).toBe('2 of 5');
    expect(factFor('Calls in 24 hours')).toBe('7 of 40');
    expect(screen.queryByText(/without asking \d/)).toBeNull();
  });

  it('keeps the privacy line one click away, quoted as the site’s: the step after connecting showed it in full', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow({ privacyLineShown: false })} />, actions);
    const toggle = screen.getByRole('button', { name: 'Who receives your calls’ details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(/builders receive your call/).closest('[hidden]')).not.toBeNull();
    fireEvent.click(toggle);
    const line = screen.getByText(/builders receive your call/);
    expect(line.closest('[hidden]')).toBeNull();
    expect(line.textContent).toBe('The agent’s builders receive your call’s details.');
    expect(line.closest('.site-quote')?.textContent).toMatch(/^From the site/);
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
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect this browser' }));
    expect(sent).toEqual([]);
    expect(
      screen.getByRole('group', { name: 'Forget this connection in this browser? Your history stays.' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect this browser' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'disconnect', payload: {} }]));
  });

  it('sets Disconnect apart from Refresh, last in the view and marked as leaving; Refresh sits by the read time', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow()} />, actions);
    const refresh = screen.getByRole('button', { name: 'Refresh' });
    const disconnect = screen.getByRole('button', { name: 'Disconnect this browser' });
    expect(refresh.parentElement?.textContent).toMatch(/updated/);
    expect(refresh.parentElement?.contains(disconnect)).toBe(false);
    expect(disconnect.className).toBe('danger');
    expect(refresh.className).toBe('secondary');
    // Every other control of the view comes before it.
    const buttons = screen.getAllByRole('button');
    expect(buttons.at(-1)).toBe(disconnect);
    fireEvent.click(refresh);
    await waitFor(() => expect(sent).toEqual([{ name: 'refreshMe', payload: {} }]));
  });

  it('says it is reading while GET /me has not answered yet', () => {
    const { actions } = fakeActions();
    renderPanel(<StatusView row={makeConnectionRow({ me: null })} />, actions);
    expect(screen.getByText('Loading the connection…')).toBeTruthy();
  });
});
