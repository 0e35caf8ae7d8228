// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoverageForm } from '@/components/sharing/CoverageForm';
import { CoverageResult } from '@/components/sharing/CoverageResult';
import { NewShareForm } from '@/components/sharing/NewShareForm';
import { ShareDraftView, type ShareDraftViewProps } from '@/components/sharing/ShareDraftView';
import { ShareFilesForm } from '@/components/sharing/ShareFilesForm';
import { SharedProjectsList } from '@/components/sharing/SharedProjectsList';
import type { ShareDraft } from '@/lib/contract/shares';
import { addAttachments } from '@/lib/files/attachments';
import { asUntrusted } from '@/lib/safety/untrusted';
import { MAX_PACKAGE_BODY_BYTES } from '@/lib/contract/limits';

afterEach(cleanup);

const SITE = 'http://127.0.0.1:8787';
const GITHUB_TOKEN = `ghp_${'Qw3Er4Ty5U'.repeat(4)}`;

function type(element: HTMLElement, value: string) {
  (element as HTMLInputElement).value = value;
  fireEvent.input(element);
}

function draft(over: Partial<ShareDraft> = {}): ShareDraft {
  return {
    draftId: 'd1',
    status: 'open',
    untrustedTitle: asUntrusted('Garden shed plans'),
    agentId: 'a1',
    files: [
      { fileId: 'f1', untrustedPath: asUntrusted('plans/shed.md'), sizeBytes: 4000, active: false },
      { fileId: 'f2', untrustedPath: asUntrusted('tools/cut.sh'), sizeBytes: 100, active: true },
    ],
    packageBytes: null,
    signOffUrl: null,
    createdAt: '2026-11-01T09:00:00Z',
    ...over,
  };
}

function draftProps(over: Partial<ShareDraftViewProps> = {}): ShareDraftViewProps {
  return { draft: draft(), siteOrigin: SITE, onPackage: vi.fn(), onOpenSignOff: vi.fn(), ...over };
}

