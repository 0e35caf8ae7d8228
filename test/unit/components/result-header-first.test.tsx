// @vitest-environment happy-dom
/**
 * Rule 2, over every view that shows a result: each result is shown under its fixed header line, and above
 * that line only the panel's own words and the agent's name. Every field of the site's text in the result and
 * its call is seeded with a marker; in each result's part of the page, nothing before the header line (text,
 * or a name or tooltip an element carries) holds a marker but the agent's name.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CallView } from '@/components/result/CallView';
import { ResultFolded } from '@/components/result/ResultFolded';
import { ResultView } from '@/components/result/ResultView';
import { SessionView } from '@/components/sessions/SessionView';
import type { CallResult } from '@/lib/contract/calls';
import { db } from '@/lib/db';
import { sessionRow } from '@/lib/db/session-row';
import { type CallRow, OTHER_RUN_READS_SAID } from '@/lib/db/tables/calls';
import { fakeActions, makeCall, makeConnectionRow, makeResult, memberError, ut } from './fixtures';
import { renderPanel } from './render-panel';
import { session } from '@/test/unit/plan/fixtures';

const MARK = 'SITE-TEXT';
/** The agent's name may stand above the header line: the one marker allowed there. */
const AGENT_NAME = `${MARK} agent name`;
const marked = (where: string) => `${MARK} ${where}`;

/** A result's fields that are not text to show (identifiers, the site's words for states, links, times). */
const NOT_TEXT = new Set(['header', 'runId', 'sessionId', 'agentId', 'callId', 'status', 'fileId', 'url', 'expiresAt']);

/**
 * Every text the site wrote, marked with where it came from: each untrusted text object (untrusted*, note)
 * and each other string but the NOT_TEXT ones (failReason, disclosure, a check's label, and any text a later
 * version of the result carries).
 */
function markAll<T>(value: T, path: string): T {
  if (Array.isArray(value)) return value.map((item, i) => markAll(item, `${path}[${i}]`)) as T;
  if (value === null || typeof value !== 'object') return value;
  if ('untrustedText' in value) return ut(marked(path)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] =
      typeof field === 'string' && !NOT_TEXT.has(key) ? marked(`${path}.${key}`) : markAll(field, `${path}.${key}`);
  }
  return out as T;
}

function markedResult(over: Partial<CallResult> = {}): CallResult {
  const file = {
    fileId: 'f_1',
    untrustedPath: ut('notes.md'),
    sizeBytes: 1536,
    active: false,
    url: 'http://127.0.0.1:8787/api/v1/files/f_1?exp=1&sig=ab',
    expiresAt: '2026-05-01T10:07:00.000Z',
  };
  const result = makeResult({
    failReason: 'It missed a check.',
    files: [file],
    checks: [
      { label: 'Has a plan', passed: true },
      { label: 'Names the steps', passed: false },
    ],
  });
  return { ...markAll(result, 'result'), ...over };
}

/** A call row whose site text is marked: its names (the agent's allowed), its privacy line, the site's message. */
function markedCall(over: Partial<CallRow> = {}): CallRow {
  return makeCall({
    agentName: ut(AGENT_NAME),
    callName: ut(marked('callName')),
    privacyLine: marked('privacyLine'),
    result: markedResult(),
    ...over,
  });
}

/** What an element says without being text: its name, its tooltip, its placeholder. */
const SAID_BY_ATTRIBUTE = ['title', 'aria-label', 'aria-description', 'alt', 'placeholder'];

