// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShareTab } from '@/components/sharing/ShareTab';
import { ShareView } from '@/components/sharing/ShareView';
import type { CoverageAnswer, ShareDraft } from '@/lib/contract/shares';
import { db } from '@/lib/db';
import type { CommandResult } from '@/lib/protocol/commands';
import { fakeActions, makeConnectionRow, makeMe, memberError, SITE, ut } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';

type Sent = { name: string; payload: unknown };
const named = (sent: Sent[], name: string) => sent.filter((s) => s.name === name).map((s) => s.payload);

function draft(over: Partial<ShareDraft> = {}): ShareDraft {
  return {
    draftId: 'shr_1',
    status: 'open',
    untrustedTitle: ut('Postgres tuning notes'),
    agentId: 'agt_postgres',
    files: [],
    packageBytes: null,
    signOffUrl: null,
    createdAt: '2026-05-01T10:00:00Z',
    ...over,
  };
}

async function connectedWith(switches: { sharing: boolean; files: boolean }) {
  const me = makeMe();
  await db.connection.put(makeConnectionRow({ me: { ...me, switches: { ...me.switches, ...switches } } }));
}

const coverage: CoverageAnswer = {
  covered: true,
  agents: [
    { agentId: 'agt_postgres', slug: 'postgres-tuning', untrustedName: ut('Postgres Tuning Guild'), matchBps: 8200 },
  ],
};

function setup(replies: Parameters<typeof fakeActions>[0] = {}) {
  const fake = fakeActions({
    askCoverage: () => ({ ok: true, value: { answer: coverage } }) as CommandResult<'askCoverage'>,
    createShare: () => ({ ok: true, value: { draftId: 'shr_1' } }) as CommandResult<'createShare'>,
    uploadFile: (p) =>
      ({
        ok: true,
        value: { fileId: `fil_${(p as { name: string }).name}`, sizeBytes: 5, active: false },
      }) as CommandResult<'uploadFile'>,
    refreshSharedProjects: () => ({ ok: true, value: { count: 0 } }) as CommandResult<'refreshSharedProjects'>,
    ...replies,
  });
  renderPanel(<ShareView />, fake.actions);
  return fake;
}

