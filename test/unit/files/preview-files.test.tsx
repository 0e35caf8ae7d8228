// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CallDraft } from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import { db } from '@/lib/db';
import { encodeBase64 } from '@/lib/files/base64';
import type { CommandResult } from '@/lib/protocol/commands';
import {
  fakeActions,
  makeConnectionRow,
  makeMe,
  makePreview,
  memberError,
  SITE,
  ut,
} from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';

const DRAFT: CallDraft = {
  agentId: 'ag_1',
  agentName: ut('Postgres helper'),
  callId: 'apply',
  details: 'Tune these.',
  question: '',
  maxDollars: '',
  subject: null,
  intentId: 'intent-1',
};

type Sent = { name: string; payload: unknown };

async function withFilesSwitch(on: boolean) {
  const me = makeMe();
  await db.connection.put(makeConnectionRow({ me: { ...me, switches: { ...me.switches, files: on } } }));
}

function setup(replies: Parameters<typeof fakeActions>[0] = {}) {
  let n = 0;
  const fake = fakeActions({
    preview: () => ({ ok: true, value: { preview: makePreview(), requestChecked: true } }) as CommandResult<'preview'>,
    uploadFile: (p) => {
      const { name } = p as { name: string };
      return {
        ok: true,
        value: { fileId: `fil_${++n}_${name}`, sizeBytes: 1, active: false },
      } as CommandResult<'uploadFile'>;
    },
    startCall: (p) =>
      ({
        ok: true,
        value: { localId: (p as { localId: string }).localId, state: 'started' },
      }) as CommandResult<'startCall'>,
    ...replies,
  });
  renderPanel(<PreviewView initial={DRAFT} onStarted={() => undefined} onBack={() => undefined} />, fake.actions);
  return fake;
}

const file = (name: string, text: string, type = 'text/plain') => new File([text], name, { type });

async function choose(files: File[]) {
  const input = (await screen.findByLabelText('Choose files')) as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
  await screen.findByText(`${files.length} of 6 files will be sent.`);
}

const startButton = () =>
  screen.getByRole('button', { name: /^Start( the call| · holds up to)|Starting…/ }) as HTMLButtonElement;
const named = (sent: Sent[], name: string) => sent.filter((s) => s.name === name).map((s) => s.payload);

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

describe('files with a call', () => {
  it('uploads each chosen file, then starts the call naming them', async () => {
    await withFilesSwitch(true);
    const { sent } = setup();
    await choose([file('a.txt', 'first'), file('b.md', '# second')]);
    expect(screen.getAllByText(/Will be sent \(no keys or passwords found\)/)).toHaveLength(2);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    await waitFor(() => expect(named(sent, 'startCall')).toHaveLength(1));
    expect(named(sent, 'uploadFile')).toEqual([
      { name: 'a.txt', contentBase64: encodeBase64(new TextEncoder().encode('first')), type: 'text/plain' },
      { name: 'b.md', contentBase64: encodeBase64(new TextEncoder().encode('# second')), type: 'text/plain' },
    ]);
    expect((named(sent, 'startCall')[0] as { request: { fileIds: string[] } }).request.fileIds).toEqual([
      'fil_1_a.txt',
      'fil_2_b.md',
    ]);
    // Uploads come first, the call after them.
    expect(sent.map((s) => s.name).filter((n) => n !== 'preview')).toEqual(['uploadFile', 'uploadFile', 'startCall']);
  });

  it('a second start after a failure does not upload the same files again', async () => {
    await withFilesSwitch(true);
    let failFirst = true;
    const { sent } = setup({
      startCall: () => {
        if (failFirst) {
          failFirst = false;
          return { ok: false, error: memberError('background_unreachable', 'The extension did not answer.') };
        }
        return { ok: true, value: { localId: 'x', state: 'started' } } as CommandResult<'startCall'>;
      },
    });
    await choose([file('a.txt', 'first')]);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    await screen.findByText('The extension did not answer.');
    fireEvent.click(startButton());
    await waitFor(() => expect(named(sent, 'startCall')).toHaveLength(2));
    expect(named(sent, 'uploadFile')).toHaveLength(1);
    const ids = named(sent, 'startCall').map((p) => (p as { request: { fileIds: string[] } }).request.fileIds);
    expect(ids).toEqual([['fil_1_a.txt'], ['fil_1_a.txt']]);
  });

  it('a file holding a key is shown as refused, and nothing leaves', async () => {
    await withFilesSwitch(true);
    const { sent } = setup();
    const input = (await screen.findByLabelText('Choose files')) as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [file('.env', `GITHUB_TOKEN=ghp_${'Zx9Yw8Vu7T'.repeat(4)}`)],
      configurable: true,
    });
    fireEvent.change(input);
    await screen.findByText(/Not sent: It seems to contain/);
    expect(startButton().disabled).toBe(true);
    expect(named(sent, 'uploadFile')).toEqual([]);
  });

  it('with the files switch off the panel says so and links to the member’s page', async () => {
    await withFilesSwitch(false);
    const { sent } = setup();
    await screen.findByText(/Sending files is switched off/);
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open your connection on the site' }));
    await waitFor(() => expect(named(sent, 'openSitePage')).toEqual([{ url: `${SITE}/connections/con_1` }]));
  });

  it('the site’s 403 switched_off (files) is shown the same way, and the chosen files can be dropped', async () => {
    await withFilesSwitch(true);
    setup({
      uploadFile: () => ({
        ok: false,
        error: memberError('switched_off', 'Sending files is switched off.', { reason: 'files' }, 403),
      }),
    });
    await choose([file('a.txt', 'first')]);
    await waitFor(() => expect(startButton().disabled).toBe(false));
    fireEvent.click(startButton());
    await screen.findByText(/The site says sending files is switched off/);
    expect(startButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove the chosen files' }));
    await waitFor(() => expect(startButton().disabled).toBe(false));
  });
});
