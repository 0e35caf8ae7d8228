// @vitest-environment happy-dom
// The calls' rows, filters, spending and tables as the member sees them (issues 40 and 56).
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallsTab } from '@/components/calls/CallsTab';
import { type CallRow, db } from '@/lib/db';
import { formatCents } from '@/lib/format/money';
import { fakeActions, makeCall, makeResult, ut } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';

const css = readFileSync('components/style.css', 'utf8');

function call(id: string, over: Partial<CallRow> = {}, callId = 'question'): CallRow {
  const c = makeCall({
    localId: id,
    agentName: ut('Postgres Guild'),
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    finishedAt: new Date(Date.now() - 3_600_000).toISOString(),
    ...over,
  });
  return { ...c, request: { ...c.request, callId } };
}

function spendingActions() {
  return fakeActions({
    spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: 123, at: 'x' } }),
  });
}

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('Calls', () => {
  it('says a returned call’s charge went back and a failed call is free, never the charge the site listed', async () => {
    const charge = { ...makeResult().charge!, chargedCents: 23 };
    await db.calls.bulkPut([
      call('r', { result: makeResult({ status: 'returned', charge }) }),
      call('f', {
        result: makeResult({ status: 'failed', charge: { ...charge, chargedCents: 0 } }),
        createdAt: new Date(Date.now() - 7_200_000).toISOString(),
      }),
    ]);
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, spendingActions().actions);
    const list = await screen.findByRole('list', { name: 'Calls, newest first' });
    const [returned, failed] = within(list)
      .getAllByRole('button')
      .map((b) => b.textContent ?? '');
    expect(returned).toMatch(/ · Returned · its charge went back · /);
    expect(failed).toMatch(/ · Failed · free · /);
    expect(`${returned}${failed}`).not.toMatch(/charged/);
  });

  it('shows each row as one button that opens the call: what was asked first, then agent, status and charge', async () => {
    await db.calls.bulkPut([
      call('a', { result: makeResult({ charge: { ...makeResult().charge!, chargedCents: 23 } }) }, 'question'),
      call('b', { state: 'refused', result: null, createdAt: new Date(Date.now() - 7_200_000).toISOString() }, 'apply'),
    ]);
    await db.calls.update('a', { 'request.question': 'Which index helps a LIKE prefix search?' });
    const opened: string[] = [];
    renderPanel(
      <CallsTab onOpenCall={(id) => opened.push(id)} onOpenSession={() => undefined} />,
      spendingActions().actions,
    );
    const list = await screen.findByRole('list', { name: 'Calls, newest first' });
    const rows = within(list).getAllByRole('button');
    const [first, second] = rows.map((b) => b.textContent ?? '');
    // The member's own words lead (the question, else the details), then the agent, the status and the charge.
    expect(first).toMatch(/^Which index helps a LIKE prefix search\? Postgres Guild · Passed · charged \$0\.23 · /);
    expect(second).toMatch(/^my details Postgres Guild · Refused · /);
    for (const row of rows) {
      const chevron = row.querySelector('svg.chevron');
      expect(chevron?.getAttribute('aria-hidden')).toBe('true');
    }
    fireEvent.click(rows[0]!);
    expect(opened).toEqual(['a']);
  });

  it('shows no filters for a few calls of one agent: nothing to filter', async () => {
    await db.calls.bulkPut([call('a'), call('b'), call('c')]);
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, spendingActions().actions);
    await screen.findByRole('list', { name: 'Calls, newest first' });
    // The spending is read once the list is in, as are the filters' agents and count.
    await screen.findByRole('region', { name: 'Spending' });
    await waitFor(() => expect(screen.queryByLabelText('Period')).not.toBeNull());
    expect(screen.queryByLabelText('Agent')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Calls or sessions' })).toBeNull();
    // A fourth call brings them.
    await db.calls.put(call('d'));
    await screen.findByLabelText('Agent');
    expect(screen.getByRole('radiogroup', { name: 'Calls or sessions' })).toBeTruthy();
  });

  it('keeps the filters to one line of choices: their labels are read out, not drawn', async () => {
    await db.calls.bulkPut([call('a'), { ...call('b'), request: { ...call('b').request, agentId: 'ag_other' } }]);
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, spendingActions().actions);
    await screen.findByRole('list', { name: 'Calls, newest first' });
    const agent = await screen.findByLabelText('Agent');
    const status = screen.getByLabelText('Status');
    expect(agent.tagName).toBe('SELECT');
    expect(status.tagName).toBe('SELECT');
    for (const label of document.querySelectorAll('.history-filters label[for]'))
      expect(label.className).toContain('visually-hidden');
    expect(document.querySelector('.history-filters legend')?.className).toContain('visually-hidden');
    // The two selects side by side.
    const rule = /\.history-filters\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/grid-template-columns:\s*minmax\(0, 1fr\) minmax\(0, 1fr\)/);
  });

  it('shows the spending without a click, and reads it again when the period changes', async () => {
    await db.calls.put(call('a', { result: makeResult({ charge: { ...makeResult().charge!, chargedCents: 23 } }) }));
    const { actions, sent } = spendingActions();
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    // The site's total first, the amount alone, and since when under it.
    const spending = await screen.findByRole('region', { name: 'Spending' });
    await waitFor(() =>
      expect(
        within(spending)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain(formatCents(123)),
    );
    expect(
      within(spending).getByText(
        (_, e) => e?.tagName === 'P' && /^Since .+, as the site counts it\.$/.test(e.textContent ?? ''),
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /spending/i })).toBeNull();
    const asked = () => sent.filter((s) => s.name === 'spending');
    expect(asked()).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Period'), { target: { value: 'week' } });
    await waitFor(() => expect(asked()).toHaveLength(2));
  });

  it('aligns the amounts’ and counts’ headings to the end (right in left-to-right), over their figures', async () => {
    await db.calls.put(call('a', { result: makeResult({ charge: { ...makeResult().charge!, chargedCents: 23 } }) }));
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, spendingActions().actions);
    const table = await screen.findByRole('table', { name: 'Charged per day' });
    const [day, charged, calls] = within(table).getAllByRole('columnheader');
    expect(day?.className ?? '').not.toContain('num');
    expect(charged?.className).toContain('num');
    expect(calls?.className).toContain('num');
    expect(css).toMatch(/\.spending-chart td,\s*\.spending-chart th\.num\s*\{\s*text-align:\s*end/);
  });
});
