// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallsTab } from '@/components/calls/CallsTab';
import { type CallRow, db } from '@/lib/db';
import { formatCents } from '@/lib/format/money';
import { formatCalendarDate } from '@/lib/format/time';
import { cachedSpending, explainDifference } from '@/lib/history/spending-chart';
import { fakeActions, makeCall, makeResult, ut } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';

const local = (day: number, hour = 12) => new Date(2026, 10, day, hour, 0);

function charged(id: string, agentId: string, day: number, cents: number | null, hour = 12): CallRow {
  const base = makeCall({
    localId: id,
    agentName: ut(agentId === 'ag_pg' ? 'Postgres Guild' : '<b>Cobol</b>'),
    createdAt: local(day, hour).toISOString(),
    finishedAt: local(day, hour).toISOString(),
    result:
      cents === null
        ? makeResult({ status: 'failed', charge: null })
        : makeResult({ charge: { ...makeResult().charge!, chargedCents: cents } }),
  });
  return { ...base, request: { ...base.request, agentId } };
}

/** A passed call to `agent`, charged `cents`, made `daysAgo` days before now (0: now). */
function chargedAgo(id: string, agent: string, daysAgo: number, cents: number): CallRow {
  const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
  const c = makeCall({
    localId: id,
    agentName: ut(agent),
    createdAt: at,
    finishedAt: at,
    result: makeResult({ charge: { ...makeResult().charge!, chargedCents: cents } }),
  });
  return { ...c, request: { ...c.request, agentId: agent } };
}

/** The site's total in Spending: the status there that says `amount` and nothing else. */
async function siteTotal(amount: string): Promise<HTMLElement> {
  const spending = await screen.findByRole('region', { name: 'Spending' });
  return await waitFor(() => {
    const found = within(spending)
      .getAllByRole('status')
      .find((s) => s.textContent === amount);
    if (!found) throw new Error(`no status saying ${amount}`);
    return found;
  });
}

// Known calls: two days with charges, one failed call (no charge), one before the period, one a minute after midnight.
const CALLS = [
  charged('a', 'ag_pg', 20, 125),
  charged('b', 'ag_pg', 20, 75, 23),
  charged('c', 'ag_cb', 22, 300, 0),
  charged('d', 'ag_cb', 22, null),
  charged('e', 'ag_pg', 10, 999),
];

describe('cached spending', () => {
  it('sums each charged call on its local day and per agent, within the period only', () => {
    const s = cachedSpending(CALLS, local(18, 0), local(23, 18));
    expect(s.days.map((d) => [d.day, d.cents, d.calls])).toEqual([
      ['2026-11-18', 0, 0],
      ['2026-11-19', 0, 0],
      ['2026-11-20', 200, 2],
      ['2026-11-21', 0, 0],
      ['2026-11-22', 300, 1],
      ['2026-11-23', 0, 0],
    ]);
    expect(s.agents.map((a) => [a.agentId, a.name?.untrustedText, a.cents, a.calls])).toEqual([
      ['ag_cb', '<b>Cobol</b>', 300, 1],
      ['ag_pg', 'Postgres Guild', 200, 2],
    ]);
    expect(s).toMatchObject({ totalCents: 500, chargedCalls: 3 });
  });

  it('counts only what passed calls were charged: a returned call’s charge went back, a failed call is free', () => {
    const listed = (id: string, status: 'returned' | 'failed') => {
      const c = charged(id, 'ag_pg', 21, 400);
      return { ...c, result: { ...c.result!, status } };
    };
    const s = cachedSpending([...CALLS, listed('r', 'returned'), listed('f', 'failed')], local(18, 0), local(23, 18));
    expect(s).toMatchObject({ totalCents: 500, chargedCalls: 3 });
    expect(s.days.find((d) => d.day === '2026-11-21')).toMatchObject({ cents: 0, calls: 0 });
  });

  it('refuses a period that is not one, and draws a year at most', () => {
    expect(() => cachedSpending([], new Date('x'), new Date())).toThrow(/valid dates/);
    expect(() => cachedSpending([], local(23), local(20))).toThrow(/starts after it ends/);
    expect(cachedSpending([], new Date(2020, 0, 1), local(23)).days).toHaveLength(366);
  });

  it('says which way the site’s total differs', () => {
    expect(explainDifference(null, 5)).toEqual({ kind: 'unreadable' });
    expect(explainDifference(5, 5)).toEqual({ kind: 'same' });
    expect(explainDifference(800, 500)).toEqual({ kind: 'site_more', cents: 300 });
    expect(explainDifference(400, 500)).toEqual({ kind: 'cache_more', cents: 100 });
  });
});

