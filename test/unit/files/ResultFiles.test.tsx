// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultFiles } from '@/components/files/ResultFiles';
import { decideFileAction, type ResultFile } from '@/lib/files/file-actions';
import { asUntrusted } from '@/lib/safety/untrusted';

afterEach(cleanup);

const SITE = 'http://127.0.0.1:8787';
const NOW = Date.parse('2026-11-02T10:00:00Z');

function callFile(fileId: string, path: string, active: boolean, sizeBytes = 2048): ResultFile {
  return {
    fileId,
    untrustedPath: asUntrusted(path),
    sizeBytes,
    active,
    url: `${SITE}/api/v1/files/${fileId}?exp=1762077900&sig=deadbeef`,
    expiresAt: new Date(NOW + 300_000).toISOString(),
  };
}

const plain = callFile('f-plain', 'out/report.csv', false);
const active = callFile('f-active', 'out/setup.sh', true);

function item(name: string): HTMLElement {
  const li = screen.getByText(name).closest('li');
  if (!li) throw new Error(`no list item for ${name}`);
  return li;
}

/**
 * The panel's wiring in small: each callback goes through the file gate and fetches only what it allows.
 * The fetch is a spy, so a request for a file that should not be fetched shows up.
 */
function renderWired(leftBytes: number | null = 1_000_000) {
  const fetchFile = vi.fn(async (_url: string) => undefined);
  const files = [plain, active];
  const act = (fileId: string, confirmed: boolean) => {
    const file = files.find((f) => f.fileId === fileId);
    if (!file) return;
    const action = decideFileAction(file, { confirmed, leftBytes, readAt: NOW, now: NOW + 1000 });
    if (action.kind === 'download') void fetchFile(action.options.url);
  };
  render(
    <ResultFiles
      files={files}
      downloadsLeftBytes={leftBytes}
      onDownload={(id) => act(id, false)}
      onSaveActive={(id) => act(id, true)}
    />,
  );
  return { fetchFile };
}

