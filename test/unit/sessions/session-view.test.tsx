// @vitest-environment happy-dom
import { sessionRow } from '@/lib/db/session-row';
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionView } from '@/components/sessions/SessionView';
import type { Session } from '@/lib/contract/sessions';
import { db } from '@/lib/db';
import type { CallRow } from '@/lib/db/tables/calls';
import { DRAFT_SAVE_MS } from '@/components/sessions/drafts';
import { NEWEST_LISTED } from '@/lib/sessions/results-shown';
import { readAhead } from '@/lib/db/first-read';
import { sessionQuery } from '@/lib/db/panel-queries';
import { fakeActions, makeCall, memberError } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { answer, callResult, question, questionsObject, session, ut } from '@/test/unit/plan/fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

async function store(s: Session, readAt = '2026-11-01T10:00:00.000Z') {
  await db.sessions.put(sessionRow(s, readAt));
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

describe('SessionView', () => {
  it('reads the session (and its plan) on open, and shows the cache while offline', async () => {
    await store(session());
    const { actions, sent } = fakeActions({
      refreshSession: () => ({ ok: false, error: memberError('offline', 'The site cannot be reached.') }),
    });
    renderPanel(<SessionView sessionId="s1" />, actions);
    await screen.findByRole('heading', { name: 'Shop Builder' });
    await screen.findByText('Could not update; showing the last version.', { exact: false });
    await waitFor(() => expect(sent.map((s) => s.name)).toEqual(['refreshSession', 'refreshPlan']));
    expect(screen.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeTruthy();
  });

  it('says what the session is under its heading: its way alone before a call, then its status, calls and charge', async () => {
    await store(session());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const heading = await screen.findByRole('heading', { name: 'Shop Builder' });
    // "Open · 0 calls · charged $0.00" would say nothing before the first call.
    expect(heading.nextElementSibling?.textContent).toBe('Plan my project');
    cleanup();
    await store(session({ status: 'closed' }));
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    expect((await screen.findByRole('heading', { name: 'Shop Builder' })).nextElementSibling?.textContent).toBe(
      'Plan my project · Closed: start a new session to go on',
    );
    cleanup();
    await store(session({ calls: 2, chargedCents: 45 }));
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    expect((await screen.findByRole('heading', { name: 'Shop Builder' })).nextElementSibling?.textContent).toBe(
      'Plan my project · Open · 2 calls · charged $0.45',
    );
  });

  it('before the plan: "Make the plan" follows the questions, disabled with how many are missing', async () => {
    await store(session());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const next = await screen.findByRole('region', { name: 'Next step' });
    const make = within(next).getByRole('button', { name: 'Make the plan' }) as HTMLButtonElement;
    expect(make.disabled).toBe(true);
    const why = within(next).getByText('Answer 2 more first');
    expect(make.getAttribute('aria-describedby')).toBe(why.id);
    const questions = screen.getByRole('heading', { name: /^Question 1 of \d+$/ });
    const firstQuestion = screen.getByRole('group', { name: 'Ask stack?' });
    // One question at a time: the later ones wait as a list of their asks.
    expect(screen.queryByRole('group', { name: 'Ask hosting?' })).toBeNull();
    const lastQuestion = screen.getByRole('region', { name: 'Still to answer' });
    // No result yet while the questions lead: no empty "Results" heading after them.
    expect(screen.queryByRole('heading', { name: 'Results' })).toBeNull();

    const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    // Where the member looks once they have answered: after the question and those waiting, in the flow.
    expect(follows(questions, firstQuestion)).toBe(true);
    expect(follows(firstQuestion, lastQuestion)).toBe(true);
    expect(follows(lastQuestion, make)).toBe(true);
    // Said once: no gate box, no sentence about the apply call, no save button beside "saved as you go".
    expect(screen.queryByText(/The plan waits/)).toBeNull();
    expect(screen.queryByText(/The apply call makes the plan/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save these answers' })).toBeNull();
  });

  it('once the plan exists, the plan leads and no next-step box is shown', async () => {
    await store(planDone());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    await screen.findByRole('region', { name: 'The plan' });
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull();
  });

  it('the apply call waits for the gate: nothing is sent while a detail is missing', async () => {
    await store(session());
    const { actions, sent } = fakeActions();
    renderPanel(<SessionView sessionId="s1" />, actions);
    fireEvent.click(await screen.findByRole('button', { name: 'Make the plan' }));
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Still to answer' })).getByRole('button', { name: 'Ask hosting?' }),
    );
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Ask hosting?' })).getByRole('radio', { name: 'Leave it to the agent' }),
    );
    await screen.findByText('Answer 1 more first');
    expect((screen.getByRole('button', { name: 'Make the plan' }) as HTMLButtonElement).disabled).toBe(true);
    expect(startedCalls(sent)).toEqual([]);
  });

  it('answers typed are saved as drafts (debounced) and go with the apply call once the gate is met', async () => {
    await store(session());
    const { actions, sent } = fakeActions();
    renderPanel(<SessionView sessionId="s1" />, actions);
    const stack = await screen.findByRole('group', { name: 'Ask stack?' });
    fireEvent.click(within(stack).getByRole('radio', { name: /^Option A/ }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Ask hosting?' })).getByRole('radio', { name: 'Leave it to the agent' }),
    );
    await waitFor(() => expect(sent.filter((s) => s.name === 'saveAnswerDraft')).toHaveLength(2), {
      timeout: DRAFT_SAVE_MS * 5,
    });
    expect(sent.find((s) => s.name === 'saveAnswerDraft')?.payload).toEqual({
      sessionId: 's1',
      key: 'stack',
      draft: { choice: 'option', optionKeys: ['a'], own: '' },
    });
    await waitFor(() => expect(ready('Make the plan')).toBe(true), { timeout: 3000 });
    expect(screen.queryByText(/more first/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Make the plan' }));
    await waitFor(() => expect(startedCalls(sent)).toHaveLength(1));
    expect(startedCalls(sent)[0]).toEqual({
      agentId: 'ag1',
      callId: 'apply',
      sessionId: 's1',
      answers: { stack: { kind: 'option', optionKeys: ['a'] }, hosting: { kind: 'left_to_agent' } },
    });
  });

  it('starts from the stored drafts, and shows the site’s word on an answer that did not fit', async () => {
    await store(session());
    await db.answerDrafts.put({
      sessionId: 's1',
      key: 'stack',
      draft: { choice: 'own', optionKeys: [], own: 'Rails on a VM' },
      siteProblem: 'too vague',
      updatedAt: 'x',
    });
    const { actions, sent } = fakeActions();
    renderPanel(<SessionView sessionId="s1" />, actions);
    const own = (await screen.findAllByRole('textbox')).find(
      (t) => (t as HTMLTextAreaElement).value === 'Rails on a VM',
    );
    expect(own).toBeTruthy();
    await screen.findByText('too vague', { exact: false });
    // Kept as stored, and sent with the next call: there is nothing to save by hand.
    expect(screen.queryByRole('button', { name: 'Save these answers' })).toBeNull();
    expect(sent.some((s) => s.name === 'putAnswers')).toBe(false);
  });

  it('"Use the recommended answers" answers every open question at once, saved as drafts, and the plan can be made', async () => {
    await store(session());
    const { actions, sent } = fakeActions();
    renderPanel(<SessionView sessionId="s1" />, actions);
    const next = await screen.findByRole('region', { name: 'Next step' });
    fireEvent.click(within(next).getByRole('button', { name: 'Use the recommended answers' }));
    const make = within(next).getByRole('button', { name: 'Make the plan' }) as HTMLButtonElement;
    await waitFor(() => expect(make.disabled).toBe(false));
    expect(document.activeElement).toBe(make);
    await waitFor(() => expect(sent.filter((s) => s.name === 'saveAnswerDraft')).toHaveLength(2), {
      timeout: DRAFT_SAVE_MS * 5,
    });
    await waitFor(() => expect(ready('Make the plan')).toBe(true), { timeout: 3000 });
    fireEvent.click(make);
    await waitFor(() => expect(startedCalls(sent)).toHaveLength(1));
    expect(startedCalls(sent)[0]?.answers).toEqual({
      stack: { kind: 'option', optionKeys: ['b'] },
      hosting: { kind: 'option', optionKeys: ['b'] },
    });
  });

  it('marks the questions the plan does not wait for as optional', async () => {
    const shown = [question('stack'), question('hosting')];
    await store(
      session({
        questions: questionsObject({
          shown,
          questions: { opening: shown, followUps: [], required: ['stack'], forQuestion: [] },
          gate: { ready: false, missing: [{ key: 'stack', untrustedDetail: ut('Detail stack') }] },
        }),
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const waiting = await screen.findByRole('region', { name: 'Still to answer' });
    expect(within(waiting).getByRole('listitem').textContent).toBe('Ask hosting? Optional');
    fireEvent.click(within(waiting).getByRole('button', { name: 'Ask hosting?' }));
    expect(await screen.findByRole('group', { name: 'Ask hosting? Optional' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Ask stack?' })).toBeTruthy();
    expect(screen.getByText('Answer 1 more first')).toBeTruthy();
  });

  it('409 details_missing from the site is shown like the gate', async () => {
    await store(session({ questions: questionsObject({ gate: { ready: true, missing: [] } }) }));
    const refused: CallRow = {
      ...makeCall({ localId: 'c1', sessionId: 's1', state: 'refused', result: null, runId: null }),
      request: { agentId: 'ag1', callId: 'apply', sessionId: 's1' },
      error: memberError(
        'details_missing',
        'The agent waits for one detail.',
        { missing: [{ key: 'budget', untrustedDetail: ut('Your budget') }] },
        409,
      ),
    };
    await db.calls.put(refused);
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const region = await screen.findByRole('region', { name: 'Calls on their way' });
    expect(within(region).getByText(/The plan did not start/)).toBeTruthy();
    expect(within(region).getByRole('list', { name: 'Missing details, first asked first' }).textContent).toBe(
      'Your budget',
    );
  });

  it('an apply call refused with invalid_answers marks the answers that did not fit', async () => {
    await store(session());
    await db.calls.put({
      ...makeCall({ localId: 'c1', sessionId: 's1', state: 'refused', result: null, runId: null }),
      request: {
        agentId: 'ag1',
        callId: 'apply',
        sessionId: 's1',
        answers: { stack: { kind: 'option', optionKeys: ['zz'] } },
      },
      error: memberError(
        'invalid_answers',
        'An answer does not fit.',
        { problems: [{ key: 'stack', problem: 'zz is not an option' }] },
        400,
      ),
    });
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const stack = await screen.findByRole('group', { name: 'Ask stack?' });
    await within(stack).findByText('zz is not an option', { exact: false });
  });

  it('after the plan passed: the revise form, an empty revision refused here, a real one sent as details', async () => {
    await store(planDone());
    await db.plans.put({
      sessionId: 's1',
      plan: {
        sessionId: 's1',
        runId: 'r1',
        version: 1,
        untrustedMarkdown: ut('# Steps\n\nSee [docs](https://docs.example.org)'),
        at: '2026-11-01T10:00:00Z',
      },
      readAt: 'x',
    });
    const { actions, sent } = fakeActions();
    renderPanel(<SessionView sessionId="s1" />, actions);
    await screen.findByRole('heading', { name: 'The plan, version 1' });
    const form = await screen.findByRole('form', { name: 'Revise the plan' });
    await waitFor(() => expect(ready('Send the revision')).toBe(true));
    fireEvent.click(within(form).getByRole('button', { name: 'Send the revision' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Say what to change or ask about the plan');
    fireEvent.input(within(form).getByRole('textbox'), { target: { value: 'Fewer steps' } });
    await waitFor(() => expect(ready('Send the revision')).toBe(true), { timeout: 3000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Send the revision' }));
    await waitFor(() =>
      expect(startedCalls(sent)).toEqual([
        { agentId: 'ag1', callId: 'apply', sessionId: 's1', details: 'Fewer steps' },
      ]),
    );
    // The plan's links open only on a click, through the background.
    fireEvent.click(screen.getByRole('button', { name: /Open .*docs\.example\.org/ }));
    expect(sent.find((s) => s.name === 'openExternalUrl')?.payload).toEqual({ url: 'https://docs.example.org/' });
    // Rewriting the request is no longer offered.
    expect(screen.getAllByText(/can no longer be rewritten/).length).toBeGreaterThan(0);
  });

  it('shows the row read ahead on the click that opened it, then follows the cache', async () => {
    await store(session({ untrustedAgentName: ut('Shop Builder, as cached now') }));
    readAhead(sessionQuery.aheadKey?.('s1') ?? '', async () =>
      sessionRow(session({ untrustedAgentName: ut('Shop Builder, read on the click') }), '2026-11-01T10:00:00.000Z'),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    await screen.findByRole('heading', { level: 1, name: 'Shop Builder, read on the click' });
    await screen.findByRole('heading', { level: 1, name: 'Shop Builder, as cached now' });
  });

  it('a view put up after its read ahead answered has the row at its first render, with no loading step', async () => {
    await store(session({ untrustedAgentName: ut('Shop Builder, as cached now') }));
    await readAhead(sessionQuery.aheadKey?.('s1') ?? '', async () =>
      sessionRow(session({ untrustedAgentName: ut('Shop Builder, read on the click') }), '2026-11-01T10:00:00.000Z'),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    // At once, not found later: the first render has it.
    expect(screen.getByRole('heading', { level: 1, name: 'Shop Builder, read on the click' })).toBeTruthy();
    expect(screen.queryByText('Loading the session…')).toBeNull();
    // Then the live query follows the cache.
    await screen.findByRole('heading', { level: 1, name: 'Shop Builder, as cached now' });
  });

  it('a session with a plan never says "No plan yet" while the plan is being read', async () => {
    await store(planDone());
    await db.plans.put({
      sessionId: 's1',
      plan: { sessionId: 's1', runId: 'r1', version: 1, untrustedMarkdown: ut('# Steps'), at: '2026-11-01T10:00:00Z' },
      readAt: 'x',
    });
    let said = false;
    const watch = new MutationObserver(() => {
      if (document.body.textContent?.includes('No plan yet')) said = true;
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    await screen.findByRole('heading', { name: 'The plan, version 1' });
    watch.disconnect();
    expect(said).toBe(false);
  });

  it('lists the result that wrote the plan shown above folded, so the plan is not shown twice', async () => {
    await store(
      session({
        questions: questionsObject({ pass: { planResultExists: true, canReread: false }, shown: [] }),
        results: [callResult({ runId: 'r1', note: ut('Step one: measure.') })],
      }),
    );
    await db.plans.put({
      sessionId: 's1',
      plan: {
        sessionId: 's1',
        runId: 'r1',
        version: 1,
        untrustedMarkdown: ut('Step one: measure.'),
        at: '2026-11-01T10:00:00Z',
      },
      readAt: 'x',
    });
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    await screen.findByRole('heading', { name: 'The plan, version 1' });
    const list = await screen.findByRole('list', { name: 'Results in this session, in order' });
    const item = within(list).getByRole('listitem', { name: 'Result 1' });
    // Its status, its header line and what it did, then one button to open the rest.
    expect(item.textContent).toContain('This is the plan.');
    expect(within(item).getByRole('note')).toBeTruthy();
    expect(within(item).queryByRole('region', { name: 'Answer' })).toBeNull();
    expect(within(item).getByRole('button', { name: 'Open result 1' })).toBeTruthy();
    expect(screen.getAllByText('Step one: measure.')).toHaveLength(1);
  });

  it('marks planUnchanged and a question answered alone under their results', async () => {
    await store(
      session({
        questions: questionsObject({ pass: { planResultExists: true, canReread: false }, shown: [] }),
        results: [
          callResult({ runId: 'r1' }),
          callResult({ runId: 'r2', revisesPlan: true, planUnchanged: true, note: ut('It is fine as it is.') }),
          callResult({ runId: 'r3', callId: 'question', note: ut('Use 16.') }),
        ],
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Results in this session, in order' });
    const items = within(list).getAllByRole('listitem', { name: /^Result \d$/ });
    expect(items).toHaveLength(3);
    expect(items[0]?.textContent).toContain('This is the plan.');
    expect(items[1]?.textContent).toContain('The plan stays as it was');
    expect(items[2]?.textContent).toContain('A question on its own');
    // Each result under its header line.
    for (const item of items)
      expect(within(item).getByRole('note').textContent).toMatch(
        /^This is a result from a \w+ Agent\. It is data, not instructions\./,
      );
  });

  it('earlier results are folded under their header line; the member opens and folds each, the newest stays whole', async () => {
    await store(
      session({
        questions: questionsObject({ pass: { planResultExists: true, canReread: false }, shown: [] }),
        results: [1, 2, 3, 4, 5].map((i) =>
          callResult({ runId: `r${i}`, callId: 'question', note: ut(`Answer number ${i}.`) }),
        ),
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Results in this session, in order' });
    const items = within(list).getAllByRole('listitem', { name: /^Result \d$/ });
    expect(items).toHaveLength(5);
    // Every result, folded or not, is under its header line, with its name and status.
    for (const item of items) {
      expect(within(item).getByRole('note').textContent).toMatch(
        /^This is a result from a \w+ Agent\. It is data, not instructions\./,
      );
      expect(within(item).getByRole('heading', { level: 2 })).toBeTruthy();
    }
    // The newest is whole (its note loads lazily) and has nothing to open.
    const newest = items[4] as HTMLElement;
    await within(newest).findByText('Answer number 5.');
    expect(within(newest).queryByRole('button', { name: 'Open result 5' })).toBeNull();
    // The four earlier ones are folded: no note until the member opens one.
    const first = items[0] as HTMLElement;
    expect(first.textContent).not.toContain('Answer number 1.');
    expect((items[1] as HTMLElement).textContent).not.toContain('Answer number 2.');
    const open = within(first).getByRole('button', { name: 'Open result 1' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    await within(first).findByText('Answer number 1.');
    const fold = within(first).getByRole('button', { name: 'Fold result 1' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    // Opening one leaves the others as they were.
    expect((items[1] as HTMLElement).textContent).not.toContain('Answer number 2.');
    expect((items[3] as HTMLElement).textContent).not.toContain('Answer number 4.');
    fireEvent.click(fold);
    await waitFor(() => expect(first.textContent).not.toContain('Answer number 1.'));
    expect(within(first).getByRole('note')).toBeTruthy();
  });

  it('a long session lists its newest results at open; one button lists the earlier ones and hands the focus to the first', async () => {
    const count = NEWEST_LISTED + 4;
    await store(
      session({
        questions: questionsObject({ pass: { planResultExists: true, canReread: false }, shown: [] }),
        results: Array.from({ length: count }, (_, i) =>
          callResult({ runId: `r${i + 1}`, callId: 'question', note: ut(`Answer number ${i + 1}.`) }),
        ),
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Results in this session, in order' });
    const listed = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    // The newest ones, numbered as in the whole session.
    expect(listed()).toEqual(Array.from({ length: NEWEST_LISTED }, (_, i) => `Result ${i + 5}`));
    expect(list.getAttribute('start')).toBe('5');
    const earlier = screen.getByRole('button', { name: 'Show the 4 earlier results' });
    fireEvent.click(earlier);
    await waitFor(() => expect(listed()).toHaveLength(count));
    expect(listed()[0]).toBe('Result 1');
    expect(list.getAttribute('start')).toBe('1');
    expect(screen.queryByRole('button', { name: /earlier result/ })).toBeNull();
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Result 1'));
    // Listed earlier results are folded like the others, under their header line.
    const first = within(list).getByRole('listitem', { name: 'Result 1' });
    expect(within(first).getByRole('note')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Open result 1' })).toBeTruthy();
  });

  it('a question call in the session goes with the session id; the plan is left alone', async () => {
    await store(planDone());
    const { actions, sent } = fakeActions({
      startCall: () => ({ ok: true, value: { localId: 'x', state: 'started' } }),
    });
    renderPanel(<SessionView sessionId="s1" />, actions);
    fireEvent.input(await screen.findByLabelText(/^Your question/), { target: { value: 'Which version?' } });
    await waitFor(() => expect(ready('Ask')).toBe(true), { timeout: 3000 });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() =>
      expect(startedCalls(sent)).toEqual([
        { agentId: 'ag1', callId: 'question', sessionId: 's1', question: 'Which version?' },
      ]),
    );
    await waitFor(() =>
      expect(sent.some((s) => s.name === 'saveTextDraft' && (s.payload as { text: string }).text === '')).toBe(true),
    );
  });

  it('a research session is marked, with the research disclosure and its cut', async () => {
    await store(
      session({
        research: true,
        results: [
          callResult({
            runId: 'r1',
            disclosure: 'Our AI model researched this on the web. It used no one’s shared research.',
            researchCut: { limitCents: 200, limitBy: 'caller_max' },
          }),
        ],
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const marked = (await screen.findByText('Research session.', { exact: false })).parentElement;
    expect(marked?.textContent).toContain('uses no one’s shared research');
    expect(screen.getByText(/Our AI model researched this on the web/)).toBeTruthy();
    expect(screen.getByText(/Web research stopped at its limit/)).toBeTruthy();
  });

  it('names each folded Spend at most for the call it limits: the plan’s and this question’s', async () => {
    await store(session());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const next = await screen.findByRole('region', { name: 'Next step' });
    const plan = within(next).getByRole('button', { name: 'Spend at most' });
    const form = await screen.findByRole('form', { name: 'Ask a question in this session' });
    const question = within(form).getByRole('button', { name: 'Spend at most on this question' });
    expect(screen.queryByRole('button', { name: 'More options' })).toBeNull();
    for (const toggle of [plan, question]) {
      fireEvent.click(toggle);
      const part = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
      expect(within(part).getByRole('textbox', { name: /^Spend at most/ })).toBeTruthy();
    }
  });

  it('while the questions lead, asking aside is folded; a question kept from before stays open, as typed', async () => {
    await store(session());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const form = await screen.findByRole('form', { name: 'Ask a question in this session' });
    const fold = form.closest('details') as HTMLDetailsElement;
    expect(fold.open).toBe(false);
    expect(fold.querySelector('summary')?.textContent).toBe('Ask a question in this session');
    // Said once: the fold's summary names it, the form has no heading of its own.
    expect(within(form).queryByRole('heading')).toBeNull();
    cleanup();

    await db.textDrafts.put({ id: 'question:s1', text: 'Which index first?', updatedAt: '2026-11-01T10:00:00.000Z' });
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const kept = await screen.findByRole('form', { name: 'Ask a question in this session' });
    expect((kept.closest('details') as HTMLDetailsElement).open).toBe(true);
    expect((within(kept).getByRole('textbox', { name: /^Your question/ }) as HTMLTextAreaElement).value).toBe(
      'Which index first?',
    );
  });

  it('once the plan is made, asking a question is in sight with its own heading', async () => {
    await store(planDone());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const form = await screen.findByRole('form', { name: 'Ask a question in this session' });
    expect(form.closest('details')).toBeNull();
    expect(within(form).getByRole('heading', { name: 'Ask a question in this session' })).toBeTruthy();
  });

  it('after the plan, the revision’s Spend at most is named for the revision', async () => {
    await store(planDone());
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    expect(await screen.findByRole('button', { name: 'Spend at most on this revision' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Spend at most on this question' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More options' })).toBeNull();
  });

  it('says how many reads are left once, in plain words, in the rewrite box; a fitting read says nothing else', async () => {
    await store(
      session({
        questions: questionsObject({
          pass: { status: 'done', current: true, verdict: 'fits', readsLeft: 2, canReread: true },
        }),
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    const summary = await screen.findByText('Rewrite your request', { selector: 'summary' });
    (summary.parentElement as HTMLDetailsElement).open = true;
    const box = await screen.findByRole('form', { name: 'Rewrite your request' });
    expect(box.textContent).toContain('It can be read 2 more times in this session.');
    const view = screen.getByRole('region', { name: 'Shop Builder' });
    expect(view.textContent?.match(/2 more times|reads left/g)).toEqual(['2 more times']);
    expect(screen.queryByRole('region', { name: 'Reading your request' })).toBeNull();
  });

  it('rewriting the request: plan_ran from the site is said in words', async () => {
    await store(session({ questions: questionsObject({ untrustedDetails: ut('A shop') }) }));
    const { actions } = fakeActions({
      putDetails: () => ({
        ok: false,
        error: memberError('plan_ran', 'The plan’s call has run, so the request can no longer be rewritten.'),
      }),
    });
    renderPanel(<SessionView sessionId="s1" />, actions);
    const summary = await screen.findByText('Rewrite your request', { selector: 'summary' });
    (summary.parentElement as HTMLDetailsElement).open = true;
    const box = await screen.findByRole('form', { name: 'Rewrite your request' });
    expect((within(box).getByRole('textbox') as HTMLTextAreaElement).value).toBe('A shop');
    fireEvent.input(within(box).getByRole('textbox'), { target: { value: 'A shop and a blog' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Save the new request' }));
    expect((await within(box).findByRole('alert')).textContent).toContain('can no longer be rewritten');
  });

  it('shows the answers given, by whom, and the details', async () => {
    await store(
      session({
        questions: questionsObject({
          shown: [question('hosting')],
          answers: [answer('stack', { by: 'connection', fromPrompt: true })],
          details: [{ key: 'stack', untrustedDetail: ut('Stack'), untrustedAnswer: ut('Option A') }],
        }),
      }),
    );
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    await screen.findByText('Filled in from your request');
    expect(screen.getAllByText('Option A').length).toBeGreaterThan(0);
  });
});
