// @vitest-environment happy-dom
/**
 * Every view in the pseudo-locale: each message of ours is shown inside ⟦…⟧, so a word outside them is
 * English that a member in another language would still read. Site text, untrusted fields, ids and times are
 * set apart (test/i18n/pseudo.ts) and not counted.
 */
import { sessionRow } from '@/lib/db/session-row';
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '@/components/App';
import { CallsTab } from '@/components/calls/CallsTab';
import { ActionsContext } from '@/components/common/actions';
import { FindingsTab } from '@/components/findings/FindingsTab';
import { OptionsPage } from '@/components/options/OptionsPage';
import { PreviewView } from '@/components/preview/PreviewView';
import { PrivacyPage } from '@/components/privacy/PrivacyPage';
import { RefusalView } from '@/components/refusal/RefusalView';
import { CallView } from '@/components/result/CallView';
import { SessionView } from '@/components/sessions/SessionView';
import { SessionsTab } from '@/components/sessions/SessionsTab';
import { ShareView } from '@/components/sharing/ShareView';
import { StatusView } from '@/components/status/StatusView';
import { Welcome } from '@/components/welcome/Welcome';
import { KNOWN_CODES, NO_EXTRAS } from '@/lib/api/errors';
import { apiErrorWords } from '@/lib/words/errors';
import type { CallFile } from '@/lib/contract/files';
import type { Preview } from '@/lib/contract/calls';
import type { ShareDraft } from '@/lib/contract/shares';
import { db } from '@/lib/db';
import type { CallRow } from '@/lib/db/tables/calls';
import type { MemberError } from '@/lib/db/member-error';
import type { CommandResult } from '@/lib/protocol/commands';
import { PSEUDO_OPEN } from '@/testing/messages';
import { outsideBrackets, unbracketedText } from '@/test/i18n/pseudo';
import { setTestLocale } from '@/test/unit/setup/i18n';
import {
  fakeActions,
  makeCall,
  makeCard,
  makeConnectionRow,
  makeMe,
  makePreview,
  makeResult,
  memberError,
  SITE,
} from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { finding } from '@/test/unit/findings/fixtures';
import { answer, callResult, question, questionsObject, session, ut } from '@/test/unit/plan/fixtures';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
  setTestLocale('pseudo');
});
afterEach(cleanup);

/** Brackets in a pattern: the pseudo-locale's form of an English message. */
const pseudo = (english: string) => new RegExp(`^${PSEUDO_OPEN}${english}`);

function expectAllOurs(): void {
  expect(unbracketedText(document.body)).toEqual([]);
}

function file(path: string, active: boolean, over: Partial<CallFile> = {}): CallFile {
  return {
    fileId: `f_${path}`,
    untrustedPath: ut(path),
    sizeBytes: 1536,
    active,
    url: `${SITE}/api/v1/files/f_${path}?exp=1&sig=ab`,
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    ...over,
  };
}

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describe('the checker', () => {
  it('finds a word outside the brackets, in text and in what a screen reader says', () => {
    render(
      <div>
        <p>⟦Ours⟧ English</p>
        <button type="button" aria-label="Close">
          ⟦x⟧
        </button>
        <span class="untrusted">Site’s own words</span>
        <p>⟦Nested ⟦inner⟧ words⟧ 42 $1.00</p>
      </div>,
    );
    expect(unbracketedText(document.body)).toEqual(['text: "English"', 'aria-label on <button>: "Close"']);
    expect(outsideBrackets('⟦a ⟦b⟧ c⟧ d')).toBe(' d');
  });
});

