// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CallDraft, followUpDraft } from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import { SessionView } from '@/components/sessions/SessionView';
import type { Preview } from '@/lib/contract/calls';
import type { Session } from '@/lib/contract/sessions';
import { db } from '@/lib/db';
import { sessionRow } from '@/lib/db/session-row';
import type { CommandResult } from '@/lib/protocol/commands';
import { callResult, questionsObject, session } from '@/test/unit/plan/fixtures';
import { fakeActions, makeCall, makeConnectionRow, makePreview, makeResult, memberError } from './fixtures';
import { renderPanel } from './render-panel';

const DRAFT: CallDraft = {
  agentId: 'ag_1',
  agentName: null,
  callId: 'apply',
  details: '',
  question: '',
  maxDollars: '',
  subject: null,
  intentId: 'intent-1',
};

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Linux x86_64');
});
afterEach(cleanup);

const ok = (preview: Preview) => ({ ok: true, value: { preview, requestChecked: true } }) as CommandResult<'preview'>;
const failed = () =>
  ({
    ok: false,
    error: memberError('server_error', 'Something failed on the site’s side. Try again shortly.'),
  }) as CommandResult<'preview'>;
const started = (p: unknown) =>
  ({
    ok: true,
    value: { localId: (p as { localId: string }).localId, state: 'started' },
  }) as CommandResult<'startCall'>;
const starts = (sent: { name: string; payload: unknown }[]) =>
  sent.filter((s) => s.name === 'startCall').map((s) => (s.payload as { request: Record<string, unknown> }).request);
const previews = (sent: { name: string; payload: unknown }[]) =>
  sent.filter((s) => s.name === 'preview').map((s) => s.payload as Record<string, unknown>);
const pause = () => new Promise((r) => setTimeout(r, 50));
/** A start that may go: enabled, and not held back while its preview is read. */
const ready = (button: HTMLElement) =>
  !(button as HTMLButtonElement).disabled && button.getAttribute('aria-disabled') !== 'true';