describe('the chart in Calls', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(cleanup);

  it('matches the cached charges, under the site’s total and with the difference explained', async () => {
    const now = new Date();
    const days = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const at = (n: number) => days(n).toISOString();
    const mk = (id: string, agentId: string, n: number, cents: number) => {
      const c = makeCall({
        localId: id,
        agentName: ut(agentId),
        createdAt: at(n),
        finishedAt: at(n),
        result: makeResult({ charge: { ...makeResult().charge!, chargedCents: cents } }),
      });
      return { ...c, request: { ...c.request, agentId } };
    };
    await db.calls.bulkPut([
      mk('x1', 'Guild', 1, 250),
      mk('x2', 'Guild', 1, 50),
      mk('x3', '<i>Other</i>', 3, 400),
      mk('x4', 'Guild', 45, 9999),
    ]);
    const { actions } = fakeActions({
      spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: 1000, at: 'x' } }),
    });
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    // The period is read as it changes: no further click.
    fireEvent.change(await screen.findByLabelText('Period'), { target: { value: 'week' } });

    // One slider over the 8 days of the week (today included), the empty ones drawn as empty days.
    const chart = await screen.findByRole('slider', { name: 'Charged per day' });
    // The site's total comes first, the amount alone, before the day chart and the per-agent list.
    const total = await siteTotal(formatCents(1000));
    const agentList = screen.getByRole('list', { name: 'Charged per agent' });
    expect(total.compareDocumentPosition(chart) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(total.compareDocumentPosition(agentList) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(chart.querySelectorAll('.day')).toHaveLength(8);
    expect(chart.querySelectorAll('.day-bar')).toHaveLength(2);
    expect(chart.querySelectorAll('.day-empty')).toHaveLength(6);
    // The chart's total and why it differs from the site's, in one line.
    const sum = screen.getByText(/for 3 charged calls/).textContent;
    expect(sum).toContain(formatCents(700));
    expect(sum).toContain(`The site counts ${formatCents(300)} more (${formatCents(1000)} in all)`);

    const byDay = screen.getByRole('table', { name: 'Charged per day' });
    const dayRows = within(byDay)
      .getAllByRole('row')
      .slice(1)
      .map((r) => [...r.children].map((c) => c.textContent));
    const localDay = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(dayRows).toEqual([
      [formatCalendarDate(localDay(days(3))), formatCents(400), '1'],
      [formatCalendarDate(localDay(days(1))), formatCents(300), '2'],
    ]);
    // Each day's amount read out on focus and with the arrow keys (and on hover): the last charged day first,
    // shown beside the chart's heading.
    const reading = (d: Date, cents: number) => `${formatCalendarDate(localDay(d))}: ${formatCents(cents)}`;
    expect(chart.getAttribute('aria-valuetext')).toBe(reading(days(1), 300));
    expect(document.querySelector('.day-reading')?.textContent).toBe(reading(days(1), 300));
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(chart.getAttribute('aria-valuetext')).toBe(reading(days(2), 0));
    fireEvent.keyDown(chart, { key: 'ArrowLeft' });
    expect(chart.getAttribute('aria-valuetext')).toBe(reading(days(3), 400));
    expect(screen.getByText(reading(days(3), 400))).toBeTruthy();
    fireEvent.keyDown(chart, { key: 'Home' });
    expect(chart.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.pointerEnter(chart.querySelectorAll('.day')[7] as Element);
    expect(chart.getAttribute('aria-valuetext')).toBe(reading(days(0), 0));
    // The first, middle and last day under the bars; the bars' heights are shares of the most charged day.
    expect(document.querySelectorAll('.date-axis time')).toHaveLength(3);
    expect([...chart.querySelectorAll<HTMLElement>('.day-bar')].map((b) => b.style.height)).toEqual(['100%', '75%']);

    // Per agent, a list of names with their amounts (no bar that reads as progress), most charged first.
    const agents = screen.getByRole('list', { name: 'Charged per agent' });
    expect(
      within(agents)
        .getAllByRole('listitem')
        .map((li) => [li.querySelector('.untrusted')?.textContent, li.querySelector('.amount')?.textContent]),
    ).toEqual([
      ['<i>Other</i>', formatCents(400)],
      ['Guild', formatCents(300)],
    ]);
    expect(document.querySelector('.agent-bar')).toBeNull();

    const byAgent = screen.getByRole('table', { name: 'Charged per agent' });
    expect(
      within(byAgent)
        .getAllByRole('row')
        .slice(1)
        .map((r) => [...r.children].map((c) => c.textContent)),
    ).toEqual([
      ['<i>Other</i>', formatCents(400), '1'],
      ['Guild', formatCents(300), '2'],
    ]);
    // An agent's name is text, never markup.
    expect(byAgent.querySelector('i')).toBeNull();
    // The table is reachable by keyboard: its disclosure is a focusable summary.
    expect(screen.getByText('The figures as a table').tagName).toBe('SUMMARY');
  });

  it('says a single charge once, with no day chart and no agent line: the site’s total, the figures folded', async () => {
    await db.calls.put(chargedAgo('one', 'Guild', 0, 23));
    const { actions } = fakeActions({
      spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: 23, at: 'x' } }),
    });
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    await siteTotal(formatCents(23));
    await screen.findByRole('table', { name: 'Charged per day' });
    // The saved calls agree with the site: nothing to say. One agent: its amount is the total, not said again.
    expect(screen.queryByText(/for 1 charged call|matches/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Charged per agent' })).toBeNull();
    // One charged day: no chart of days, which would only say the total again.
    expect(screen.queryByRole('slider', { name: 'Charged per day' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Charged per day' })).toBeNull();
    // Shown (the tables are folded away): the site's total, once.
    const spending = screen.getByRole('region', { name: 'Spending' });
    const shown = [...spending.querySelectorAll('p, li, h3')].filter((e) => !e.closest('details'));
    const said = shown.map((e) => e.textContent ?? '').join(' ');
    expect(said.split(formatCents(23)).length - 1).toBe(1);
    // The figures stay in the folded tables: the one day's row.
    const byDay = screen.getByRole('table', { name: 'Charged per day' });
    expect(within(byDay).getAllByRole('row')).toHaveLength(2);
  });

  it('draws the day chart only once two days were charged', async () => {
    const { actions } = fakeActions({
      spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: null, at: 'x' } }),
    });
    // Two charged calls, both today: one charged day.
    await db.calls.bulkPut([chargedAgo('a', 'Guild', 0, 100), chargedAgo('b', 'Guild', 0, 50)]);
    const first = renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    await screen.findByText(/for 2 charged calls/);
    expect(screen.queryByRole('slider', { name: 'Charged per day' })).toBeNull();
    first.unmount();

    // A third, two days ago: two charged days, and the chart of days is drawn.
    await db.calls.put(chargedAgo('c', 'Guild', 2, 25));
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    const chart = await screen.findByRole('slider', { name: 'Charged per day' });
    expect(chart.querySelectorAll('.day-bar')).toHaveLength(2);
    expect(screen.getByText(/for 3 charged calls/)).toBeTruthy();
  });
});