function type(element: HTMLElement, value: string) {
  (element as HTMLInputElement).value = value;
  fireEvent.input(element);
}

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('ShareView', () => {
  it('with the sharing switch off says so and links to the member’s page; nothing is asked of the site', async () => {
    await connectedWith({ sharing: false, files: true });
    const { sent } = setup();
    await screen.findByText(/Sharing is switched off/);
    fireEvent.click(screen.getByRole('button', { name: 'Open your connection on the site' }));
    await waitFor(() => expect(named(sent, 'openSitePage')).toEqual([{ url: `${SITE}/connections/con_1` }]));
    expect(sent.map((s) => s.name)).toEqual(['openSitePage']);
  });

  it('asks for coverage, then starts a draft for the chosen agent', async () => {
    await connectedWith({ sharing: true, files: true });
    const { sent } = setup();
    type(await screen.findByLabelText('Describe the kind of project'), 'Tuning postgres indexes');
    fireEvent.click(screen.getByRole('button', { name: 'Ask which agent covers it' }));
    await screen.findByText('An agent covers this kind of project.');
    expect(named(sent, 'askCoverage')).toEqual([{ description: 'Tuning postgres indexes' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Share with Postgres Tuning Guild' }));
    await waitFor(() => expect((screen.getByLabelText('Agent') as HTMLSelectElement).value).toBe('agt_postgres'));
    type(screen.getByLabelText('Title'), 'My tuning notes');
    fireEvent.click(screen.getByRole('button', { name: 'Start the draft' }));
    await waitFor(() =>
      expect(named(sent, 'createShare')).toEqual([{ title: 'My tuning notes', agentId: 'agt_postgres' }]),
    );
  });

  it('the site’s 403 switched_off (sharing) is shown like the switch being off', async () => {
    await connectedWith({ sharing: true, files: true });
    setup({
      askCoverage: () => ({
        ok: false,
        error: memberError('switched_off', 'Sharing is off.', { reason: 'sharing' }, 403),
      }),
    });
    type(await screen.findByLabelText('Describe the kind of project'), 'Tuning postgres indexes');
    fireEvent.click(screen.getByRole('button', { name: 'Ask which agent covers it' }));
    await screen.findByText(/The site says sharing is switched off for this connection/);
  });

  it('adds files to an open draft (uploads, then the whole list), then packages it', async () => {
    await connectedWith({ sharing: true, files: true });
    await db.shares.put({
      draftId: 'shr_1',
      draft: draft({ files: [{ fileId: 'fil_old', untrustedPath: ut('old.md'), sizeBytes: 10, active: false }] }),
      readAt: 'x',
    });
    const { sent } = setup();
    const region = await screen.findByRole('region', { name: 'Postgres tuning notes' });
    const input = within(region).getByLabelText('Choose files') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [new File(['hello'], 'new.md', { type: 'text/markdown' })],
      configurable: true,
    });
    fireEvent.change(input);
    await within(region).findByText(/1 of 19 files will be sent/);
    const add = within(region).getByRole('button', { name: 'Add these files to the draft' }) as HTMLButtonElement;
    await waitFor(() => expect(add.disabled).toBe(false));
    fireEvent.click(add);
    await waitFor(() =>
      expect(named(sent, 'putShareFiles')).toEqual([{ draftId: 'shr_1', fileIds: ['fil_old', 'fil_new.md'] }]),
    );
    expect(named(sent, 'uploadFile')).toHaveLength(1);
    fireEvent.click(within(region).getByRole('button', { name: 'Package the draft' }));
    await waitFor(() => expect(named(sent, 'packageShare')).toEqual([{ draftId: 'shr_1' }]));
  });

  it('a waiting draft offers the site’s sign-off page, opened only on a click, and is read again', async () => {
    await connectedWith({ sharing: true, files: true });
    const signOffUrl = `${SITE}/shares/shr_1/sign-off`;
    await db.shares.put({
      draftId: 'shr_1',
      draft: draft({
        status: 'waiting_sign_off',
        files: [{ fileId: 'fil_1', untrustedPath: ut('a.md'), sizeBytes: 10, active: false }],
        packageBytes: 10,
        signOffUrl,
      }),
      readAt: 'x',
    });
    const { sent } = setup();
    await screen.findByText('Packaged: waiting for your sign-off on the site');
    // Opening the view reads waiting drafts once.
    await waitFor(() => expect(named(sent, 'refreshShare')).toEqual([{ draftId: 'shr_1' }]));
    expect(named(sent, 'openSitePage')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Sign off on the site' }));
    await waitFor(() => expect(named(sent, 'openSitePage')).toEqual([{ url: signOffUrl }]));
    await waitFor(() => expect(named(sent, 'refreshShare')).toHaveLength(2));
  });

  it('lists the shared projects as stored, and asks for them on open', async () => {
    await connectedWith({ sharing: true, files: true });
    await db.sharedProjects.put({
      projectId: 'prj_1',
      project: {
        projectId: 'prj_1',
        untrustedTitle: ut('Old notes'),
        agentId: 'agt_postgres',
        untrustedAgentName: ut('Postgres Tuning Guild'),
        contributionState: 'kept',
        createdAt: '2026-04-01T10:00:00Z',
      },
      readAt: 'x',
    });
    const { sent } = setup();
    const list = await screen.findByRole('list', { name: 'Your shared projects' });
    expect(list.textContent).toContain('Old notes');
    expect(list.textContent).toContain('Kept');
    await waitFor(() => expect(named(sent, 'refreshSharedProjects')).toEqual([{}]));
  });
});

describe('ShareTab', () => {
  it('loads the sharing view when opened', async () => {
    await connectedWith({ sharing: true, files: true });
    const fake = fakeActions({
      refreshSharedProjects: () => ({ ok: true, value: { count: 0 } }) as CommandResult<'refreshSharedProjects'>,
    });
    renderPanel(<ShareTab />, fake.actions);
    await screen.findByRole('heading', { name: 'Share a project' });
  });
});