/** A passed call to `agentId` charged `cents`, made `minute` minutes into the day. */
function charged(agentId: string, cents: number, minute: number, over: Parameters<typeof makeCall>[0] = {}) {
  return makeCall({
    localId: `00000000-0000-4000-8000-${String(minute).padStart(12, '0')}`,
    request: { agentId, callId: 'question', question: 'q' },
    createdAt: `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
    result: makeResult({ status: 'passed', charge: { ...makeResult().charge!, chargedCents: cents } }),
    ...over,
  });
}

describe('the money block in the preview', () => {
  it('says, in this order: what it holds of what, the site’s sentence quoted, the approval, the member’s own charges', async () => {
    await db.calls.bulkPut([
      charged('ag_1', 18, 1),
      charged('ag_1', 31, 2),
      charged('ag_1', 23, 3),
      charged('ag_1', 25, 4),
      // Not a charge of this member's by this agent: failed, returned, another agent.
      charged('ag_1', 99, 5, { result: makeResult({ status: 'failed', charge: null }) }),
      charged('ag_1', 77, 6, { result: makeResult({ status: 'returned' }) }),
      charged('ag_2', 500, 7),
    ]);
    const fake = fakeActions({
      preview: () =>
        ok(
          makePreview({
            agentId: 'ag_1',
            limitCents: 2500,
            spendableCents: 2850,
            limitBy: 'safety_ceiling',
            sentence: 'Charged for what it uses, only if it passes.',
            needsApproval: true,
            approvalLine: 'Your 11th call today waits for you.',
          }),
        ),
    });
    renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    const block = await screen.findByRole('group', { name: 'Money for this call' });
    await within(block).findByText(/Your last 4 calls to it/);
    const parts = [...block.children].map((c) => c.textContent);
    expect(parts).toEqual([
      'Holds up to $25.00 (the site’s own cap) of your $28.50.',
      'From the site Charged for what it uses, only if it passes.',
      'Needs your approval on the site: Your 11th call today waits for you.',
      'Your last 4 calls to it: $0.18 to $0.31 (your own history, not a price).',
    ]);
    // The site's sentence as the site's text (quoted block), said once on the screen.
    expect(
      within(block).getByText('Charged for what it uses, only if it passes.').closest('.site-quote'),
    ).not.toBeNull();
    expect(screen.getAllByText('Charged for what it uses, only if it passes.')).toHaveLength(1);
    expect(document.body.textContent).not.toContain('Holds and can charge at most');
    // The start names the hold.
    expect(screen.getByRole('button', { name: 'Start · holds up to $25.00' })).toBeTruthy();
  });

  it('says nothing of the history when this browser knows no charge by the agent, and no "set by" for the credits', async () => {
    await db.calls.put(charged('ag_2', 40, 1));
    const fake = fakeActions({
      preview: () => ok(makePreview({ agentId: 'ag_1', limitCents: 1500, spendableCents: 1500, limitBy: 'credits' })),
    });
    renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    const block = await screen.findByRole('group', { name: 'Money for this call' });
    await pause();
    expect(block.textContent).not.toMatch(/Your last/);
    expect(block.querySelector('.limit-line')?.textContent).toBe('Holds up to $15.00 of your $15.00.');
    expect(block.textContent).not.toMatch(/Needs your approval/);
  });

  it('one earlier charge is said as one', async () => {
    await db.calls.put(charged('ag_1', 23, 1));
    renderPanel(
      <PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />,
      fakeActions({ preview: () => ok(makePreview({ agentId: 'ag_1' })) }).actions,
    );
    await waitFor(() =>
      expect(document.querySelector('.own-history')?.textContent).toBe(
        'Your last call to it: $0.23 (your own history, not a price).',
      ),
    );
  });
});

describe('starting only what was seen', () => {
  it('a failed preview read blocks the start (click, Enter and Ctrl+Enter) until it answers; Try again reads it again', async () => {
    let fail = true;
    const fake = fakeActions({ preview: () => (fail ? failed() : ok(makePreview())), startCall: started });
    renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('Could not check this call: try again.');
    const start = screen.getByRole('button', { name: 'Start the call' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    const form = screen.getByRole('form', { name: 'Start a call' });
    fireEvent.click(start);
    fireEvent.submit(form);
    fireEvent.keyDown(form, { key: 'Enter', ctrlKey: true });
    await pause();
    expect(starts(fake.sent)).toEqual([]);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const named = await screen.findByRole('button', { name: 'Start · holds up to $15.00' });
    expect((named as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/Could not check this call/)).toBeNull();
    fireEvent.keyDown(form, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(starts(fake.sent)).toHaveLength(1));
  });

  it('text typed after the preview waits for its own preview: neither a click nor a submit starts the call before', async () => {
    const fake = fakeActions({ preview: () => ok(makePreview()), startCall: started });
    renderPanel(
      <PreviewView initial={{ ...DRAFT, moreOptions: true }} onStarted={() => undefined} onBack={() => undefined} />,
      fake.actions,
    );
    await screen.findByRole('button', { name: 'Start · holds up to $15.00' });
    fireEvent.input(screen.getByRole('textbox', { name: /^Details/ }), { target: { value: 'Set up a replica' } });
    const start = screen.getByRole('button', { name: 'Start · holds up to $15.00' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Start a call' }));
    await pause();
    expect(starts(fake.sent)).toEqual([]);
    // Once the preview is read for the text on screen, the start goes with it.
    await waitFor(() => expect(start.disabled).toBe(false), { timeout: 3000 });
    expect(previews(fake.sent).at(-1)).toMatchObject({ details: 'Set up a replica' });
    fireEvent.click(start);
    await waitFor(() =>
      expect(starts(fake.sent)).toEqual([{ agentId: 'ag_1', callId: 'apply', details: 'Set up a replica' }]),
    );
  });
});

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
const beforePlan = () => session({ questions: questionsObject({ shown: [], gate: { ready: true, missing: [] } }) });
/** The session's first call, from this browser, with the member's "Spend at most". */
const firstCall = (maxCents: number) =>
  makeCall({
    sessionId: 's1',
    request: { agentId: 'ag1', callId: 'apply', details: 'Build a shop', maxCents },
    createdAt: '2026-05-01T09:00:00.000Z',
  });

describe('calls started from a session are confirmed the same way', () => {
  it('Ask shows the money block read with the session before it works, and carries the first call’s Spend at most', async () => {
    await store(planDone());
    await db.calls.put(firstCall(400));
    const fake = fakeActions({
      preview: () => ok(makePreview({ agentId: 'ag1', limitCents: 400, limitBy: 'caller_max', spendableCents: 2850 })),
      startCall: started,
    });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    const form = await screen.findByRole('form', { name: 'Ask a question in this session' });
    const max = within(form).getByRole('textbox', { name: 'Spend at most, in dollars (optional)' }) as HTMLInputElement;
    expect(max.value).toBe('4.00');
    fireEvent.input(within(form).getByRole('textbox', { name: /^Your question/ }), {
      target: { value: 'Which version?' },
    });
    const ask = await within(form).findByRole('button', { name: 'Ask · holds up to $4.00' }, { timeout: 3000 });
    await waitFor(() => expect(ready(ask)).toBe(true), { timeout: 3000 });
    const block = within(form).getByRole('group', { name: 'Money for this call' });
    expect(block.textContent).toContain('Holds up to $4.00 (your maximum for this call) of your $28.50.');
    // Before the start button in the form's order.
    expect(block.compareDocumentPosition(ask) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(previews(fake.sent)).toContainEqual({
      agentId: 'ag1',
      callId: 'question',
      sessionId: 's1',
      question: 'Which version?',
      maxCents: 400,
    });
    fireEvent.click(ask);
    await waitFor(() =>
      expect(starts(fake.sent)).toEqual([
        { agentId: 'ag1', callId: 'question', sessionId: 's1', question: 'Which version?', maxCents: 400 },
      ]),
    );
  });

  it('Ask stays disabled while its preview read fails, Ctrl+Enter too, and works once it answers', async () => {
    await store(planDone());
    let fail = true;
    const fake = fakeActions({
      preview: () => (fail ? failed() : ok(makePreview({ agentId: 'ag1' }))),
      startCall: started,
    });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    const form = await screen.findByRole('form', { name: 'Ask a question in this session' });
    const box = within(form).getByRole('textbox', { name: /^Your question/ });
    fireEvent.input(box, { target: { value: 'Which version?' } });
    await within(form).findByText(/Could not check this call: try again/, {}, { timeout: 3000 });
    const ask = within(form).getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.submit(form);
    await pause();
    expect(starts(fake.sent)).toEqual([]);
    fail = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Try again' }));
    await within(form).findByRole('button', { name: 'Ask · holds up to $15.00' });
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(starts(fake.sent)).toHaveLength(1));
  });

  it('while answers are missing "Make the plan" names the hold; its money block comes once it can be pressed', async () => {
    await store(session({ questions: questionsObject() }));
    const fake = fakeActions({
      preview: () => ok(makePreview({ agentId: 'ag1', limitCents: 2500, spendableCents: 2850 })),
      startCall: started,
    });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    const next = await screen.findByRole('region', { name: 'Next step' });
    const make = await within(next).findByRole('button', { name: 'Make the plan · holds up to $25.00' });
    expect((make as HTMLButtonElement).disabled).toBe(true);
    expect(within(next).getByText('Answer 2 more first')).toBeTruthy();
    expect(within(next).queryByRole('group', { name: 'Money for this call' })).toBeNull();
    fireEvent.click(within(next).getByRole('button', { name: 'Use the recommended answers' }));
    const block = await within(next).findByRole('group', { name: 'Money for this call' });
    expect(block.textContent).toContain('Holds up to $25.00');
    expect(block.compareDocumentPosition(make) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(ready(make)).toBe(true));
  });

  it('"Make the plan" shows the block before it works, names the hold, and sends the Spend at most shown', async () => {
    await store(beforePlan());
    await db.calls.put(firstCall(300));
    let fail = true;
    const fake = fakeActions({
      preview: () => (fail ? failed() : ok(makePreview({ agentId: 'ag1', limitCents: 300, limitBy: 'caller_max' }))),
      startCall: started,
    });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    const next = await screen.findByRole('region', { name: 'Next step' });
    await within(next).findByText(/Could not check this call/);
    const make = within(next).getByRole('button', { name: 'Make the plan' });
    expect(ready(make)).toBe(false);
    fireEvent.click(make);
    await pause();
    expect(starts(fake.sent)).toEqual([]);
    fail = false;
    fireEvent.click(within(next).getByRole('button', { name: 'Try again' }));
    const named = await within(next).findByRole('button', { name: 'Make the plan · holds up to $3.00' });
    expect(within(next).getByRole('group', { name: 'Money for this call' }).textContent).toContain('Holds up to $3.00');
    expect(ready(named)).toBe(true);
    const max = within(next).getByRole('textbox', { name: 'Spend at most, in dollars (optional)' }) as HTMLInputElement;
    expect(max.value).toBe('3.00');
    // Changeable: a new amount is read again before the start goes with it.
    fireEvent.input(max, { target: { value: '2' } });
    await waitFor(() => expect(previews(fake.sent).at(-1)).toMatchObject({ maxCents: 200 }), { timeout: 3000 });
    await waitFor(() =>
      expect(
        ready(
          within(next)
            .getAllByRole('button')
            .find((b) => /^Make the plan/.test(b.textContent ?? ''))!,
        ),
      ).toBe(true),
    );
    fireEvent.click(
      within(next)
        .getAllByRole('button')
        .find((b) => /^Make the plan/.test(b.textContent ?? ''))!,
    );
    await waitFor(() =>
      expect(starts(fake.sent)).toEqual([{ agentId: 'ag1', callId: 'apply', sessionId: 's1', maxCents: 200 }]),
    );
  });

  it('the revision names its hold and waits for the preview of the text typed', async () => {
    await store(planDone());
    const fake = fakeActions({
      preview: () => ok(makePreview({ agentId: 'ag1', limitCents: 900 })),
      startCall: started,
    });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    const revise = await screen.findByRole('form', { name: 'Revise the plan' });
    fireEvent.input(within(revise).getByRole('textbox'), { target: { value: 'Fewer steps' } });
    const send = within(revise).getByRole('button', { name: /^Send the revision/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    await waitFor(() => expect(send.disabled).toBe(false), { timeout: 3000 });
    expect(send.textContent).toBe('Send the revision · holds up to $9.00');
    expect(previews(fake.sent).at(-1)).toEqual({
      agentId: 'ag1',
      callId: 'apply',
      sessionId: 's1',
      details: 'Fewer steps',
    });
    fireEvent.click(send);
    await waitFor(() => expect(starts(fake.sent)).toHaveLength(1));
  });

  it('a key scoped to the session reads no preview, says the limit comes with the start, then says the 202’s', async () => {
    await db.connection.put(makeConnectionRow({ sessionId: 's1' }));
    await store(planDone());
    const fake = fakeActions({
      startCall: (p) => {
        const localId = (p as { localId: string }).localId;
        void db.calls.put(makeCall({ localId, sessionId: 's1', state: 'started', holdCents: 1200, result: null }));
        return { ok: true, value: { localId, state: 'started' } };
      },
    });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    const form = await screen.findByRole('form', { name: 'Ask a question in this session' });
    // Nothing to confirm before a question is typed; then the key's limit is said to come with the start.
    expect(within(form).queryByRole('note')).toBeNull();
    fireEvent.input(within(form).getByRole('textbox', { name: /^Your question/ }), { target: { value: 'Why?' } });
    expect((await within(form).findByRole('note')).textContent).toBe(
      'This key can’t check a call before it starts: the limit it holds is shown once it has started.',
    );
    const ask = within(form).getByRole('button', { name: 'Ask' });
    await waitFor(() => expect(ready(ask)).toBe(true));
    fireEvent.click(ask);
    expect(
      (await within(form).findByText(/^Started: it holds up to \$12\.00 while it runs, as the site answered/))
        .textContent,
    ).toContain('this key can’t check a call before it starts');
    expect(previews(fake.sent)).toEqual([]);
  });

  it('a follow-up starts from the Spend at most of the call it follows', () => {
    const draft = followUpDraft(
      makeCall({ request: { agentId: 'ag_1', callId: 'apply', maxCents: 250 } }),
      'ses_1',
      'Why?',
    );
    expect(draft.maxDollars).toBe('2.50');
  });
});
