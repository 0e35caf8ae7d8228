// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CallDraft, loadDraft } from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import type { Preview } from '@/lib/contract/calls';
import { db } from '@/lib/db';
import type { CommandResult } from '@/lib/protocol/commands';
import { fakeActions, makeCall, makeConnectionRow, makePreview, memberError, SITE, ut } from './fixtures';
import { renderPanel } from './render-panel';

const DRAFT: CallDraft = {
  agentId: 'ag_1',
  agentName: ut('Postgres helper'),
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
});
afterEach(cleanup);

function previewReply(preview: Preview) {
  return () => ({ ok: true, value: { preview, requestChecked: true } }) as CommandResult<'preview'>;
}

function setup(preview: Preview = makePreview(), startReply?: (payload: unknown) => CommandResult<'startCall'>) {
  const started: string[] = [];
  const fake = fakeActions({
    preview: previewReply(preview),
    startCall:
      startReply ?? ((p) => ({ ok: true, value: { localId: (p as { localId: string }).localId, state: 'started' } })),
  });
  renderPanel(
    <PreviewView initial={DRAFT} onStarted={(id) => started.push(id)} onBack={() => undefined} />,
    fake.actions,
  );
  return { ...fake, started };
}

/** Opens "More options" when it is closed, as the member does to reach the fields behind it. */
function moreOptions(): void {
  const toggle = screen.getByRole('button', { name: 'More options' });
  if (toggle.getAttribute('aria-expanded') === 'false') fireEvent.click(toggle);
}
const details = () => {
  moreOptions();
  return screen.getByRole('textbox', { name: /^Details/ }) as HTMLTextAreaElement;
};
const spendAtMost = () => {
  moreOptions();
  return screen.getByRole('textbox', { name: 'Spend at most, in dollars (optional)' }) as HTMLInputElement;
};
// The start names what the call holds once its preview is read; before that it is "Start the call", disabled.
const START = /^Start( the call| · holds up to \$[\d.,]+)$/;
const startButton = () => screen.getByRole('button', { name: START }) as HTMLButtonElement;
/** The start once the preview of what is on screen is read (before that it waits). */
async function readyStart(): Promise<HTMLButtonElement> {
  await waitFor(() => expect(startButton().disabled).toBe(false), { timeout: 3000 });
  return startButton();
}
const startPayloads = (sent: { name: string; payload: unknown }[]) =>
  sent.filter((s) => s.name === 'startCall').map((s) => (s.payload as { request: unknown }).request);

