// @vitest-environment happy-dom
/**
 * G34 from the answer as sent to what the member reads: an odd `pass.fit` leaves the session whole, and a
 * money amount or count that cannot be one says "could not be read" where it stands, the rest shown.
 */
import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FindView } from '@/components/find/FindView';
import { PreviewView } from '@/components/preview/PreviewView';
import { resultLine } from '@/components/result/status-line';
import { SessionView } from '@/components/sessions/SessionView';
import { PreviewSchema } from '@/lib/contract/calls';
import { AgentCardSchema } from '@/lib/contract/find';
import { SessionSchema } from '@/lib/contract/sessions';
import { db } from '@/lib/db';
import { sessionRow } from '@/lib/db/session-row';
import type { CommandResult } from '@/lib/protocol/commands';
import { fakeActions, makeCard, makePreview, makeResult, ut } from './fixtures';
import { renderPanel } from './render-panel';
import { callResult, questionsObject, session } from '@/test/unit/plan/fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

const NOT_READ = 'could not be read';
/** A minus sign before an amount or a count, in any of the ways Intl writes one. */
const MINUS = /[-\u2212]\s?\$?\d/;

describe('a session whose pass.fit is an object the contract leaves open (G20, G34)', () => {
  it.each([[{ et_5f: -87677952.16 }], [{ consequat08: 'dolore aute' }]])(
    'pass.fit %j: the session is read, and its questions and results are shown',
    async (fit) => {
      const sent = session({
        calls: 1,
        questions: questionsObject(),
        results: [callResult({ runId: 'r1', note: { untrustedText: 'The plan, step by step', truncated: false } })],
      });
      const answer = JSON.parse(JSON.stringify(sent)) as { questions: { pass: Record<string, unknown> } };
      answer.questions.pass.fit = fit;
      await db.sessions.put(sessionRow(SessionSchema.parse(answer), '2026-11-01T10:00:00.000Z'));
      renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
      await screen.findByRole('heading', { name: /^Question 1 of \d+$/ });
      expect(screen.getByRole('group', { name: 'Ask stack?' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Ask hosting?' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Results' })).toBeTruthy();
      await screen.findByText('The plan, step by step', { exact: false });
    },
  );

  it('a session line whose call count and charge cannot be amounts says "could not be read" for each', async () => {
    const answer = { ...session({ questions: questionsObject() }), calls: -3, chargedCents: -150 };
    await db.sessions.put(sessionRow(SessionSchema.parse(answer), '2026-11-01T10:00:00.000Z'));
    renderPanel(<SessionView sessionId="s1" />, fakeActions().actions);
    await screen.findByRole('heading', { name: /^Question 1 of \d+$/ });
    const text = document.body.textContent ?? '';
    expect(text.split(NOT_READ).length - 1).toBeGreaterThanOrEqual(2);
    expect(text).not.toMatch(MINUS);
  });
});

describe('money and counts that cannot be one (G34)', () => {
  it('a find card used -96,367,809 times says "could not be read" there, and the rest of the card', async () => {
    const card = AgentCardSchema.parse({ ...makeCard(), countedCalls: -96_367_809 });
    await db.finds.add({
      requestId: 'req_1',
      text: 'set up a postgres replica',
      cut: false,
      source: 'menu',
      status: 'done',
      agents: [card, makeCard({ agentId: 'ag_2' })],
      error: null,
      at: '2026-05-01T10:01:00.000Z',
      doneAt: '2026-05-01T10:01:01.000Z',
    });
    renderPanel(<FindView onChoose={() => undefined} />, fakeActions().actions);
    const list = await screen.findByRole('list', { name: 'Agents found' });
    const [odd, plain] = within(list).getAllByRole('listitem');
    expect(odd?.textContent).toContain(NOT_READ);
    expect(odd?.textContent).not.toMatch(/96/);
    expect(odd?.textContent).toContain('Postgres helper');
    expect(
      within(odd as HTMLElement)
        .getByRole('meter', { name: 'Match to your search' })
        .getAttribute('aria-valuenow'),
    ).toBe('87');
    expect(plain?.textContent).toContain('Used 27 times');
  });

  it('a preview whose hold is -$293,945.55 says "could not be read" there, and the rest of the preview', async () => {
    const preview = PreviewSchema.parse({ ...makePreview(), holdCents: -29_394_555, limitCents: -29_394_555 });
    const reply = () => ({ ok: true, value: { preview, requestChecked: true } }) as CommandResult<'preview'>;
    renderPanel(
      <PreviewView
        initial={{
          agentId: 'ag_1',
          agentName: ut('Postgres helper'),
          callId: 'apply',
          details: '',
          question: '',
          maxDollars: '',
          subject: null,
          intentId: 'intent-1',
        }}
        onStarted={() => undefined}
        onBack={() => undefined}
      />,
      fakeActions({ preview: reply }).actions,
    );
    await screen.findByText('Charged for what it uses, at most the limit below, only if the result passes its checks.');
    const line = document.querySelector('.limit-line');
    await waitFor(() => expect(line?.textContent).toContain(NOT_READ));
    expect(line?.textContent).toContain('You can spend $15.00.');
    expect(line?.textContent).not.toContain('Holds up to');
    expect(document.body.textContent).not.toMatch(MINUS);
    expect(document.body.textContent).not.toContain('293,945');
  });

  it('a running call whose 202 held a negative amount, and a charge that cannot be one, are said in words', () => {
    const running = makeResult({ status: 'in_progress', charge: null });
    expect(resultLine(running, { notRead: -29_394_555 })).toBe('Running · the amount held could not be read');
    const charged = makeResult({
      status: 'passed',
      charge: {
        chargedCents: { notRead: -5 },
        runningCostMicros: 1,
        upchargeMicros: 1,
        usualCents: null,
        neverMoreThanCents: null,
        laterTriesNotCharged: 0,
      },
    });
    expect(resultLine(charged, null)).toBe('Passed · the charge could not be read');
  });
});
