// @vitest-environment happy-dom
// One Calls section (issue 56): five sections in the panel, each row led by what the member asked, and a search
// field with a name, drawn as the panel's other fields are in both schemes.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { cleanup, screen, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallsTab } from '@/components/calls/CallsTab';
import { tabsFor } from '@/components/router';
import { type CallRow, db } from '@/lib/db';
import { fakeActions, makeCall, ut } from './fixtures';
import { renderPanel } from './render-panel';

const css = readFileSync('components/style.css', 'utf8');

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function call(id: string, minutes: number, request: Partial<CallRow['request']>, over: Partial<CallRow> = {}) {
  const c = makeCall({ localId: id, createdAt: ago(minutes), agentName: ut('Postgres Tuning Guild'), ...over });
  return { ...c, request: { ...c.request, ...request } };
}

function renderCalls() {
  const actions = fakeActions({
    spending: (p) => ({ ok: true, value: { since: (p as { since: string }).since, spentSinceCents: 0, at: 'x' } }),
  }).actions;
  renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
  return screen.findByRole('list', { name: 'Calls, newest first' });
}

/** A rule's declarations, as written in the stylesheet (the first rule with exactly this selector list). */
function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`);
  return at < 0 ? '' : css.slice(at, css.indexOf('}', at));
}

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('the sections', () => {
  it('are five: Find, Calls, Sessions, Findings and More (Share and Connection), with no History', () => {
    const tabs = tabsFor(false);
    expect(tabs.bar.map((tab) => tab.label)).toEqual(['Find', 'Calls', 'Sessions', 'Findings']);
    expect(tabs.more.map((tab) => tab.label)).toEqual(['Share', 'Connection']);
    expect([...tabs.bar, ...tabs.more].map((tab) => tab.view)).not.toContain('history');
  });

  it('keep a session-scoped key to its session’s calls and the connection', () => {
    const tabs = tabsFor(true);
    expect(tabs.bar.map((tab) => [tab.view, tab.label])).toEqual([
      ['calls', 'Session'],
      ['status', 'Connection'],
    ]);
    expect(tabs.more).toEqual([]);
  });
});

describe('a row of the calls', () => {
  it('leads with the member’s question, then the agent, the status and the charge on a quieter line', async () => {
    await db.calls.bulkPut([
      call('q1', 1, { callId: 'question', question: 'Which index helps a LIKE prefix search?' }),
      call('q2', 2, { callId: 'question', question: 'Is a partial index worth it?' }),
    ]);
    const rows = within(await renderCalls()).getAllByRole('button');
    // Two calls to one agent, told apart by their first lines.
    expect(rows.map((row) => row.querySelector('.call-asked')?.textContent)).toEqual([
      'Which index helps a LIKE prefix search?',
      'Is a partial index worth it?',
    ]);
    expect(rows[0]?.firstElementChild?.firstElementChild?.classList.contains('call-asked')).toBe(true);
    expect(rows[0]?.querySelector('.call-meta')?.textContent).toMatch(
      /^Postgres Tuning Guild · Passed · charged \$1\.23 · /,
    );
    // The kind of call is not said again beside the question; the charge once a row.
    expect(rows[0]?.textContent).not.toContain('Question');
    expect(rows[0]?.textContent?.split('$1.23')).toHaveLength(2);
    // The first line is the quieter line's opposite: bold, cut to two lines; the second line is muted and smaller.
    expect(rule('.call-asked')).toMatch(/-webkit-line-clamp: 2/);
    expect(rule('.call-meta')).toMatch(/color: var\(--muted\)/);
  });

  it('leads with the details when no question was asked, and with the kind of call when nothing was typed', async () => {
    await db.calls.bulkPut([
      call('d', 1, { callId: 'apply', details: 'Our database gets slow\n\nevery evening.', question: null }),
      call('n', 2, { callId: 'apply', details: '   ', question: null }),
    ]);
    const rows = within(await renderCalls()).getAllByRole('button');
    // On one line of text: its line breaks shown as spaces.
    expect(rows.map((row) => row.querySelector('.call-asked')?.textContent)).toEqual([
      'Our database gets slow every evening.',
      'Plan or work',
    ]);
  });

  it('draws the member’s words as text in their own direction, a long question cut with “…”', async () => {
    const long = `Why ${'is the query slow '.repeat(40)}?`;
    await db.calls.bulkPut([
      call('x', 1, { callId: 'question', question: '<img src=x onerror="globalThis.__pwned=1"> لماذا؟' }),
      call('l', 2, { callId: 'question', question: long }),
    ]);
    const rows = within(await renderCalls()).getAllByRole('button');
    const first = rows[0]?.querySelector('.call-asked');
    expect(first?.textContent).toBe('<img src=x onerror="globalThis.__pwned=1"> لماذا؟');
    expect(first?.getAttribute('dir')).toBe('auto');
    expect(document.querySelector('.calls img')).toBeNull();
    const cut = rows[1]?.querySelector('.call-asked')?.textContent ?? '';
    expect(cut.length).toBeLessThan(long.length);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('the calls’ search field', () => {
  it('is a search box named for what it searches, styled as the panel’s other fields', async () => {
    await db.calls.put(call('q1', 1, { callId: 'question', question: 'Which index?' }));
    await renderCalls();
    const field = screen.getByRole('searchbox', { name: 'Search your calls' });
    expect(field.getAttribute('placeholder')).toBe('Agent, question or answer');
    expect(field.closest('search')).not.toBeNull();
    // The text fields' rule (rounded, the theme's colours, so dark mode follows) covers the search box too.
    const fields =
      /input\[type="text"\],\s*input\[type="url"\],\s*input\[type="search"\],\s*textarea\s*\{([^}]*)\}/.exec(css)?.[1];
    expect(fields).toMatch(/border-radius: 6px/);
    expect(fields).toMatch(/background: var\(--bg\)/);
    expect(fields).toMatch(/color: var\(--fg\)/);
    expect(fields).toMatch(/border: 1px solid var\(--field-border\)/);
    // Here the box around the field and its magnifier is the field: rounded, the theme's colours, a ring on focus.
    const box = rule('.call-search');
    expect(box).toMatch(/border-radius: var\(--radius-m\)/);
    expect(box).toMatch(/border: 1px solid var\(--field-border\)/);
    expect(box).toMatch(/background: var\(--bg\)/);
    expect(rule('.call-search:focus-within')).toMatch(/outline: 2px solid var\(--focus\)/);
    // What is typed reads in its own direction.
    expect(field.getAttribute('dir')).toBe('auto');
  });
});
