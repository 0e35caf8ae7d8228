// @vitest-environment happy-dom
import { sessionRow } from '@/lib/db/session-row';
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionView } from '@/components/sessions/SessionView';
import type { Session } from '@/lib/contract/sessions';
import { db } from '@/lib/db';
import { fakeActions } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { callResult, questionsObject, session } from '@/test/unit/plan/fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Linux x86_64');
});
afterEach(cleanup);

async function store(s: Session) {
  await db.sessions.put(sessionRow(s, '2026-11-01T10:00:00.000Z'));
}

const planDone = () =>
  session({
    calls: 1,
    questions: questionsObject({
      pass: { canReread: false, planResultExists: true },
      shown: [],
      gate: { ready: true, missing: [] },
    }),
    results: [callResult({ runId: 'r1' })],
  });

function startedCalls(sent: { name: string; payload: unknown }[]) {
  return sent
    .filter((s) => s.name === 'startCall')
    .map((s) => (s.payload as { request: Record<string, unknown> }).request);
}
/** A start that may go: enabled, and not held back while its preview is read. */
const ready = (name: string) => {
  const button = screen.getByRole('button', { name }) as HTMLButtonElement;
  return !button.disabled && button.getAttribute('aria-disabled') !== 'true';
};
const ctrlEnter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', ctrlKey: true });
const pause = () => new Promise((r) => setTimeout(r, 50));

describe('Ctrl/⌘+Enter in a session', () => {
  it('makes the plan from an answer once the answers are enough, as the button does; not before', async () => {
    await store(session());
    const { actions, sent } = fakeActions();
    renderPanel(<SessionView sessionId="s1" />, actions);
    const make = await screen.findByRole('button', { name: 'Make the plan' });
    expect(make.title).toBe('Ctrl+Enter');
    const stack = screen.getByRole('group', { name: 'Ask stack?' });
    const optionA = within(stack).getByRole('radio', { name: /^Option A/ });
    fireEvent.click(optionA);
    // One answer is still missing: the button is disabled and the key does nothing.
    await waitFor(() => expect((make as HTMLButtonElement).disabled).toBe(true));
    ctrlEnter(optionA);
    await pause();
    expect(startedCalls(sent)).toEqual([]);
    const leave = within(screen.getByRole('group', { name: 'Ask hosting?' })).getByRole('radio', {
      name: 'Leave it to the agent',
    });
    fireEvent.click(leave);
    await waitFor(() => expect(ready('Make the plan')).toBe(true), { timeout: 3000 });
    ctrlEnter(leave);
    await waitFor(() => expect(startedCalls(sent)).toHaveLength(1));
    expect(startedCalls(sent)[0]).toMatchObject({ callId: 'apply', sessionId: 's1' });
  });

  it('asks the question typed in the session, once', async () => {
    await store(planDone());
    const { actions, sent } = fakeActions({
      startCall: () => ({ ok: true, value: { localId: 'x', state: 'started' } }),
    });
    renderPanel(<SessionView sessionId="s1" />, actions);
    const box = await screen.findByLabelText(/^Your question/);
    expect(screen.getByRole('button', { name: 'Ask' }).title).toBe('Ctrl+Enter');
    fireEvent.input(box, { target: { value: 'Which version?' } });
    await waitFor(() => expect(ready('Ask')).toBe(true), { timeout: 3000 });
    fireEvent.keyDown(box, { key: 'Enter' });
    await pause();
    expect(startedCalls(sent)).toEqual([]);
    ctrlEnter(box);
    await waitFor(() =>
      expect(startedCalls(sent)).toEqual([
        { agentId: 'ag1', callId: 'question', sessionId: 's1', question: 'Which version?' },
      ]),
    );
  });

  it('sends what to change in the plan from its box', async () => {
    await store(planDone());
    const { actions, sent } = fakeActions({
      startCall: () => ({ ok: true, value: { localId: 'x', state: 'started' } }),
    });
    renderPanel(<SessionView sessionId="s1" />, actions);
    const revise = await screen.findByRole('form', { name: 'Revise the plan' });
    const box = within(revise).getByRole('textbox');
    fireEvent.input(box, { target: { value: 'Use Postgres 16.' } });
    await waitFor(() => expect(ready('Send the revision')).toBe(true), { timeout: 3000 });
    ctrlEnter(box);
    await waitFor(() => expect(startedCalls(sent)).toHaveLength(1));
    expect(startedCalls(sent)[0]).toMatchObject({ callId: 'apply', sessionId: 's1', details: 'Use Postgres 16.' });
  });
});
