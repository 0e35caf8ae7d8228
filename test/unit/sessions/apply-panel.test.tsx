// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SessionView } from '@/components/sessions/SessionView';
import { db } from '@/lib/db';
import { sessionRow } from '@/lib/db/session-row';
import type { CommandResult } from '@/lib/protocol/commands';
import { fakeActions, memberError } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { questionsObject, session } from '@/test/unit/plan/fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  // Nothing left to answer: "Make the plan" is ready at once.
  await db.sessions.put(
    sessionRow(
      session({ questions: questionsObject({ shown: [], gate: { ready: true, missing: [] } }) }),
      '2026-11-01T10:00:00.000Z',
    ),
  );
});
afterEach(cleanup);

type StartReply = CommandResult<'startCall'>;

function setup(reply: (localId: string) => StartReply) {
  const fake = fakeActions({ startCall: (p) => reply((p as { localId: string }).localId) });
  renderPanel(<SessionView sessionId="s1" />, fake.actions);
  const ids = () =>
    fake.sent.filter((s) => s.name === 'startCall').map((s) => (s.payload as { localId: string }).localId);
  return { ids };
}

async function makeButton(): Promise<HTMLButtonElement> {
  const button = (await screen.findByRole('button', { name: 'Make the plan' })) as HTMLButtonElement;
  // Enabled, and not held back while its preview is read (aria-disabled keeps it focusable meanwhile).
  await waitFor(() => expect(button.disabled || button.getAttribute('aria-disabled') === 'true').toBe(false));
  return button;
}

const started = (localId: string): StartReply => ({ ok: true, value: { localId, state: 'started' } });

describe('ApplyPanel', () => {
  it('two fast clicks on "Make the plan" send one apply call', async () => {
    const { ids } = setup(started);
    const make = await makeButton();
    fireEvent.click(make);
    fireEvent.click(make);
    await waitFor(() => expect(ids()).toHaveLength(1));
    // Busy from the click until the answer; a later look finds no second call.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ids()).toHaveLength(1);
  });

  it('a start that got no answer goes again as the same intent, so a call stored meanwhile is not made twice', async () => {
    let reply: StartReply = {
      ok: false,
      error: memberError('background_unreachable', 'The extension’s background did not answer.'),
    };
    const { ids } = setup(() => reply);
    fireEvent.click(await makeButton());
    await screen.findByText('The extension’s background did not answer.', { exact: false });
    reply = { ok: false, error: memberError('bad_reply', 'The extension’s background answered unexpectedly.') };
    fireEvent.click(await makeButton());
    await screen.findByText('The extension’s background answered unexpectedly.', { exact: false });
    reply = started(ids()[0] ?? '');
    fireEvent.click(await makeButton());
    await waitFor(() => expect(ids()).toHaveLength(3));
    expect(new Set(ids()).size).toBe(1);
  });

  it('an answered refusal, which stored nothing, makes the next click a new call', async () => {
    let reply: StartReply = {
      ok: false,
      error: memberError('short', 'Your credits are too low for this call.', {}, 402),
    };
    const { ids } = setup(() => reply);
    fireEvent.click(await makeButton());
    await screen.findByText('Your credits are too low for this call.', { exact: false });
    reply = started('x');
    fireEvent.click(await makeButton());
    await waitFor(() => expect(ids()).toHaveLength(2));
    expect(ids()[1]).not.toBe(ids()[0]);
  });
});
