// @vitest-environment happy-dom
import { cleanup, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useState } from 'preact/hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileAttachments, type FileAttachmentsProps } from '@/components/files/FileAttachments';
import { type Attachment, addAttachments, removeAttachment } from '@/lib/files/attachments';
import { fileSource } from '@/lib/files/upload-checks';

afterEach(cleanup);

const GITHUB_TOKEN = `ghp_${'Zx9Yw8Vu7T'.repeat(4)}`;

function props(over: Partial<FileAttachmentsProps> = {}): FileAttachmentsProps {
  return {
    filesSwitchOn: true,
    attachments: [],
    onAdd: vi.fn(),
    onRemove: vi.fn(),
    onOpenSettings: vi.fn(),
    ...over,
  };
}

function choose(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  fireEvent.change(input);
}

/** The list's owner as the panel will be: it checks what is added and removes what is asked. */
function Harness({ onSend }: { onSend?: (list: Attachment[]) => void }) {
  const [list, setList] = useState<Attachment[]>([]);
  let id = 0;
  return (
    <>
      <FileAttachments
        filesSwitchOn
        attachments={list}
        onAdd={async (files) => {
          const next = await addAttachments(list, files.map(fileSource), { makeId: () => `${files[0]?.name}-${++id}` });
          setList(next);
        }}
        onRemove={(removed) => setList((current) => removeAttachment(current, removed))}
        onOpenSettings={() => {}}
      />
      <button type="button" onClick={() => onSend?.(list)}>
        Send
      </button>
    </>
  );
}

describe('FileAttachments', () => {
  it('offers a labelled picker for several files and reports what was chosen', () => {
    const onAdd = vi.fn();
    render(<FileAttachments {...props({ onAdd })} />);
    const input = screen.getByLabelText('Choose files') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.multiple).toBe(true);
    const file = new File(['hello'], 'a.txt', { type: 'text/plain' });
    choose(input, [file]);
    expect(onAdd).toHaveBeenCalledWith([file]);
  });

  it('takes dropped files in the drop zone, and names the picker as its keyboard alternative', () => {
    const onAdd = vi.fn();
    render(<FileAttachments {...props({ onAdd })} />);
    const zone = screen.getByRole('region', { name: 'Drop files here' });
    expect(zone.textContent).toContain('With a keyboard, use Choose files');
    const file = new File(['x'], 'dropped.md');
    // fireEvent.drop would fire "Drop" here (happy-dom has no ondrop property); preact 11 listens to "drop".
    fireEvent(zone, createEvent.drop(zone, { dataTransfer: { files: [file] } }));
    expect(onAdd).toHaveBeenCalledWith([file]);
    // The browser must not open a file dragged over the panel: dragover and drop are cancelled.
    expect(fireEvent(zone, createEvent.dragOver(zone))).toBe(false);
    expect(fireEvent(zone, createEvent.drop(zone, { dataTransfer: { files: [] } }))).toBe(false);
  });

  it('says when the files switch is off and links to the member page through a button', () => {
    const onOpenSettings = vi.fn();
    render(<FileAttachments {...props({ filesSwitchOn: false, onOpenSettings })} />);
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(screen.getByText(/Sending files is switched off/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open your connection on the site' }));
    expect(onOpenSettings).toHaveBeenCalledOnce();
  });

  it("shows the site's 403 switched_off the same way", () => {
    render(<FileAttachments {...props({ switchedOffBySite: true })} />);
    expect(screen.queryByLabelText('Choose files')).toBeNull();
    expect(screen.getByText(/The site says sending files is switched off/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open your connection on the site' })).toBeTruthy();
  });

  it('lists each file with its size and verdict, refuses the seventh, and frees a place on removal', async () => {
    render(<Harness />);
    const files = Array.from(
      { length: 7 },
      (_, i) => new File([`file number ${i}`], `f${i}.txt`, { type: 'text/plain' }),
    );
    choose(screen.getByLabelText('Choose files'), files);
    const list = await screen.findByRole('list', { name: 'Chosen files' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items[0]?.textContent).toContain('f0.txt');
    expect(items[0]?.textContent).toContain('13 bytes');
    expect(items[0]?.textContent).toContain('Will be sent (no keys or passwords found)');
    expect(items[6]?.textContent).toContain('Not sent: At most 6 files go with one call');
    expect(screen.getByText(/6 of 6 files will be sent/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove f0.txt' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(6));
    expect(list.textContent).not.toContain('Not sent');
  });

  it('names the secret found in a text file, never the secret itself', async () => {
    render(<Harness />);
    choose(screen.getByLabelText('Choose files'), [new File([`export TOKEN=${GITHUB_TOKEN}`], 'env.sh', { type: '' })]);
    const list = await screen.findByRole('list', { name: 'Chosen files' });
    expect(list.textContent).toContain('Not sent: It seems to contain a GitHub token');
    expect(document.body.textContent).not.toContain(GITHUB_TOKEN);
  });

  it('refuses a file over the 64 KB body and says how large it may be', async () => {
    render(<Harness />);
    choose(screen.getByLabelText('Choose files'), [new File([new Uint8Array(60_000)], 'big.bin')]);
    const list = await screen.findByRole('list', { name: 'Chosen files' });
    expect(list.textContent).toMatch(/Not sent: Too large: 60 kB\..*at most 48 kB \(47,970 bytes\)/);
  });

  it('shows a file name as plain text, without direction tricks', async () => {
    render(<Harness />);
    choose(screen.getByLabelText('Choose files'), [new File([new Uint8Array([0, 1])], 'photo\u202Egnp.exe')]);
    const list = await screen.findByRole('list', { name: 'Chosen files' });
    expect(list.textContent).toContain('photognp.exe');
    expect(list.textContent).not.toContain('\u202E');
  });
});
