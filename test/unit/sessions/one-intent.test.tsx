// @vitest-environment happy-dom
/**
 * Issue 55 point 4: one intent per view wherever a call starts. After a start that got no answer (the worker
 * may have stored and sent it, then stopped before it replied), the next click goes as the same localId, so
 * the background finds its stored row and sends that row's key: never a second call. An answer ends the
 * intent: the next click is a new call.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PreviewView } from '@/components/preview/PreviewView';
import { SessionView } from '@/components/sessions/SessionView';
import { db } from '@/lib/db';
import { sessionRow } from '@/lib/db/session-row';
import type { CommandResult } from '@/lib/protocol/commands';
import { fakeActions, makeConnectionRow, makePreview, memberError, SITE, ut } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { questionsObject, session } from '@/test/unit/plan/fixtures';

type StartReply = CommandResult<'startCall'>;

const NO_ANSWER = 'The extension did not answer.';
const unreachable: StartReply = { ok: false, error: memberError('background_unreachable', NO_ANSWER) };
const started = (localId: string): StartReply => ({ ok: true, value: { localId, state: 'started' } });
const refusedBefore: StartReply = {
  ok: false,
  error: memberError('invalid_input', 'The question is not valid.'),
};

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

function startIds(sent: { name: string; payload: unknown }[]): string[] {
  return sent.filter((s) => s.name === 'startCall').map((s) => (s.payload as { localId: string }).localId);
}

describe('the session’s question form', () => {
  beforeEach(async () => {
    await db.sessions.put(
      sessionRow(
        session({ questions: questionsObject({ shown: [], gate: { ready: true, missing: [] } }) }),
        '2026-11-01T10:00:00.000Z',
      ),
    );
  });

  function setup(reply: (localId: string) => StartReply) {
    const fake = fakeActions({ startCall: (p) => reply((p as { localId: string }).localId) });
    renderPanel(<SessionView sessionId="s1" />, fake.actions);
    return { ids: () => startIds(fake.sent) };
  }

  async function ask(question: string): Promise<void> {
    const box = await screen.findByRole('textbox', { name: /^Your question/ });
    fireEvent.input(box, { target: { value: question } });
    const button = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
  }

  it('after no answer, the next “Ask” is the same call (same localId), not a second one', async () => {
    let answers = false;
    const { ids } = setup((id) => (answers ? started(id) : unreachable));
    await ask('Which version of postgres?');
    await screen.findByText(NO_ANSWER, { exact: false });
    answers = true;
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(ids()).toHaveLength(2));
    expect(new Set(ids()).size).toBe(1);
  });

  it('an answer ends the intent: after a refusal before anything was stored, or a call stored, the next is new', async () => {
    let answers = false;
    const { ids } = setup((id) => (answers ? started(id) : refusedBefore));
    await ask('Which version of postgres?');
    await screen.findByText('The question is not valid.', { exact: false });
    answers = true;
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await waitFor(() => expect(ids()).toHaveLength(2));
    await ask('And which extensions?');
    await waitFor(() => expect(ids()).toHaveLength(3));
    expect(new Set(ids()).size).toBe(3);
  });
});

describe('a session opened by its first call (a site without POST /sessions)', () => {
  it('after no answer, the next start is the same first call (same localId)', async () => {
    await db.connection.put(makeConnectionRow());
    await db.capabilities.put({ origin: SITE, capability: 'createSession', offered: false, at: Date.now() });
    let answers = false;
    const fake = fakeActions({
      preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }),
      startCall: (p) => (answers ? started((p as { localId: string }).localId) : unreachable),
    });
    const opened: string[] = [];
    renderPanel(
      <PreviewView
        initial={{
          agentId: 'ag_1',
          agentName: ut('Postgres helper'),
          callId: 'apply',
          details: 'A shop',
          question: '',
          maxDollars: '',
          subject: null,
          intentId: 'intent-1',
          session: true,
        }}
        onStarted={(id) => opened.push(id)}
        onBack={() => undefined}
        onSessionStarted={(id) => opened.push(id)}
      />,
      fake.actions,
    );
    await screen.findByText(/Here a session starts with its first call/);
    const start = () => screen.getByRole('button', { name: /^Start · holds up to / }) as HTMLButtonElement;
    await waitFor(() => expect(start().disabled).toBe(false));
    fireEvent.click(start());
    await screen.findByText(NO_ANSWER, { exact: false });
    answers = true;
    await waitFor(() => expect(start().disabled).toBe(false));
    fireEvent.click(start());
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(startIds(fake.sent)).toHaveLength(2);
    expect(new Set(startIds(fake.sent)).size).toBe(1);
  });
});