/** Every text and said attribute in `scope` in document order, until `header`. */
function saidBefore(scope: Element, header: Element): string[] {
  const said: string[] = [];
  let reached = false;
  const visit = (node: Node) => {
    if (reached) return;
    if (node === header) {
      reached = true;
      return;
    }
    if (node.nodeType === Node.TEXT_NODE) said.push(node.textContent ?? '');
    if (node instanceof Element) {
      for (const name of SAID_BY_ATTRIBUTE) {
        const value = node.getAttribute(name);
        if (value) said.push(value);
      }
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(scope);
  return said;
}

/** The header line of one result's part of the page, and the site's text (but the agent's name) before it. */
function siteTextAboveHeader(scope: HTMLElement): string[] {
  const header = within(scope).getByRole('note', { name: 'From the site' });
  expect(header.classList.contains('result-header')).toBe(true);
  // Not vacuous: the result's text is on the page, under the header line.
  expect(scope.textContent).toContain(MARK);
  return saidBefore(scope, header).filter((text) => text.replaceAll(AGENT_NAME, '').includes(MARK));
}

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.connection.put(makeConnectionRow({ privacyLineShown: false }));
});
afterEach(cleanup);

async function showCall(call: CallRow): Promise<HTMLElement> {
  await db.calls.put(call);
  renderPanel(<CallView localId={call.localId} onEdit={() => {}} onFollowUp={() => {}} />, fakeActions().actions);
  await screen.findByRole('article', { name: 'Call result' });
  return (await screen.findByRole('heading', { level: 1 })).closest('section') as HTMLElement;
}

describe('above a result’s header line, only our words and the agent’s name (rule 2)', () => {
  it.each([
    ['an ended call that sent no text', markedCall({ request: { agentId: 'ag_1', callId: 'apply' } })],
    ['an ended question call', markedCall({ request: { agentId: 'ag_1', callId: 'question', question: 'Which?' } })],
    [
      'a call whose last read failed with a message of the site’s',
      markedCall({ error: memberError('odd_code', 'The site refused it.', { siteMessage: marked('siteMessage') }) }),
    ],
    [
      'a running call whose reads answer about another run',
      markedCall({
        state: 'started',
        result: markedResult({ status: 'in_progress', charge: null }),
        otherRunReads: OTHER_RUN_READS_SAID,
      }),
    ],
    [
      'a custom call with no name (its id is the site’s)',
      markedCall({
        request: { agentId: 'ag_1', callId: marked('callId') },
        callName: ut(''),
        result: markedResult({ callId: marked('callId'), untrustedCallName: ut('') }),
      }),
    ],
  ])('the call’s own view: %s', async (_, call) => {
    const view = await showCall(call);
    // The agent's name is in the title, above: allowed, and found (the check sees the title).
    expect(within(view).getByRole('heading', { level: 1 }).textContent).toContain(AGENT_NAME);
    expect(siteTextAboveHeader(view)).toEqual([]);
  });

  it('a result in a list of results, whole or folded', () => {
    const { actions } = fakeActions();
    renderPanel(<ResultView call={markedCall()} result={markedResult()} />, actions);
    expect(siteTextAboveHeader(screen.getByRole('article', { name: 'Call result' }))).toEqual([]);
    cleanup();
    renderPanel(<ResultFolded result={markedResult()} />, actions);
    expect(siteTextAboveHeader(screen.getByRole('article', { name: 'Call result' }))).toEqual([]);
  });

  it('every result of a session, started here or not, whole or folded', async () => {
    const results = [1, 2, 3, 4].map((i) =>
      markedResult({ runId: `r${i}`, sessionId: 's1', callId: i % 2 ? 'apply' : 'question' }),
    );
    await db.sessions.put(
      sessionRow(session({ untrustedAgentName: ut(AGENT_NAME), calls: 4, results }), '2026-11-01T10:00:00.000Z'),
    );
    // The newest was started from this browser (its row holds the preview's names).
    await db.calls.put(markedCall({ runId: 'r4', sessionId: 's1', result: results[3] as CallResult }));
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Results in this session, in order' });
    const items = within(list).getAllByRole('listitem', { name: /^Result \d$/ });
    expect(items).toHaveLength(4);
    for (const item of items) expect(siteTextAboveHeader(item)).toEqual([]);
  });
});