describe('CoverageForm', () => {
  it('asks with the trimmed description', () => {
    const onAsk = vi.fn();
    render(<CoverageForm onAsk={onAsk} />);
    const form = screen.getByRole('form', { name: 'Which agent covers this kind of project?' });
    type(within(form).getByRole('textbox', { name: 'Describe the kind of project' }), '  Raised garden beds  ');
    fireEvent.click(within(form).getByRole('button', { name: 'Ask which agent covers it' }));
    expect(onAsk).toHaveBeenCalledWith('Raised garden beds');
  });
  it('refuses fewer than 3 characters and more than 2000', () => {
    const onAsk = vi.fn();
    render(<CoverageForm onAsk={onAsk} />);
    const box = screen.getByRole('textbox', { name: 'Describe the kind of project' });
    type(box, 'ab');
    fireEvent.click(screen.getByRole('button', { name: 'Ask which agent covers it' }));
    expect(screen.getByRole('alert').textContent).toBe('Write at least 3 characters.');
    type(box, 'x'.repeat(2001));
    fireEvent.click(screen.getByRole('button', { name: 'Ask which agent covers it' }));
    expect(screen.getByRole('alert').textContent).toContain('At most 2,000 characters');
    type(box, 'x'.repeat(2000));
    fireEvent.click(screen.getByRole('button', { name: 'Ask which agent covers it' }));
    expect(onAsk).toHaveBeenCalledOnce();
  });
  it('sends nothing that holds a secret', () => {
    const onAsk = vi.fn();
    render(<CoverageForm onAsk={onAsk} />);
    type(screen.getByRole('textbox', { name: 'Describe the kind of project' }), `deploy with ${GITHUB_TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: 'Ask which agent covers it' }));
    expect(onAsk).not.toHaveBeenCalled();
    expect(
      screen
        .getAllByRole('alert')
        .map((a) => a.textContent)
        .join(' '),
    ).toContain('a GitHub token');
  });
  it('shows the error of the last question and waits while one is on its way', () => {
    render(<CoverageForm onAsk={vi.fn()} busy error="Sharing is switched off for this connection." />);
    expect(screen.getByRole('alert').textContent).toBe('Sharing is switched off for this connection.');
    expect((screen.getByRole('button', { name: 'Asking…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CoverageResult', () => {
  it('lists matching agents as text, with their match, and lets the member pick one', () => {
    const onChooseAgent = vi.fn();
    render(
      <CoverageResult
        answer={{
          covered: true,
          agents: [{ agentId: 'a1', slug: 'garden', untrustedName: asUntrusted('<b>Gardener</b>'), matchBps: 8_750 }],
        }}
        onChooseAgent={onChooseAgent}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('An agent covers this kind of project.');
    const list = screen.getByRole('list', { name: 'Matching agents' });
    expect(list.querySelector('b')).toBeNull();
    expect(list.textContent).toContain('<b>Gardener</b>');
    expect(list.textContent).toContain('match 87%');
    fireEvent.click(screen.getByRole('button', { name: 'Share with <b>Gardener</b>' }));
    expect(onChooseAgent).toHaveBeenCalledWith('a1');
  });
  it('says when no agent covers it', () => {
    render(<CoverageResult answer={{ covered: false, agents: [] }} />);
    expect(screen.getByRole('status').textContent).toBe('No agent covers this kind of project yet.');
    expect(screen.queryByRole('list')).toBeNull();
  });
});

describe('NewShareForm', () => {
  const agents = [
    { agentId: 'a1', untrustedName: asUntrusted('Gardener') },
    { agentId: 'a2', untrustedName: asUntrusted('Carpenter') },
  ];

  it('starts a draft with title, description and the chosen agent', () => {
    const onCreate = vi.fn();
    render(<NewShareForm agents={agents} onCreate={onCreate} />);
    const form = screen.getByRole('form', { name: 'New draft' });
    type(within(form).getByRole('textbox', { name: 'Title' }), ' Shed plans ');
    type(within(form).getByRole('textbox', { name: 'Description (optional)' }), 'How I built it.');
    const select = within(form).getByRole('combobox', { name: 'Agent' }) as HTMLSelectElement;
    select.value = 'a2';
    fireEvent.change(select);
    fireEvent.click(within(form).getByRole('button', { name: 'Start the draft' }));
    expect(onCreate).toHaveBeenCalledWith({ title: 'Shed plans', description: 'How I built it.', agentId: 'a2' });
  });
  it('names no agent unless one is chosen, and leaves out an empty description', () => {
    const onCreate = vi.fn();
    render(<NewShareForm agents={agents} onCreate={onCreate} />);
    type(screen.getByRole('textbox', { name: 'Title' }), 'Shed');
    fireEvent.click(screen.getByRole('button', { name: 'Start the draft' }));
    expect(onCreate).toHaveBeenCalledWith({ title: 'Shed', agentId: null });
  });
  it('preselects the agent picked from the coverage answer', () => {
    render(<NewShareForm agents={agents} agentId="a1" onCreate={vi.fn()} />);
    expect((screen.getByRole('combobox', { name: 'Agent' }) as HTMLSelectElement).value).toBe('a1');
  });
  it('refuses an empty title, a title over 200 characters and a secret', () => {
    const onCreate = vi.fn();
    render(<NewShareForm agents={agents} onCreate={onCreate} />);
    const submit = screen.getByRole('button', { name: 'Start the draft' });
    fireEvent.click(submit);
    expect(within(screen.getByRole('list', { name: 'Problems' })).getByText('Give the project a title.')).toBeTruthy();
    type(screen.getByRole('textbox', { name: 'Title' }), 't'.repeat(201));
    fireEvent.click(submit);
    expect(screen.getByRole('list', { name: 'Problems' }).textContent).toContain('at most 200 characters (now 201)');
    type(screen.getByRole('textbox', { name: 'Title' }), 't'.repeat(200));
    type(screen.getByRole('textbox', { name: 'Description (optional)' }), `password = "${GITHUB_TOKEN}"`);
    fireEvent.click(submit);
    expect(onCreate).not.toHaveBeenCalled();
    type(screen.getByRole('textbox', { name: 'Description (optional)' }), 'clean');
    fireEvent.click(submit);
    expect(onCreate).toHaveBeenCalledOnce();
  });
});

describe('ShareDraftView', () => {
  it('shows the draft as text with its files, sizes and active marks', () => {
    render(<ShareDraftView {...draftProps({ draft: draft({ untrustedTitle: asUntrusted('<script>x</script>') }) })} />);
    const region = screen.getByRole('region', { name: '<script>x</script>' });
    expect(region.querySelector('script')).toBeNull();
    expect(within(region).getByRole('status').textContent).toBe('Open: add its files, then package it');
    const files = within(region).getByRole('list', { name: 'Files in the draft' });
    expect(files.textContent).toContain('plans/shed.md · 4 kB');
    expect(within(files).getAllByRole('listitem')[1]?.textContent).toContain('active file');
    expect(region.querySelectorAll('[href]')).toHaveLength(0);
  });
  it('packages an open draft within 1 MB', () => {
    const onPackage = vi.fn();
    render(<ShareDraftView {...draftProps({ onPackage })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Package the draft' }));
    expect(onPackage).toHaveBeenCalledOnce();
  });
  it('refuses to package over 1 MB or with no files, locally', () => {
    const onPackage = vi.fn();
    const big = draft({
      files: [
        { fileId: 'f1', untrustedPath: asUntrusted('a'), sizeBytes: MAX_PACKAGE_BODY_BYTES, active: false },
        { fileId: 'f2', untrustedPath: asUntrusted('b'), sizeBytes: 1, active: false },
      ],
    });
    const { unmount } = render(<ShareDraftView {...draftProps({ draft: big, onPackage })} />);
    const button = screen.getByRole('button', { name: 'Package the draft' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/it can be at most 1 MB/)).toBeTruthy();
    fireEvent.click(button);
    expect(onPackage).not.toHaveBeenCalled();
    unmount();
    render(<ShareDraftView {...draftProps({ draft: draft({ files: [] }), onPackage })} />);
    expect((screen.getByRole('button', { name: 'Package the draft' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Add at least one file.')).toBeTruthy();
  });
  it('offers the sign-off page on the site as a button, and says a key never signs off', () => {
    const onOpenSignOff = vi.fn();
    const waiting = draft({ status: 'waiting_sign_off', packageBytes: 4196, signOffUrl: `${SITE}/shares/d1/sign-off` });
    render(<ShareDraftView {...draftProps({ draft: waiting, onOpenSignOff })} />);
    expect(screen.getByRole('status').textContent).toBe('Packaged: waiting for your sign-off on the site');
    expect(screen.getByText(/This extension’s key never signs off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Package the draft' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign off on the site' }));
    expect(onOpenSignOff).toHaveBeenCalledWith(`${SITE}/shares/d1/sign-off`);
  });
  it('does not offer a sign-off address off the site', () => {
    for (const signOffUrl of [
      'https://evil.example/shares/d1/sign-off',
      'http://127.0.0.2:8787/shares/d1/sign-off',
      'javascript:alert(1)',
    ]) {
      const waiting = draft({ status: 'waiting_sign_off', signOffUrl });
      const { unmount } = render(<ShareDraftView {...draftProps({ draft: waiting })} />);
      expect(screen.queryByRole('button', { name: 'Sign off on the site' })).toBeNull();
      unmount();
    }
  });
  it('removes a file and reads the state again through its callbacks', () => {
    const onRemoveFile = vi.fn();
    const onRefresh = vi.fn();
    render(<ShareDraftView {...draftProps({ onRemoveFile, onRefresh })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove plans/shed.md' }));
    expect(onRemoveFile).toHaveBeenCalledWith('f1');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledOnce();
  });
  it('names an unknown state as unknown', () => {
    render(<ShareDraftView {...draftProps({ draft: draft({ status: { unknown: 'frozen' } }) })} />);
    expect(screen.getByRole('status').textContent).toBe('State unknown (“frozen”)');
  });
});

describe('ShareFilesForm', () => {
  const file = (name: string, size: number) => ({
    name,
    type: 'application/octet-stream',
    sizeBytes: size,
    read: async () => new Uint8Array(size),
  });
  const base = { filesSwitchOn: true, onAdd: vi.fn(), onRemove: vi.fn(), onOpenSettings: vi.fn() };

  it('adds checked files to an open draft', async () => {
    const onSubmit = vi.fn();
    const attachments = await addAttachments([], [file('a.bin', 10)], { makeId: () => 'x1' });
    render(<ShareFilesForm {...base} draft={draft()} attachments={attachments} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add these files to the draft' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
  it('refuses files that would take the package over 1 MB', async () => {
    const onSubmit = vi.fn();
    const full = draft({
      files: [{ fileId: 'f1', untrustedPath: asUntrusted('a'), sizeBytes: MAX_PACKAGE_BODY_BYTES - 5, active: false }],
    });
    const attachments = await addAttachments([], [file('b.bin', 6)], { makeId: () => 'x1' });
    render(<ShareFilesForm {...base} draft={full} attachments={attachments} onSubmit={onSubmit} />);
    expect(screen.getByRole('alert').textContent).toContain('A package is at most 1 MB');
    const button = screen.getByRole('button', { name: 'Add these files to the draft' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
  it('counts the files already in the draft against its 20', async () => {
    const many = draft({
      files: Array.from({ length: 19 }, (_, i) => ({
        fileId: `f${i}`,
        untrustedPath: asUntrusted(`${i}`),
        sizeBytes: 1,
        active: false,
      })),
    });
    let n = 0;
    const attachments = await addAttachments([], [file('a.bin', 1), file('b.bin', 2)], { makeId: () => `x${++n}` });
    render(<ShareFilesForm {...base} draft={many} attachments={attachments} onSubmit={vi.fn()} />);
    expect(screen.getByText(/room for 1 more/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add these files to the draft' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
  it('says when the files switch is off', () => {
    render(<ShareFilesForm {...base} filesSwitchOn={false} draft={draft()} attachments={[]} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Open your connection on the site' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add these files to the draft' })).toBeNull();
  });
});

describe('SharedProjectsList', () => {
  it('lists projects with their agent and what became of them, as text', () => {
    render(
      <SharedProjectsList
        projects={[
          {
            projectId: 'p1',
            untrustedTitle: asUntrusted('Shed <i>plans</i>'),
            agentId: 'a1',
            untrustedAgentName: asUntrusted('Gardener'),
            contributionState: 'trial',
            createdAt: '2026-10-01T09:00:00Z',
          },
          {
            projectId: 'p2',
            untrustedTitle: asUntrusted('Fence'),
            agentId: 'a2',
            untrustedAgentName: asUntrusted('Carpenter'),
            contributionState: null,
            createdAt: '2026-10-02T09:00:00Z',
          },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Your shared projects' });
    const items = within(list).getAllByRole('listitem');
    expect(list.querySelector('i')).toBeNull();
    expect(items[0]?.textContent).toContain('Shed <i>plans</i>');
    expect(items[0]?.textContent).toContain('for Gardener · On trial');
    expect(items[1]?.textContent).toContain('Not a contribution yet');
  });
  it('says when there are none and when they were not read', () => {
    const { unmount } = render(<SharedProjectsList projects={[]} />);
    expect(screen.getByText('You have not shared a project yet.')).toBeTruthy();
    unmount();
    render(<SharedProjectsList projects={null} />);
    expect(screen.getByRole('status').textContent).toBe('Your shared projects have not been read yet.');
  });
});