describe('PreviewView', () => {
  it('is busy until the preview is read for the text on screen, and again while typed text waits to be read', async () => {
    setup();
    const form = () => screen.getByRole('form', { name: 'Start a call' });
    expect(form().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'));
    fireEvent.input(details(), { target: { value: 'Our database is slow.' } });
    // Typed: the preview on screen is not for this text until the pause after typing has read it again.
    expect(form().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });
  });

  it('shows the preview: the sentence as it is, the limit and what set it, not a price', async () => {
    setup(
      makePreview({
        limitCents: 300,
        limitBy: 'safety_ceiling',
        needsApproval: true,
        approvalLine: 'Your 11th call today waits for you.',
      }),
    );
    await screen.findByText('Charged for what it uses, at most the limit below, only if the result passes its checks.');
    // The limit once, beside what the member can spend, and what set it; the site's sentence as the site wrote it.
    const line = document.querySelector('.limit-line');
    expect(line?.textContent).toBe('Holds up to $3.00 (the site’s own cap) of your $15.00.');
    // Said once in the block, and named once more by the button that starts it.
    expect(document.querySelector('.money-block')?.textContent?.match(/\$3\.00/g)?.length).toBe(1);
    expect(document.body.textContent?.match(/\$3\.00/g)?.length).toBe(2);
    expect(startButton().textContent).toBe('Start · holds up to $3.00');
    // No top-up offer when the credits did not set the limit.
    expect(screen.queryByText('Your credits set this limit.')).toBeNull();
    expect(screen.getByText('Your 11th call today waits for you.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Your limits today' }));
    expect(screen.getByText('4 of 10 used')).toBeTruthy();
  });

  it('never keeps an old preview under a new request: a failed read shows its error alone', async () => {
    let fail = false;
    const fake = fakeActions({
      preview: () =>
        fail
          ? { ok: false, error: memberError('server_error', 'Something failed on the site’s side. Try again shortly.') }
          : {
              ok: true,
              value: { preview: makePreview({ sentence: 'The site’s own sentence.' }), requestChecked: true },
            },
    });
    renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    await screen.findByText('The site’s own sentence.');
    fail = true;
    fireEvent.input(details(), { target: { value: 'Set up a replica' } });
    await screen.findByText(/Something failed on the site’s side/, {}, { timeout: 3000 });
    expect(screen.queryByText('The site’s own sentence.')).toBeNull();
    expect((details() as HTMLTextAreaElement).value).toBe('Set up a replica');
  });

  it('says when the site did not check the typed request (no quote): the preview is for the kind of call', async () => {
    const fake = fakeActions({
      preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: false } }),
    });
    renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    await screen.findByText(/Holds up to/);
    expect(screen.queryByText(/checks the request when the call starts/)).toBeNull();
    fireEvent.input(details(), { target: { value: 'Set up a replica' } });
    await screen.findByText(/This site checks the request when the call starts/, {}, { timeout: 3000 });
    expect(startButton().disabled).toBe(false);
  });

  it('puts the decision first: "Start the call" before "More options", which a fresh draft keeps closed', async () => {
    setup();
    await screen.findByText(/Holds up to/);
    const toggle = screen.getByRole('button', { name: 'More options' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    // Start comes first in the page's order, so it is reached (and read) before the options.
    expect(startButton().compareDocumentPosition(toggle) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^Details/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Spend at most/ })).toBeNull();
    // The counts are one click away; the privacy line stays in sight.
    expect(screen.getByText('4 of 10 used').closest('[hidden]')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Your limits today' }));
    expect(screen.getByText('4 of 10 used').closest('[hidden]')).toBeNull();
    expect(screen.getByText('The agent’s builders receive your call’s details.')).toBeTruthy();
  });

  it('remembers "More options" with the draft: opened, it opens again with the panel', async () => {
    setup();
    await screen.findByText(/Holds up to/);
    fireEvent.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getByRole('textbox', { name: /^Details/ })).toBeTruthy();
    await waitFor(async () => expect((await loadDraft())?.moreOptions).toBe(true));
    cleanup();
    renderPanel(
      <PreviewView initial={(await loadDraft()) ?? DRAFT} onStarted={() => undefined} onBack={() => undefined} />,
      fakeActions({ preview: previewReply(makePreview()) }).actions,
    );
    expect(screen.getByRole('button', { name: 'More options' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens "More options" by itself for a restored draft with details, and for a gate that lists missing ones', async () => {
    renderPanel(
      <PreviewView
        initial={{ ...DRAFT, details: 'Postgres 16 on RDS' }}
        onStarted={() => undefined}
        onBack={() => undefined}
      />,
      fakeActions({ preview: previewReply(makePreview()) }).actions,
    );
    expect((screen.getByRole('textbox', { name: /^Details/ }) as HTMLTextAreaElement).value).toBe('Postgres 16 on RDS');
    cleanup();
    setup(makePreview({ gate: { ready: false, missing: [{ key: 'v', untrustedDetail: ut('Which version?') }] } }));
    await screen.findByRole('list', { name: 'Details the agent needs' });
    expect(screen.getByRole('button', { name: 'More options' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('textbox', { name: /^Details/ })).toBeTruthy();
  });

  it('says once, quietly and before anything is typed, that a site without the quote checks the request at the start', async () => {
    await db.connection.put(makeConnectionRow());
    await db.capabilities.put({ origin: SITE, capability: 'quoteCall', offered: false, at: Date.now() });
    setup(makePreview(), undefined);
    const line = await screen.findByText('This site checks the request when the call starts.', {}, { timeout: 3000 });
    expect(line.getAttribute('role')).toBe('note');
    expect(screen.queryByRole('alert')).toBeNull();
    // Under Details, inside "More options".
    expect(details().compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.input(details(), { target: { value: 'Set up a replica' } });
    await waitFor(() => expect(screen.getAllByText(/checks the request when the call starts/).length).toBe(1), {
      timeout: 3000,
    });
  });

  it('lists the gate’s missing details', async () => {
    setup(makePreview({ gate: { ready: false, missing: [{ key: 'v', untrustedDetail: ut('Which version?') }] } }));
    const list = await screen.findByRole('list', { name: 'Details the agent needs' });
    expect(list.textContent).toBe('Which version?');
  });

  it('makes the member choose when another agent fits, and the call carries the choice', async () => {
    const { sent } = setup(
      makePreview({
        fit: {
          verdict: 'another_agent',
          sentence: ut('This reads like a question about Kubernetes.'),
          otherAgent: { agentId: 'ag_k8s', slug: 'k8s', untrustedName: ut('Kube helper') },
          choice: null,
          canStartAgent: false,
        },
      }),
    );
    await screen.findByText('This reads like a question about Kubernetes.');
    fireEvent.input(details(), { target: { value: 'Set up a replica' } });
    expect(startButton().disabled).toBe(true);
    expect(screen.queryByRole('radio', { name: /Start a new agent/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Ask Postgres helper anyway' }));
    fireEvent.click(await readyStart());
    await waitFor(() =>
      expect(startPayloads(sent)).toEqual([
        { agentId: 'ag_1', callId: 'apply', details: 'Set up a replica', subject: 'ask_anyway' },
      ]),
    );
  });

  it('switches to the other agent named when the member picks it', async () => {
    const { sent } = setup(
      makePreview({
        fit: {
          verdict: 'another_agent',
          sentence: null,
          otherAgent: { agentId: 'ag_k8s', slug: 'k8s', untrustedName: ut('Kube helper') },
          choice: null,
          canStartAgent: true,
        },
      }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Use Kube helper instead' }));
    await screen.findByRole('heading', { name: 'Call Kube helper' });
    await waitFor(() =>
      expect(sent.filter((s) => s.name === 'preview').at(-1)?.payload).toEqual({ agentId: 'ag_k8s', callId: 'apply' }),
    );
  });

  it('offers research only when the connection can start an agent', async () => {
    const { sent } = setup(
      makePreview({
        fit: { verdict: 'no_agent', sentence: null, otherAgent: null, choice: null, canStartAgent: true },
      }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: /Start a new agent that researches/ }));
    fireEvent.click(await readyStart());
    await waitFor(() =>
      expect(startPayloads(sent)).toEqual([{ agentId: 'ag_1', callId: 'apply', subject: 'new_agent' }]),
    );
  });

  it('converts "spend at most" from dollars to whole cents and refuses what is not an amount', async () => {
    const { sent } = setup();
    await screen.findByText(/Holds up to/);
    const max = spendAtMost();
    for (const bad of ['0', '1.234', 'abc', '-2']) {
      fireEvent.input(max, { target: { value: bad } });
      expect(startButton().disabled, bad).toBe(true);
      expect(max.getAttribute('aria-invalid')).toBe('true');
    }
    fireEvent.input(max, { target: { value: '2.5' } });
    fireEvent.click(await readyStart());
    await waitFor(() => expect(startPayloads(sent)).toEqual([{ agentId: 'ag_1', callId: 'apply', maxCents: 250 }]));
  });

  it('asks for the question on a question call and sends it', async () => {
    const { sent } = setup();
    fireEvent.click(await screen.findByRole('radio', { name: 'Ask a question' }));
    expect(startButton().disabled).toBe(true);
    fireEvent.input(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: 'Which version?' } });
    fireEvent.click(await readyStart());
    await waitFor(() =>
      expect(startPayloads(sent)).toEqual([{ agentId: 'ag_1', callId: 'question', question: 'Which version?' }]),
    );
  });

  it('counts the question only near its limit, and says nothing when the request fits', async () => {
    setup(
      makePreview({ fit: { verdict: 'fits', sentence: null, otherAgent: null, choice: null, canStartAgent: true } }),
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Ask a question' }));
    const box = screen.getByRole('textbox', { name: 'Your question' });
    fireEvent.input(box, { target: { value: 'Which version?' } });
    await screen.findByText(/Holds up to/);
    expect(screen.queryByText(/of 4,000 characters/)).toBeNull();
    expect(box.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(/fits this agent/)).toBeNull();
    fireEvent.input(box, { target: { value: 'x'.repeat(3_200) } });
    expect(screen.getByText('3,200 of 4,000 characters')).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toBe('call-question-count');
  });

  it('keeps everything typed when the start is refused, and shows the refusal with its next step', async () => {
    const { started } = setup(makePreview(), () => ({
      ok: false,
      error: memberError('details_missing', 'The agent waits for one detail before it can run.', {
        missing: [{ key: 'v', untrustedDetail: ut('Which version?') }],
      }),
    }));
    await screen.findByText(/Holds up to/);
    fireEvent.input(details(), { target: { value: 'Set up a replica' } });
    fireEvent.input(spendAtMost(), {
      target: { value: '4' },
    });
    fireEvent.click(await readyStart());
    const refusal = await screen.findByRole('alert', { name: 'Refused' });
    expect(refusal.textContent).toContain('The agent waits for one detail');
    expect(screen.getByRole('list', { name: 'Missing details' }).textContent).toBe('Which version?');
    expect((details() as HTMLTextAreaElement).value).toBe('Set up a replica');
    expect((spendAtMost() as HTMLInputElement).value).toBe('4');
    expect(started).toEqual([]);
    expect((await loadDraft())?.details).toBe('Set up a replica');
  });

  it('shows a refusal stored on the call row after the reply (state refused)', async () => {
    const { started } = setup(makePreview(), (p) => {
      const localId = (p as { localId: string }).localId;
      void db.calls.put(
        makeCall({
          localId,
          state: 'refused',
          result: null,
          error: memberError('short', 'You have fewer credits than a call needs.', { topUpUrl: `${SITE}/top-up` }),
        }),
      );
      return { ok: true, value: { localId, state: 'refused' } };
    });
    await screen.findByText(/Holds up to/);
    fireEvent.click(startButton());
    await screen.findByRole('button', { name: 'Top up on the site' });
    expect(started).toEqual([]);
  });

  it('starts the draft’s intent as the call (one call from two windows); after a refusal, starting again is a new call', async () => {
    let refuse = true;
    const { sent } = setup(makePreview(), (p) => {
      const localId = (p as { localId: string }).localId;
      return refuse
        ? { ok: false, error: memberError('short', 'You have fewer credits than a call needs.') }
        : { ok: true, value: { localId, state: 'started' } };
    });
    await screen.findByText(/Holds up to/);
    fireEvent.click(startButton());
    await screen.findByRole('alert', { name: 'Refused' });
    refuse = false;
    fireEvent.click(startButton());
    await waitFor(() => expect(sent.filter((s) => s.name === 'startCall').length).toBe(2));
    const ids = sent.filter((s) => s.name === 'startCall').map((s) => (s.payload as { localId: string }).localId);
    expect(ids[0]).toBe(DRAFT.intentId);
    expect(ids[1]).not.toBe(DRAFT.intentId);
  });

  it('after a start that got no answer, starting again sends the same intent: a call stored and sent is found, not made twice', async () => {
    let fail = true;
    const { sent } = setup(makePreview(), (p) => {
      const localId = (p as { localId: string }).localId;
      return fail
        ? { ok: false, error: memberError('background_unreachable', 'The extension’s background did not answer.') }
        : { ok: true, value: { localId, state: 'started' } };
    });
    await screen.findByText(/Holds up to/);
    fireEvent.click(startButton());
    await waitFor(() => expect(sent.filter((s) => s.name === 'startCall').length).toBe(1));
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fail = false;
    fireEvent.click(startButton());
    await waitFor(() => expect(sent.filter((s) => s.name === 'startCall').length).toBe(2));
    const ids = sent.filter((s) => s.name === 'startCall').map((s) => (s.payload as { localId: string }).localId);
    expect(ids).toEqual([DRAFT.intentId, DRAFT.intentId]);
  });

  it('moves on to the call once it started and forgets the draft', async () => {
    const { started } = setup();
    await screen.findByText(/Holds up to/);
    fireEvent.input(details(), { target: { value: 'Go' } });
    await waitFor(async () => expect((await loadDraft())?.details).toBe('Go'));
    fireEvent.click(await readyStart());
    await waitFor(() => expect(started.length).toBe(1));
    expect(await loadDraft()).toBeNull();
  });

  it('refuses to start, and keeps out of the preview, text that looks like it holds a secret', async () => {
    const { sent } = setup();
    await screen.findByText(/Holds up to/);
    const previews = () => sent.filter((s) => s.name === 'preview');
    expect(previews().length).toBe(1);
    fireEvent.input(details(), {
      target: { value: 'my key is sk-proj-abcdefghij1234567890abcd' },
    });
    expect((await screen.findAllByRole('alert')).some((a) => /an API key/.test(a.textContent ?? ''))).toBe(true);
    expect(startButton().disabled).toBe(true);
    // The preview read after typing goes out without the text.
    await waitFor(() => expect(previews().length).toBe(2));
    expect(previews()[1]?.payload).toEqual({ agentId: 'ag_1', callId: 'apply' });
    expect(JSON.stringify(sent)).not.toContain('sk-proj');
  });
});

describe('PreviewView: a preview that says the call would be refused', () => {
  const HOLD = 'To start the call, change what the site refuses, or check again.';

  /** The site's preview refuses while `refuses` says so for the request read. */
  function setupRefusing(refuses: (request: { details?: string }) => string | null) {
    const started: string[] = [];
    const fake = fakeActions({
      preview: (p) => ({
        ok: true,
        value: { preview: makePreview({ refusal: refuses(p as { details?: string }) }), requestChecked: true },
      }),
      startCall: (p) => ({ ok: true, value: { localId: (p as { localId: string }).localId, state: 'started' } }),
    });
    renderPanel(
      <PreviewView initial={DRAFT} onStarted={(id) => started.push(id)} onBack={() => undefined} />,
      fake.actions,
    );
    return { ...fake, started };
  }
  const form = () => screen.getByRole('form', { name: 'Start a call' });
  const settled = () => waitFor(() => expect(form().getAttribute('aria-busy')).toBe('false'), { timeout: 5000 });

  /** Every way the member starts: the button, Enter in a field (the form's submit), Ctrl+Enter and ⌘+Enter. */
  function tryEveryStart(): void {
    fireEvent.click(startButton());
    fireEvent.keyDown(spendAtMost(), { key: 'Enter' });
    fireEvent.submit(form());
    fireEvent.keyDown(details(), { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(details(), { key: 'Enter', metaKey: true });
  }

  it('holds every start of it until the details change and a new preview no longer refuses', async () => {
    const { sent, started } = setupRefusing((r) => (r.details?.includes('version 16') ? null : 'details_missing'));
    await screen.findByText('details_missing');
    await settled();
    expect(startButton().disabled).toBe(true);
    tryEveryStart();
    // A start that goes sends at once (no file to upload first).
    expect(startPayloads(sent)).toEqual([]);
    expect(screen.getByText(HOLD)).toBeTruthy();
    // A change that the site still refuses holds it too, while it is read and once it is.
    fireEvent.input(details(), { target: { value: 'Upgrade the database.' } });
    tryEveryStart();
    await settled();
    expect(screen.getByText(HOLD)).toBeTruthy();
    tryEveryStart();
    expect(startPayloads(sent)).toEqual([]);
    fireEvent.input(details(), { target: { value: 'Upgrade the database to version 16.' } });
    await waitFor(() => expect(screen.queryByText(HOLD)).toBeNull(), { timeout: 5000 });
    await settled();
    expect(startButton().disabled).toBe(false);
    fireEvent.keyDown(details(), { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(startPayloads(sent)).toEqual([
        { agentId: 'ag_1', callId: 'apply', details: 'Upgrade the database to version 16.' },
      ]),
    );
    await waitFor(() => expect(started).toEqual([DRAFT.intentId]));
  });

  it('lets go when the member reads the preview again and the site no longer refuses', async () => {
    let refusal: string | null = 'short';
    const { sent } = setupRefusing(() => refusal);
    await screen.findByText('short');
    await settled();
    tryEveryStart();
    // A start that goes sends at once (no file to upload first).
    expect(startPayloads(sent)).toEqual([]);
    // Topped up on the site, say: nothing typed changed, the member asks again.
    refusal = null;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByText(HOLD)).toBeNull());
    expect(sent.filter((s) => s.name === 'preview').length).toBe(2);
    fireEvent.click(startButton());
    await waitFor(() => expect(startPayloads(sent)).toEqual([{ agentId: 'ag_1', callId: 'apply' }]));
  });
});

describe('PreviewView: what to start', () => {
  it('never shows the apply call’s preview under a question: switching waits for the question’s own preview', async () => {
    // The question's preview is held back until the test lets it go, as a slow site would.
    let release: (() => void) | null = null;
    const fake = fakeActions({
      preview: (p) => {
        const callId = (p as { callId: string }).callId;
        const reply = {
          ok: true,
          value: {
            preview: makePreview({
              callId,
              untrustedName: ut(callId === 'question' ? 'Ask a question' : 'Plan my project'),
            }),
            requestChecked: false,
          },
        } as CommandResult<'preview'>;
        if (callId !== 'question') return reply;
        return new Promise<CommandResult<'preview'>>((resolve) => {
          release = () => resolve(reply);
        }) as never;
      },
    });
    renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
    // The kind of call in our words, not the site's name for it ("Plan my project").
    await screen.findByRole('heading', { name: 'Before it runs: Plan or work' });
    fireEvent.click(screen.getByRole('radio', { name: 'Ask a question' }));
    await waitFor(() => expect(release).not.toBeNull());
    // Asked, not answered yet: no preview at all rather than the apply call's name and limit.
    expect(screen.queryByRole('heading', { name: /Before it runs/ })).toBeNull();
    expect(document.querySelector('.limit-line')).toBeNull();
    expect(screen.getByRole('form', { name: 'Start a call' }).getAttribute('aria-busy')).toBe('true');
    (release as unknown as () => void)();
    const heading = await screen.findByRole('heading', { name: 'Before it runs: Question' });
    // Read out, not drawn: the kind was just chosen in the radios above it (issue 56: a label said twice).
    expect(heading.classList.contains('visually-hidden')).toBe(true);
  });

  it('offers each choice once: a question, the work, or a plan session, and no second set of buttons', async () => {
    const fake = fakeActions({ preview: previewReply(makePreview()) });
    renderPanel(
      <PreviewView
        initial={DRAFT}
        onStarted={() => undefined}
        onBack={() => undefined}
        onSessionStarted={() => undefined}
      />,
      fake.actions,
    );
    await screen.findByText(/Holds up to/);
    const group = screen.getByRole('group', { name: 'What to start' });
    expect(
      Array.from(group.querySelectorAll('input[type="radio"]')).map((r) => r.closest('label')?.textContent),
    ).toEqual(['Ask a question', 'Have it do the work', 'Plan it with the agent first']);
    expect(screen.getAllByText('Ask a question')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Plan my project' })).toBeNull();
  });

  it('opens a plan session with the details typed, charging nothing, from the one start button', async () => {
    const sessions: string[] = [];
    const fake = fakeActions({
      preview: previewReply(makePreview()),
      createSession: () => ({ ok: true, value: { sessionId: 's7' } }),
    });
    renderPanel(
      <PreviewView
        initial={{ ...DRAFT, details: 'A shop' }}
        onStarted={() => undefined}
        onBack={() => undefined}
        onSessionStarted={(id) => sessions.push(id)}
      />,
      fake.actions,
    );
    await screen.findByText(/Holds up to/);
    fireEvent.click(screen.getByRole('radio', { name: 'Plan it with the agent first' }));
    expect(screen.getByText(/Opening the session is free/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the session' }));
    await waitFor(() => expect(sessions).toEqual(['s7']));
    expect(fake.sent.filter((x) => x.name === 'createSession').map((x) => x.payload)).toEqual([
      { agentId: 'ag_1', way: 'plan', details: 'A shop' },
    ]);
    expect(fake.sent.filter((x) => x.name === 'startCall')).toHaveLength(0);
  });

  it('on a site without POST /sessions, the session starts with its apply call through the outbox, and says so', async () => {
    await db.connection.put(makeConnectionRow());
    await db.capabilities.put({ origin: SITE, capability: 'createSession', offered: false, at: Date.now() });
    const calls: string[] = [];
    const fake = fakeActions({
      preview: previewReply(makePreview()),
      startCall: (p) => ({ ok: true, value: { localId: (p as { localId: string }).localId, state: 'needs_approval' } }),
    });
    renderPanel(
      <PreviewView
        initial={{ ...DRAFT, details: 'A shop', maxDollars: '2.50', session: true }}
        onStarted={(id) => calls.push(id)}
        onBack={() => undefined}
        onSessionStarted={() => undefined}
      />,
      fake.actions,
    );
    await screen.findByText(/Here a session starts with its first call/);
    fireEvent.click(await screen.findByRole('button', { name: START }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(fake.sent.filter((x) => x.name === 'createSession')).toHaveLength(0);
    expect(startPayloads(fake.sent)).toEqual([{ agentId: 'ag_1', callId: 'apply', details: 'A shop', maxCents: 250 }]);
  });

  it('POST /sessions failing at the click: nothing charged, the view turns into the by-call start, one click starts it', async () => {
    await db.connection.put(makeConnectionRow());
    const calls: string[] = [];
    const fake = fakeActions({
      preview: previewReply(makePreview()),
      createSession: () => ({ ok: true, value: { byFirstCall: true } }),
      startCall: (p) => ({ ok: true, value: { localId: (p as { localId: string }).localId, state: 'needs_approval' } }),
    });
    renderPanel(
      <PreviewView
        initial={{ ...DRAFT, details: 'A shop', session: true }}
        onStarted={(id) => calls.push(id)}
        onBack={() => undefined}
        onSessionStarted={() => undefined}
      />,
      fake.actions,
    );
    await screen.findByText(/Holds up to/);
    expect(screen.getByText(/Opening the session is free/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the session' }));
    // No error, no second POST /sessions, no call yet: the charge is said, and the start button says what it does.
    const said = await screen.findByText(/did not open the session on its own, and nothing was started/);
    expect(said.getAttribute('role')).toBe('status');
    // The line quotes the start button as it reads, with the hold it names.
    const startButton = screen.getByRole('button', { name: /^Start · holds up to / });
    expect(said.textContent).toContain(`“${startButton.textContent}” opens it with its first call, which is charged.`);
    expect(
      screen.getByText(/Here a session starts with its first call, which makes the plan and is charged/),
    ).toBeTruthy();
    expect(screen.queryByText(/Opening the session is free/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fake.sent.filter((x) => x.name === 'startCall')).toHaveLength(0);
    fireEvent.click(startButton);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(fake.sent.filter((x) => x.name === 'createSession')).toHaveLength(1);
    expect(startPayloads(fake.sent)).toEqual([{ agentId: 'ag_1', callId: 'apply', details: 'A shop' }]);
  });

  it('where the member’s credits set the limit, says so and offers the site to top up', async () => {
    await db.connection.put(makeConnectionRow());
    setup(makePreview({ limitCents: 250, spendableCents: 250, limitBy: 'credits' }));
    await screen.findByText('Your credits set this limit.');
    expect(document.querySelector('.limit-line')?.textContent).toBe('Holds up to $2.50 of your $2.50.');
    expect(screen.getByRole('button', { name: 'Top up on the site' })).toBeTruthy();
  });
});