describe('ResultFiles', () => {
  it('shows path and size as text and links to no file', () => {
    const hostile = callFile('f-x', '<img src=x onerror=alert(1)>.txt', false);
    const { container } = render(
      <ResultFiles
        files={[plain, active, hostile]}
        downloadsLeftBytes={1_000_000}
        onDownload={vi.fn()}
        onSaveActive={vi.fn()}
      />,
    );
    expect(container.querySelectorAll('[href], [src], a, img, iframe, object, embed')).toHaveLength(0);
    expect(container.innerHTML).not.toContain('/api/v1/files/');
    expect(screen.getByText('out/report.csv')).toBeTruthy();
    expect(screen.getByText('<img src=x onerror=alert(1)>.txt')).toBeTruthy();
    expect(item('out/report.csv').textContent).toContain('2 kB');
  });

  it('says what is left today once something was downloaded, never a fresh day’s full allowance', () => {
    render(<ResultFiles files={[plain]} downloadsLeftBytes={20_000_000} onDownload={vi.fn()} onSaveActive={vi.fn()} />);
    expect(screen.queryByText(/Downloads left today/)).toBeNull();
    expect(document.body.textContent).not.toContain('20 MB of 20 MB');
    cleanup();
    render(<ResultFiles files={[plain]} downloadsLeftBytes={1_500_000} onDownload={vi.fn()} onSaveActive={vi.fn()} />);
    expect(screen.getByText('Downloads left today: 1.5 MB of 20 MB')).toBeTruthy();
  });

  it('says what is left today when a file is larger than that, even on a fresh day', () => {
    const big = callFile('f-big', 'out/dump.sql', false, 25_000_000);
    render(<ResultFiles files={[big]} downloadsLeftBytes={20_000_000} onDownload={vi.fn()} onSaveActive={vi.fn()} />);
    expect(screen.getByText('Downloads left today: 20 MB of 20 MB')).toBeTruthy();
    expect(item('out/dump.sql').textContent).toContain('Too large for today’s downloads left (20 MB)');
  });

  it('puts every file’s button in the same place: the end of its row, after the name and size', () => {
    render(
      <ResultFiles
        files={[plain, active]}
        downloadsLeftBytes={1_000_000}
        onDownload={vi.fn()}
        onSaveActive={vi.fn()}
      />,
    );
    for (const name of ['out/report.csv', 'out/setup.sh']) {
      const li = item(name);
      expect(li.className).toContain('result-file');
      const button = within(li).getByRole('button');
      expect(button.className).toContain('result-file-button');
      // The name and size are one cell, the button the row's other; notes go below, across the row.
      expect(li.querySelector(':scope > .result-file-name')?.textContent).toBe(`${name} · 2 kB`);
      expect(Array.from(li.querySelectorAll(':scope > p')).every((p) => p.className.includes('result-file-more'))).toBe(
        true,
      );
    }
  });

  it('downloads a plain file on a click', () => {
    const { fetchFile } = renderWired();
    fireEvent.click(screen.getByRole('button', { name: 'Download out/report.csv' }));
    expect(fetchFile).toHaveBeenCalledWith(plain.url);
  });

  it('warns about an active file and fetches nothing until the member confirms', () => {
    const { fetchFile } = renderWired();
    const li = item('out/setup.sh');
    expect(within(li).getByRole('note').textContent).toContain('never opened here');
    expect(within(li).queryByRole('button', { name: /^Download/ })).toBeNull();

    fireEvent.click(within(li).getByRole('button', { name: 'Save anyway… out/setup.sh' }));
    expect(fetchFile).not.toHaveBeenCalled();
    const dialog = within(li).getByRole('alertdialog', { name: 'Save out/setup.sh without opening it?' });
    expect(dialog.textContent).toContain('saved as “setup.sh.txt”');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetchFile).not.toHaveBeenCalled();
    expect(within(li).queryByRole('alertdialog')).toBeNull();

    fireEvent.click(within(li).getByRole('button', { name: 'Save anyway… out/setup.sh' }));
    fireEvent.click(within(li).getByRole('button', { name: 'Save without opening' }));
    expect(fetchFile).toHaveBeenCalledOnce();
    expect(fetchFile).toHaveBeenCalledWith(active.url);
  });

  it('treats a file named like a script as active even when the site says it is not', () => {
    render(
      <ResultFiles
        files={[callFile('f', 'run.ps1', false)]}
        downloadsLeftBytes={1_000_000}
        onDownload={vi.fn()}
        onSaveActive={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Download/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save anyway… run.ps1' })).toBeTruthy();
  });

  it('refuses before a download that would not fit what is left today', () => {
    const onDownload = vi.fn();
    render(<ResultFiles files={[plain]} downloadsLeftBytes={2047} onDownload={onDownload} onSaveActive={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Download out/report.csv' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(item('out/report.csv').textContent).toContain('Too large for today’s downloads left (2 kB)');
    fireEvent.click(button);
    expect(onDownload).not.toHaveBeenCalled();
  });

  it('lets a file of exactly what is left download', () => {
    const onDownload = vi.fn();
    render(<ResultFiles files={[plain]} downloadsLeftBytes={2048} onDownload={onDownload} onSaveActive={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download out/report.csv' }));
    expect(onDownload).toHaveBeenCalledWith('f-plain');
  });

  it('downloads nothing while the allowance is not known, and says so once for the list', () => {
    const { fetchFile } = renderWired(null);
    expect(screen.getAllByText('Today’s downloads left are not known yet, so nothing is downloaded.')).toHaveLength(1);
    const download = screen.getByRole('button', { name: 'Download out/report.csv' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    expect(download.getAttribute('aria-describedby')).toBe('files-allowance-unknown');
    fireEvent.click(download);
    expect((screen.getByRole('button', { name: 'Save anyway… out/setup.sh' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(fetchFile).not.toHaveBeenCalled();
  });

  it('says nothing of the allowance while it is still being read, and downloads nothing yet', () => {
    const onDownload = vi.fn();
    render(
      <ResultFiles files={[plain]} downloadsLeftBytes={undefined} onDownload={onDownload} onSaveActive={vi.fn()} />,
    );
    expect(screen.queryByText(/Downloads left today/)).toBeNull();
    const download = screen.getByRole('button', { name: 'Download out/report.csv' }) as HTMLButtonElement;
    expect(download.disabled).toBe(true);
    fireEvent.click(download);
    expect(onDownload).not.toHaveBeenCalled();
  });

  it('shows how the last download went', () => {
    render(
      <ResultFiles
        files={[plain, active]}
        downloadsLeftBytes={1_000_000}
        onDownload={vi.fn()}
        onSaveActive={vi.fn()}
        progress={{ 'f-plain': { state: 'saved' }, 'f-active': { state: 'failed', message: 'The link ran out.' } }}
      />,
    );
    expect(within(item('out/report.csv')).getByRole('status').textContent).toBe('Saved to your downloads, not opened.');
    expect(within(item('out/setup.sh')).getByRole('alert').textContent).toBe('The link ran out.');
  });
});