describe('every view speaks only through the locale files', () => {
  it('connect form', async () => {
    renderPanel(<App />, fakeActions().actions, null);
    await screen.findByRole('heading', { name: pseudo('Connect to your site') });
    expectAllOurs();
  });

  it('connect form after the key was lost, and the revoked connection', async () => {
    await db.connection.put(
      makeConnectionRow({
        status: 'disconnected',
        error: memberError('key_not_kept', apiErrorWords('unauthenticated', 401, NO_EXTRAS)),
      }),
    );
    const first = renderPanel(<App />, fakeActions().actions, null);
    await screen.findByRole('textbox', { name: pseudo('Site address') });
    expectAllOurs();
    first.unmount();
    await db.connection.put(makeConnectionRow({ status: 'revoked' }));
    renderPanel(<App />, fakeActions().actions, null);
    await screen.findByRole('button', { name: pseudo('Open the site to make a new connect code') });
    expectAllOurs();
  });

  it('first run: the step with the privacy line', async () => {
    await db.connection.put(makeConnectionRow({ privacyLineShown: false }));
    renderPanel(<App />, fakeActions().actions, null);
    await screen.findByRole('button', { name: pseudo('Continue') });
    expectAllOurs();
  });

  it('find with agents, under the header and the tabs, with the More menu open', async () => {
    await db.connection.put(makeConnectionRow());
    await db.finds.add({
      requestId: 'r1',
      text: 'postgres replica',
      cut: true,
      source: 'menu',
      status: 'done',
      agents: [
        makeCard(),
        makeCard({ agentId: 'ag_2', slug: 'other', matchBps: 120, countedCalls: 0, contributors: 1 }),
      ],
      error: null,
      at: daysAgo(0),
      doneAt: daysAgo(0),
    });
    renderPanel(<App />, fakeActions().actions, null);
    await screen.findAllByRole('button', { name: pseudo('Preview a call to') });
    fireEvent.click(screen.getByRole('button', { name: pseudo('More') }));
    await screen.findByRole('menuitem', { name: pseudo('Share') });
    expectAllOurs();
  });

  it('preview: the limit, the gate, another agent that fits, research', async () => {
    const preview: Preview = makePreview({
      fit: {
        verdict: 'another_agent',
        sentence: ut('Another agent fits better.'),
        otherAgent: { agentId: 'ag_2', slug: 'other', untrustedName: ut('Other') },
        choice: null,
        canStartAgent: true,
      },
      gate: { ready: false, missing: [{ key: 'pg', untrustedDetail: ut('Which version?') }] },
    } as Partial<Preview>);
    const fake = fakeActions({
      preview: () => ({ ok: true, value: { preview, requestChecked: false } }) as CommandResult<'preview'>,
    });
    renderPanel(
      <PreviewView
        initial={{
          agentId: 'ag_1',
          agentName: ut('Postgres helper'),
          callId: 'apply',
          details: 'my details',
          question: '',
          maxDollars: '2.50',
          subject: null,
          intentId: 'i1',
        }}
        onStarted={() => undefined}
        onBack={() => undefined}
      />,
      fake.actions,
    );
    await screen.findByRole('button', { name: pseudo('Start the call') });
    await waitFor(() => expect(fake.sent.some((s) => s.name === 'preview')).toBe(true));
    await screen.findByText(/Another agent fits better\./);
    expectAllOurs();
  });

  it('every refusal the contract lists, with its next step', () => {
    const extras: Record<string, MemberError['extras']> = {
      short: { topUpUrl: `${SITE}/top-up` },
      details_missing: { missing: [{ key: 'pg_version', untrustedDetail: ut('Which Postgres version?') }] },
      invalid_answers: { problems: [{ key: 'size', problem: 'not an option' }] },
      switched_off: { reason: 'files' },
      over_limit: { reason: 'too_many_open_calls' },
      needs_approval: { approvalId: 'ap_1', approvalUrl: `${SITE}/approvals/ap_1`, reason: 'over_calls' },
      rate_limited: { retryAfterSeconds: 30 },
    };
    for (const code of [...KNOWN_CODES, 'some_new_code']) {
      const message = apiErrorWords(code, 400, { ...NO_EXTRAS, ...(extras[code] as object) });
      const view = renderPanel(
        <RefusalView error={memberError(code, message, extras[code] ?? {}, 400)} />,
        fakeActions().actions,
      );
      const problems = unbracketedText(document.body);
      expect(problems, code).toEqual([]);
      view.unmount();
    }
  });

  it('a call at each step: approval, sending again, running, and its result with files and charge', async () => {
    const rows: CallRow[] = [
      makeCall({
        localId: 'c1',
        state: 'needs_approval',
        result: null,
        runId: null,
        error: memberError('needs_approval', 'Approve it on the site.', { reason: 'new_agent' }),
      }),
      makeCall({
        localId: 'c2',
        state: 'unsent',
        result: null,
        error: { ...memberError('server_error', apiErrorWords('server_error', 500, NO_EXTRAS)), status: 500 },
      }),
      makeCall({
        localId: 'c3',
        state: 'started',
        result: null,
        privacyLine: 'The agent’s builders receive your details.',
      }),
      makeCall({
        localId: 'c4',
        finishedAt: daysAgo(0),
        result: makeResult({
          files: [file('notes.md', false), file('setup.sh', true)],
          researchCut: { limitCents: 300, limitBy: 'caller_max' },
          checks: [
            { label: 'Has a plan', passed: true },
            { label: 'Cites sources', passed: false },
          ],
        } as never),
      }),
      makeCall({ localId: 'c5', result: makeResult({ status: 'failed', partial: true, charge: null, note: null }) }),
    ];
    await db.calls.bulkPut(rows);
    await db.approvals.put({
      approvalId: 'ap_1',
      localId: 'c1',
      approvalUrl: `${SITE}/approvals/ap_1`,
      reason: 'new_agent',
      request: rows[0]!.request,
      expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
      status: 'pending',
      siteStatus: null,
      createdAt: daysAgo(0),
      updatedAt: daysAgo(0),
      nextCheckAt: 0,
      checks: 0,
      cameBackAt: null,
    } as never);
    for (const row of rows) {
      const view = renderPanel(<CallView localId={row.localId} onEdit={() => undefined} />, fakeActions().actions);
      await screen.findByRole('heading', { level: 1 });
      await waitFor(() => expect(document.body.textContent).not.toMatch(/Loading/));
      expect(unbracketedText(document.body), row.localId).toEqual([]);
      view.unmount();
    }
  });

  it('the calls list, sessions, a session with its questions and results, and findings', async () => {
    await db.connection.put(makeConnectionRow());
    await db.calls.bulkPut([
      makeCall({ localId: 'c1', sessionId: 's1' }),
      makeCall({ localId: 'c2', state: 'started', result: null, sessionId: 's1' }),
    ]);
    const s = session({
      calls: 2,
      chargedCents: 123,
      lastCallAt: daysAgo(1),
      questions: questionsObject({
        answers: [answer('stack')],
        shown: [question('stack'), question('hosting', { multiple: true })],
      }),
      results: [callResult({ runId: 'r1' })],
    });
    await db.sessions.put(sessionRow(s, daysAgo(0)));
    await db.findings.bulkPut([
      { findingId: 'f1', finding: finding('f1'), readAt: daysAgo(0) },
      {
        findingId: 'f2',
        finding: finding('f2', { status: 'joined', draftId: null, signOffUrl: null }),
        readAt: daysAgo(0),
      },
    ]);
    const { actions } = fakeActions({ refreshFindings: () => ({ ok: true, value: { count: 2 } }) });

    const app = render(
      <ActionsContext.Provider value={actions}>
        <App />
      </ActionsContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: pseudo('Calls') }));
    await screen.findByRole('list', { name: pseudo('Calls, newest first') });
    expectAllOurs();
    app.unmount();

    const tab = renderPanel(<SessionsTab onOpen={() => undefined} />, actions);
    await screen.findByRole('list', { name: pseudo('Sessions') });
    expectAllOurs();
    tab.unmount();

    const one = renderPanel(<SessionView sessionId="s1" />, actions);
    await screen.findByRole('heading', { name: 'Shop Builder' });
    await screen.findByRole('heading', { name: pseudo('Question 1 of ') });
    expectAllOurs();
    one.unmount();

    renderPanel(<FindingsTab row={makeConnectionRow({ me: makeMe({ keepsFindings: true }) })} />, actions);
    await screen.findByRole('heading', { name: pseudo('Waiting for your sign-off') });
    expectAllOurs();
  });

  it('calls: the chart, the site’s total, the filters and the export', async () => {
    const mk = (id: string, agentId: string, n: number, cents: number) => {
      const c = makeCall({
        localId: id,
        agentName: ut(agentId),
        createdAt: daysAgo(n),
        finishedAt: daysAgo(n),
        result: makeResult({ charge: { ...makeResult().charge!, chargedCents: cents } }),
      });
      return { ...c, request: { ...c.request, agentId } };
    };
    await db.calls.bulkPut([mk('a', 'ag_a', 1, 125), mk('b', 'ag_b', 2, 300), mk('c', 'ag_a', 3, 75)]);
    const { actions } = fakeActions({
      spending: (p) =>
        ({
          ok: true,
          value: { since: (p as { since: string }).since, spentSinceCents: 600, at: daysAgo(0) },
        }) as CommandResult<'spending'>,
    });
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, actions);
    await screen.findByRole('list', { name: pseudo('Calls, newest first') });
    // The spending is read once the list is in, without a click.
    await waitFor(() => expect(document.body.textContent).toContain('$6.00'));
    expectAllOurs();
  });

  it('sharing: coverage, a draft with files, and the projects shared', async () => {
    await db.connection.put(makeConnectionRow({ me: makeMe({ switches: { ...makeMe().switches, sharing: true } }) }));
    const draft: ShareDraft = {
      draftId: 'shr_1',
      status: 'waiting_sign_off',
      untrustedTitle: ut('Postgres tuning notes'),
      agentId: 'agt_postgres',
      files: [{ fileId: 'fil_1', untrustedPath: ut('notes.md'), sizeBytes: 2048, active: false }],
      packageBytes: 2048,
      signOffUrl: `${SITE}/shares/shr_1`,
      createdAt: daysAgo(0),
    } as ShareDraft;
    await db.shares.put({ draftId: 'shr_1', draft, readAt: daysAgo(0) } as never);
    const { actions } = fakeActions({
      askCoverage: () =>
        ({ ok: true, value: { answer: { covered: false, agents: [] } } }) as CommandResult<'askCoverage'>,
      refreshSharedProjects: () => ({ ok: true, value: { count: 0 } }) as CommandResult<'refreshSharedProjects'>,
    });
    renderPanel(<ShareView />, actions);
    await screen.findByText('Postgres tuning notes');
    expectAllOurs();
  });

  it('connection status, options, the first-run page and the privacy page', async () => {
    const status = renderPanel(<StatusView row={makeConnectionRow()} />, fakeActions().actions);
    await screen.findByRole('heading', { level: 1 });
    expectAllOurs();
    status.unmount();

    await db.connection.put(makeConnectionRow());
    Object.assign(fakeBrowser, {
      commands: { getAll: vi.fn(async () => [{ name: 'find-selection', shortcut: 'Alt+Shift+F' }]) },
    });
    for (const firefox of [false, true]) {
      const options = renderPanel(<OptionsPage firefox={firefox} />, fakeActions().actions, null);
      await screen.findAllByRole('heading', { level: 1 });
      await waitFor(() => expect(document.body.textContent).toContain('127.0.0.1'));
      expectAllOurs();
      options.unmount();
      const welcome = render(<Welcome firefox={firefox} />);
      expectAllOurs();
      welcome.unmount();
    }
    render(<PrivacyPage />);
    expectAllOurs();
  });
});
