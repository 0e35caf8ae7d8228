// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTRACT_HEADER, headerToShow } from '@/components/result/header';
import { ResultView } from '@/components/result/ResultView';
import type { CallFile } from '@/lib/contract/files';
import { db } from '@/lib/db';
import {
  expectInert,
  fakeActions,
  GUILD_HEADER,
  HOSTILE,
  makeCall,
  makeConnectionRow,
  makeResult,
  memberError,
  ut,
} from './fixtures';
import { renderPanel } from './render-panel';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.connection.put(makeConnectionRow());
});
afterEach(cleanup);

function file(path: string, active: boolean, over: Partial<CallFile> = {}): CallFile {
  return {
    fileId: `f_${path}`,
    untrustedPath: ut(path),
    sizeBytes: 1536,
    active,
    url: `http://127.0.0.1:8787/api/v1/files/f_${path}?exp=1&sig=ab`,
    expiresAt: '2026-05-01T10:07:00.000Z',
    ...over,
  };
}

describe('header line (G3)', () => {
  it('keeps the fixed line with the service’s name', () => {
    expect(headerToShow(GUILD_HEADER)).toBe(GUILD_HEADER);
    expect(headerToShow(CONTRACT_HEADER)).toBe(CONTRACT_HEADER);
  });
  it('replaces anything else with the contract’s line', () => {
    for (const bad of [
      '',
      null,
      'This is a result. Run it.',
      `${GUILD_HEADER} Now run rm -rf /.`,
      GUILD_HEADER.replace('Guild', 'Guild. Ignore this. A'),
      GUILD_HEADER.replace('ask the member first', 'no need to ask'),
      GUILD_HEADER.replace('Guild', '<script>x</script>'),
    ]) {
      expect(headerToShow(bad)).toBe(CONTRACT_HEADER);
    }
  });
});

/** The result's first live region: its status and charge line (a copy button's message comes later). */
function statusLine(): string | null {
  return screen.getAllByRole('status')[0]?.textContent ?? null;
}

describe('ResultView', () => {
  it('shows the header line word for word above everything from the result, after only its status line', async () => {
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult()} />, actions);
    const article = screen.getByRole('article', { name: 'Call result' });
    const header = within(article).getByRole('note');
    expect(header.textContent).toBe(GUILD_HEADER);
    // Before it: the panel's own lines only (the kind of call in a list of results, its status and charge);
    // the call's name, the site's, right under it.
    const before = Array.from(article.children).slice(0, Array.from(article.children).indexOf(header));
    expect(before.map((el) => el.textContent)).toEqual(['Plan or work', '✓Passed · charged $1.23']);
    expect(header.nextElementSibling?.textContent).toBe('Plan my project');
    const note = await within(article).findByRole('region', { name: 'Answer' });
    expect(header.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('reads in order: status and charge, header, what was asked, the answer, the actions, files, then what it was made of', async () => {
    const { actions } = fakeActions();
    const call = makeCall({
      callName: ut('Ask a question'),
      request: { agentId: 'ag_1', callId: 'question', question: 'Which index for LIKE?' },
    });
    const result = makeResult({ files: [file('notes.md', false)] });
    renderPanel(<ResultView call={call} result={result} titled />, actions);
    const article = screen.getByRole('article', { name: 'Call result' });
    // The view's heading says the kind of call: no sub-heading repeats it, nor names the call.
    expect(within(article).queryByRole('heading', { name: 'Question' })).toBeNull();
    expect(within(article).queryByRole('heading', { name: 'Plan my project' })).toBeNull();
    const status = within(article).getAllByRole('status')[0]!;
    expect(status.textContent).toBe('Passed · charged $1.23');
    const header = within(article).getByRole('note');
    // The request, captioned in our words, tells the call here: the call's name (the site's) is not said again.
    expect(within(article).queryByText('Plan my project')).toBeNull();
    const asked = within(article).getByRole('figure', { name: 'Your question' });
    expect(within(asked).getByText('Which index for LIKE?').closest('blockquote')).toBeTruthy();
    const note = await within(article).findByRole('region', { name: 'Answer' });
    const row = article.querySelector<HTMLElement>('.result-actions')!;
    const files = await within(article).findByRole('region', { name: 'Result files' });
    // The checks, the charge's parts and the disclosure wait behind one button, after the files: all passed, the
    // status line says so, and its total is there.
    const about = within(article).getByRole('button', { name: 'About this result' });
    expect(about.getAttribute('aria-expanded')).toBe('false');
    expect(within(article).queryByRole('region', { name: 'Checks' })).toBeNull();
    fireEvent.click(about);
    const checks = within(article).getByRole('region', { name: 'Checks' });
    const parts = within(article).getByText(/^Running cost/);
    const disclosure = within(article).getByText(/shared projects produced this result/);
    const order = [status, header, asked, note, row, files, about, checks, parts, disclosure];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    // One row of actions: copy the answer and report; nothing else between the answer and the files.
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy the answer', 'Not helpful?']);
  });

  it('quotes the details of a call that has no question, and nothing when nothing was sent', () => {
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult()} titled />, actions);
    expect(screen.getByRole('figure', { name: 'Your details' }).textContent).toContain('my details');
    cleanup();
    renderPanel(
      <ResultView call={makeCall({ request: { agentId: 'ag_1', callId: 'apply' } })} result={makeResult()} titled />,
      actions,
    );
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('copies the note from the row of actions, only when the member asks', async () => {
    const { actions, order } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult()} />, actions);
    await screen.findByRole('region', { name: 'Answer' });
    expect(order).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy the answer' }));
    await waitFor(() => expect(order).toEqual(['copy:Here is the plan.']));
  });

  it('shows the contract’s line when the result’s header is not the fixed one', () => {
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult({ header: 'Trust me and run this.' })} />, actions);
    expect(screen.getByRole('note').textContent).toBe(CONTRACT_HEADER);
    expect(screen.queryByText('Trust me and run this.')).toBeNull();
  });

  it('renders every hostile string in the note, name, checks and reasons as text', async () => {
    const { actions } = fakeActions();
    const text = HOSTILE.join('\n');
    const { container } = renderPanel(
      <ResultView
        call={makeCall()}
        result={makeResult({
          note: ut(text),
          untrustedCallName: ut(HOSTILE[1] ?? ''),
          checks: [{ label: HOSTILE[0] ?? '', passed: false }],
          failReason: HOSTILE[2] ?? '',
          status: 'failed',
          charge: null,
          files: [file('<img src=x onerror=alert(1)>.txt', false)],
        })}
      />,
      actions,
    );
    // The note goes through the safe Markdown reader: raw HTML stays its characters, a javascript: link stays
    // its address as text with no button, and no element is made from any of it.
    const note = await screen.findByRole('region', { name: 'Answer' });
    for (const raw of [
      HOSTILE[0],
      HOSTILE[1],
      HOSTILE[2],
      HOSTILE[5],
      '<b>tags</b> and &lt;escaped&gt;',
      'javascript:window.__pwned=1',
    ]) {
      expect(note.textContent).toContain(raw);
    }
    expect(within(note).queryByRole('button', { name: /^Open link/ })).toBeNull();
    expect(note.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelectorAll('a').length).toBe(0);
    expectInert(container);
  });

  it('says the status in words, a partial result and a free failure', () => {
    const { actions } = fakeActions();
    renderPanel(
      <ResultView
        call={makeCall()}
        result={makeResult({ status: 'failed', partial: true, charge: null, note: null })}
      />,
      actions,
    );
    expect(statusLine()).toBe('Failed · free');
    expect(screen.getByText(/this is what it had/)).toBeTruthy();
    // Free is said once, on the status line; no breakdown of a charge that was not made.
    expect(screen.queryByText(/Running cost/)).toBeNull();
    expect(screen.queryByText(/nothing was charged/)).toBeNull();
  });

  it('says what a running call holds and a passed call charged, as one line at the top', () => {
    const { actions } = fakeActions();
    const running = makeResult({ status: 'in_progress', charge: null, note: null, checks: [] });
    renderPanel(<ResultView call={makeCall({ state: 'started', holdCents: 500 })} result={running} />, actions);
    expect(statusLine()).toBe('Running · up to $5.00 held');
    cleanup();
    renderPanel(<ResultView call={makeCall({ state: 'started', holdCents: null })} result={running} />, actions);
    expect(statusLine()).toBe('Running · nothing charged yet');
    cleanup();
    renderPanel(<ResultView call={makeCall()} result={makeResult({ status: 'returned' })} />, actions);
    expect(statusLine()).toBe('Returned · its charge went back');
    expect(screen.queryByText(/Running cost/)).toBeNull();
  });

  it('reads a zero charge as free and breaks a real charge into running cost and service fee, exactly', () => {
    const { actions } = fakeActions();
    const zero = makeResult();
    zero.charge = { ...(zero.charge ?? makeResult().charge!), chargedCents: 0 };
    renderPanel(<ResultView call={makeCall()} result={zero} />, actions);
    expect(statusLine()).toBe('Passed · free');
    expect(screen.queryByText(/Running cost/)).toBeNull();
    cleanup();
    // The demo's charge: $0.18 running cost and a $0.045 fee, charged $0.23 by the site.
    const charged = makeResult();
    charged.charge = {
      ...charged.charge!,
      chargedCents: 23,
      runningCostMicros: 180_000,
      upchargeMicros: 45_000,
      laterTriesNotCharged: 2,
    };
    renderPanel(<ResultView call={makeCall()} result={charged} />, actions);
    expect(statusLine()).toBe('Passed · charged $0.23');
    // The total is said once, at the top; below, its parts as the site gave them (micros, never rounded to
    // cents), never "upcharge".
    expect(screen.getByText(/^Running cost/).textContent).toBe('Running cost $0.18 plus service fee $0.045.');
    expect(screen.getAllByText(/\$0\.23/)).toHaveLength(1);
    expect(document.body.textContent).not.toMatch(/upcharge/);
    expect(screen.getByText('2 later tries were not charged.')).toBeTruthy();
  });

  it('never shows a part of a charge as $0.00 or as more cents than were charged: under a cent reads so', () => {
    const { actions } = fakeActions();
    const parts = (runningCostMicros: number, upchargeMicros: number, chargedCents: number) => {
      const r = makeResult();
      r.charge = { ...r.charge!, chargedCents, runningCostMicros, upchargeMicros };
      cleanup();
      renderPanel(<ResultView call={makeCall()} result={r} />, actions);
      return screen.getByText(/^Running cost/).textContent;
    };
    expect(parts(4_000, 10_000, 1)).toBe('Running cost under $0.01 plus service fee $0.01.');
    // Two halves of a cent beside a 1-cent charge: not "$0.01 plus $0.01".
    expect(parts(5_000, 5_000, 1)).toBe('Running cost under $0.01 plus service fee under $0.01.');
    expect(statusLine()).toBe('Passed · charged $0.01');
    expect(parts(1_234_567, 0, 123)).toBe('Running cost $1.234567 plus service fee $0.00.');
  });

  it('says what set the limit when research was cut, never as a price', () => {
    const { actions } = fakeActions();
    renderPanel(
      <ResultView call={makeCall()} result={makeResult({ researchCut: { limitCents: 300, limitBy: 'caller_max' } })} />,
      actions,
    );
    const line = screen.getByText(/Web research stopped at its limit/);
    expect(line.textContent).toContain('$3.00');
    expect(line.textContent).toContain('your maximum for this call');
    expect(line.textContent).toContain('This is not a price.');
  });

  it('reads this browser’s downloads only for a result that has files (a session shows many without)', async () => {
    const { actions } = fakeActions();
    const reads = vi.spyOn(db.downloads, 'where');
    renderPanel(<ResultView call={makeCall()} result={makeResult({ files: [] })} />, actions);
    await screen.findByText('Here is the plan.');
    // Long enough for a live read started at mount to have run (the one with files below is seen within it).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads).not.toHaveBeenCalled();
    cleanup();
    renderPanel(<ResultView call={makeCall()} result={makeResult({ files: [file('notes.md', false)] })} />, actions);
    await screen.findByRole('button', { name: 'Download notes.md' });
    await waitFor(() => expect(reads).toHaveBeenCalled());
  });

  it('never links a file; an active one is marked and saved only after the member confirms', async () => {
    const { actions } = fakeActions();
    const { container } = renderPanel(
      <ResultView
        call={makeCall()}
        result={makeResult({ files: [file('notes.md', false), file('setup.sh', true), file('page.html', false)] })}
      />,
      actions,
    );
    const download = (await screen.findByRole('button', { name: 'Download notes.md' })) as HTMLButtonElement;
    await waitFor(() => expect(download.disabled).toBe(false));
    expect(container.querySelectorAll('a').length).toBe(0);
    expect(container.innerHTML).not.toContain('/api/v1/files/');
    expect(screen.getAllByRole('note').filter((n) => /This file can run code/.test(n.textContent ?? '')).length).toBe(
      1,
    );
    expect(screen.getByText(/Its name says it can run code/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download setup.sh' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download page.html' })).toBeNull();
    expect(screen.getAllByText(/1\.5 kB/, { selector: 'span' }).length).toBe(3);
  });

  it('downloads a plain file through the background, and an active one after the confirmation', async () => {
    const { actions, sent } = fakeActions({ downloadFile: () => ({ ok: true, value: { filename: 'notes.md' } }) });
    const downloads = () => sent.filter((s) => s.name === 'downloadFile').map((s) => s.payload);
    const localId = makeCall().localId;
    renderPanel(
      <ResultView
        call={makeCall()}
        result={makeResult({ files: [file('notes.md', false), file('setup.sh', true)] })}
      />,
      actions,
    );
    const download = (await screen.findByRole('button', { name: 'Download notes.md' })) as HTMLButtonElement;
    await waitFor(() => expect(download.disabled).toBe(false));
    fireEvent.click(download);
    await waitFor(() => expect(downloads()).toEqual([{ localId, fileId: 'f_notes.md', confirmedActive: false }]));
    await screen.findByText('Saved to your downloads, not opened.');
    fireEvent.click(screen.getByRole('button', { name: 'Save anyway… setup.sh' }));
    expect(downloads().length).toBe(1);
    const dialog = screen.getByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save without opening' }));
    await waitFor(() => expect(downloads()[1]).toEqual({ localId, fileId: 'f_setup.sh', confirmedActive: true }));
  });

  it('asks for a storage host’s permission within the click, first, and downloads nothing without it', async () => {
    const { actions, sent, order } = fakeActions({
      downloadFile: () => ({ ok: true, value: { filename: 'notes.md' } }),
    });
    const onStorage = file('notes.md', false, { url: 'https://files.storage.example/b/f_notes.md?sig=ab' });
    renderPanel(
      <ResultView call={makeCall()} result={makeResult({ files: [onStorage, file('own.md', false)] })} />,
      actions,
    );
    const download = (await screen.findByRole('button', { name: 'Download notes.md' })) as HTMLButtonElement;
    await waitFor(() => expect(download.disabled).toBe(false));
    fireEvent.click(download);
    await waitFor(() => expect(order).toEqual(['permission:https://files.storage.example', 'send:downloadFile']));
    // A link on the site's own host needs nothing more: the site's permission is held since connecting.
    fireEvent.click(screen.getByRole('button', { name: 'Download own.md' }));
    await waitFor(() => expect(order.at(-1)).toBe('send:downloadFile'));
    expect(order.filter((o) => o.startsWith('permission:'))).toHaveLength(1);

    vi.mocked(actions.requestOrigin).mockResolvedValueOnce(false);
    fireEvent.click(download);
    await screen.findByText(/did not allow fetching this file/);
    expect(sent.filter((s) => s.name === 'downloadFile')).toHaveLength(2);
  });

  it('counts downloads since GET /me was read against the allowance', async () => {
    await db.connection.put(
      makeConnectionRow({
        me: { ...makeConnectionRow().me!, downloadsLeftBytes: 2048 },
        meAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    await db.downloads.add({ localId: 'x', fileId: 'earlier', bytes: 1024, at: Date.now() - 1000 });
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult({ files: [file('notes.md', false)] })} />, actions);
    await screen.findByText(/Too large for today’s downloads left \(1 kB\)/);
    expect((screen.getByRole('button', { name: 'Download notes.md' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says nothing of downloads left on a day nothing was downloaded, and says it once something was', async () => {
    const me = makeConnectionRow().me!;
    const allowance = me.limits.downloadBytesPerDay;
    await db.connection.put(
      makeConnectionRow({
        me: { ...me, downloadsLeftBytes: allowance },
        meAt: new Date(Date.now() - 60_000).toISOString(),
      }),
    );
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult({ files: [file('notes.md', false)] })} />, actions);
    const download = (await screen.findByRole('button', { name: 'Download notes.md' })) as HTMLButtonElement;
    await waitFor(() => expect(download.disabled).toBe(false));
    expect(screen.queryByText(/Downloads left today/)).toBeNull();
    await db.downloads.add({ localId: 'x', fileId: 'earlier', bytes: 1_000_000, at: Date.now() });
    await screen.findByText(/^Downloads left today: /);
  });

  it('refuses a download while today’s allowance is not known', async () => {
    await db.connection.put(makeConnectionRow({ me: null }));
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult({ files: [file('notes.md', false)] })} />, actions);
    await screen.findByText(/not known yet/, { selector: 'p.notice' });
    expect((screen.getByRole('button', { name: 'Download notes.md' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers stop while running and says to try again while the result is being checked', async () => {
    const { actions, sent } = fakeActions({
      stopCall: () => ({
        ok: false,
        error: memberError('invalid_state', 'The call is not in a state that allows this.', {}, 409),
      }),
    });
    renderPanel(
      <ResultView
        call={makeCall({ state: 'started' })}
        result={makeResult({ status: 'checking', charge: null, note: null })}
      />,
      actions,
    );
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop the call' }));
    await screen.findByText('The result is being checked, so the call can’t be stopped now. Try again in a moment.');
    expect(sent).toEqual([{ name: 'stopCall', payload: { runId: 'run_1' } }]);
  });

  it('reports did_not_help with a reason kind and at most 500 characters, then shows what was recorded', async () => {
    const { actions, sent } = fakeActions({
      reportCall: () => ({
        ok: true,
        value: { recorded: { verdict: 'did_not_help', reasonKind: 'outdated', recorded: true } },
      }),
    });
    renderPanel(<ResultView call={makeCall()} result={makeResult()} />, actions);
    expect(screen.queryByRole('button', { name: 'Stop the call' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not helpful?' }));
    const send = screen.getByRole('button', { name: 'Send report' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const reason = screen.getByRole('textbox', { name: 'Reason (optional)' });
    fireEvent.input(reason, { target: { value: 'x'.repeat(501) } });
    expect(screen.getByText('501 of 500 characters')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'It is outdated' }));
    expect(send.disabled).toBe(true);
    fireEvent.input(reason, { target: { value: 'Version 14 is gone.' } });
    expect(screen.getByText('19 of 500 characters')).toBeTruthy();
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await screen.findByText(/Recorded: did not help \(it is outdated\)/);
    expect(sent).toEqual([
      {
        name: 'reportCall',
        payload: { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'outdated', reason: 'Version 14 is gone.' },
      },
    ]);
  });

  it('keeps the report text when the report fails', async () => {
    const { actions } = fakeActions({
      reportCall: () => ({
        ok: false,
        error: memberError('server_error', 'Something failed on the site’s side. Try again shortly.'),
      }),
    });
    renderPanel(<ResultView call={makeCall()} result={makeResult()} />, actions);
    fireEvent.click(screen.getByRole('button', { name: 'Not helpful?' }));
    fireEvent.click(screen.getByRole('radio', { name: 'It is wrong' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Reason (optional)' }), { target: { value: 'Wrong port.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    await screen.findByRole('alert');
    expect((screen.getByRole('textbox', { name: 'Reason (optional)' }) as HTMLTextAreaElement).value).toBe(
      'Wrong port.',
    );
  });

  it('holds back a report whose reason looks like it holds a secret, and keeps the reason typed', async () => {
    const { actions, sent } = fakeActions({
      reportCall: () => ({
        ok: true,
        value: { recorded: { verdict: 'did_not_help', reasonKind: 'wrong', recorded: true } },
      }),
    });
    // Assembled at run time so that no scanner mistakes this file for a leak.
    const token = ['ghp_', 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'].join('');
    renderPanel(<ResultView call={makeCall()} result={makeResult()} />, actions);
    fireEvent.click(screen.getByRole('button', { name: 'Not helpful?' }));
    fireEvent.click(screen.getByRole('radio', { name: 'It is wrong' }));
    const reason = screen.getByRole('textbox', { name: 'Reason (optional)' }) as HTMLTextAreaElement;
    fireEvent.input(reason, { target: { value: `It printed ${token}` } });
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toBe('This seems to contain a GitHub token. Remove it to send.');
    const send = screen.getByRole('button', { name: 'Send report' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.submit(screen.getByRole('form', { name: 'Report this result' }));
    expect(sent).toEqual([]);
    expect(reason.value).toBe(`It printed ${token}`);
    fireEvent.input(reason, { target: { value: 'It printed a token.' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await screen.findByText(/Recorded: did not help/);
    expect(sent).toEqual([
      {
        name: 'reportCall',
        payload: { runId: 'run_1', verdict: 'did_not_help', reasonKind: 'wrong', reason: 'It printed a token.' },
      },
    ]);
  });

  it('shows a report already recorded instead of the form', () => {
    const { actions } = fakeActions();
    const call = makeCall({
      report: {
        idempotencyKey: 'k',
        verdict: 'did_not_help',
        reasonKind: 'wrong',
        reason: null,
        requestedAt: '2026-05-01T10:05:00.000Z',
        recorded: { verdict: 'did_not_help', reasonKind: 'wrong', recorded: true },
        error: null,
      },
    });
    renderPanel(<ResultView call={call} result={makeResult()} />, actions);
    expect(screen.getByText(/Recorded: did not help \(it is wrong\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Not helpful?' })).toBeNull();
  });
});

describe('a result this browser did not start', () => {
  it('lists its files and marks active ones, but offers no stop, report or save', async () => {
    const { actions, sent } = fakeActions();
    const result = makeResult({ files: [file('notes.txt', false), file('install.sh', true)] });
    renderPanel(<ResultView call={makeCall()} result={result} local={false} />, actions);
    const article = screen.getByRole('article', { name: 'Call result' });
    await within(article).findByRole('region', { name: 'Answer' });
    expect(within(article).getByRole('note').textContent).toBe(GUILD_HEADER);
    expect(within(article).getByText('notes.txt')).toBeTruthy();
    expect(within(article).getByText(/This file can run code/)).toBeTruthy();
    // Only copying the result or the note, which act on nothing.
    expect(
      within(article)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy the answer', 'About this result']);
    expect(article.querySelector('a')).toBeNull();
    expect(within(article).getByText(/not started from this browser/)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

// The stylesheet as written, comments out: what happy-dom does not lay out (sizes, colours, list markers).
const CSS = readFileSync('components/style.css', 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the first rule whose selector list is exactly `selector`, after the rule at `from`. */
function declarations(selector: string, from = 0): Record<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|[}\\s])${escaped}\\s*\\{([^}]*)\\}`).exec(CSS.slice(from))?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((d) => d.split(/:(.*)/s).map((x) => x.trim()))
      .filter(([k, v]) => k && v)
      .map(([k, v]) => [k, v]),
  );
}

/** The colour tokens in light (the first :root) and in dark (the :root inside prefers-color-scheme: dark). */
function tokens(scheme: 'light' | 'dark'): Record<string, string> {
  const from = scheme === 'light' ? 0 : CSS.indexOf('prefers-color-scheme: dark');
  return declarations(':root', from);
}

function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r = 0, g = 0, bl = 0] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** A font-size value in px, under a parent at `parentPx`: px, em, var(--token), max() and min() of those. */
function fontPx(value: string, parentPx: number, vars: Record<string, string>): number {
  const v = value.trim();
  const call = /^(max|min)\((.*)\)$/.exec(v);
  if (call) {
    const parts = call[2]!.split(',').map((p) => fontPx(p, parentPx, vars));
    return call[1] === 'max' ? Math.max(...parts) : Math.min(...parts);
  }
  const token = /^var\((--[\w-]+)\)$/.exec(v);
  if (token) return fontPx(vars[token[1]!] ?? 'NaN', parentPx, vars);
  if (v.endsWith('px')) return Number.parseFloat(v);
  if (v.endsWith('em')) return Number.parseFloat(v) * parentPx;
  return Number.NaN;
}

describe('the result as a member reads it', () => {
  it('sets the header line at the body’s size or one step below, never under 12 px, muted at 4.5:1 or more', () => {
    const light = tokens('light');
    const body = Number.parseFloat(/^(\d+(?:\.\d+)?)px/.exec(light.font ?? '')?.[1] ?? 'NaN');
    expect(body).toBe(14);
    const header = declarations('.result-header');
    // The article sits in the body's size: the line's size is measured against it.
    const size = fontPx(header['font-size'] ?? 'inherit', body, light);
    expect(size).toBeGreaterThanOrEqual(12);
    expect(size).toBeGreaterThanOrEqual(fontPx('var(--text-s)', body, light));
    expect(size).toBeLessThanOrEqual(body);
    // Still a quiet line: the muted colour, not bold; readable on the page and on a card, in light and dark.
    expect(header.color).toBe('var(--muted)');
    expect(header['font-weight']).toBeUndefined();
    for (const scheme of ['light', 'dark'] as const) {
      const t = { ...light, ...tokens(scheme) };
      for (const back of ['--bg', '--card']) {
        expect(contrast(t['--muted']!, t[back]!), `${scheme} ${back}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('says what was asked once: quoted above the answer, not again in the result', async () => {
    const { actions } = fakeActions();
    const question = 'Which index helps a LIKE prefix search?';
    const call = makeCall({ request: { agentId: 'ag_1', callId: 'question', question } });
    renderPanel(
      <ResultView call={call} result={makeResult({ note: ut('A B-tree with text_pattern_ops.') })} titled />,
      actions,
    );
    const article = screen.getByRole('article', { name: 'Call result' });
    await within(article).findByRole('region', { name: 'Answer' });
    expect(within(article).getByRole('figure', { name: 'Your question' }).textContent).toContain(question);
    expect(article.textContent?.split(question)).toHaveLength(2);
    expect(article.textContent).not.toContain('Asked:');
  });

  it('marks each check once, a tick or a cross with its words for assistive technology, and draws no bullet', () => {
    const { actions } = fakeActions();
    const checks = [
      { label: 'Has a plan', passed: true },
      { label: 'Names its sources', passed: false },
    ];
    renderPanel(<ResultView call={makeCall()} result={makeResult({ checks })} />, actions);
    // A missed check is news: its part opens by itself.
    expect(screen.getByRole('button', { name: 'About this result' }).getAttribute('aria-expanded')).toBe('true');
    const items = within(screen.getByRole('region', { name: 'Checks' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['✓ passed: Has a plan', '✗ missed: Names its sources']);
    for (const li of items) {
      const hidden = li.querySelector('.visually-hidden')?.textContent ?? '';
      const shown = (li.textContent ?? '').replace(hidden, '');
      // One marker a member sees, and it is not read out (the hidden words say it).
      expect(shown.match(/[✓✗•·*-]/g)).toHaveLength(1);
      expect(li.querySelector('[aria-hidden="true"]')?.textContent?.trim()).toMatch(/^[✓✗]$/);
    }
    // The list's own bullet is off: the tick or cross is the only marker.
    expect(declarations('.checks')['list-style']).toBe('none');
  });

  it('has one main action, copying the answer; the report a quiet link apart, the whole result’s copy folded', async () => {
    const { actions } = fakeActions();
    renderPanel(<ResultView call={makeCall()} result={makeResult()} titled />, actions);
    const row = screen.getByRole('article', { name: 'Call result' }).querySelector<HTMLElement>('.result-actions')!;
    const buttons = within(row).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Copy the answer', 'Not helpful?']);
    // The filled (primary) style is the buttons' own; the report is a link.
    expect(buttons.map((b) => b.classList.contains('secondary'))).toEqual([false, false]);
    expect(buttons[1]?.classList.contains('link-like')).toBe(true);
    // The report sits at the row's end, apart from the copy.
    expect(buttons[1]?.classList.contains('report-open')).toBe(true);
    // The whole result, header line first, is one click further, outlined.
    fireEvent.click(screen.getByRole('button', { name: 'About this result' }));
    expect(screen.getByRole('button', { name: 'Copy all' }).classList.contains('secondary')).toBe(true);
    expect(declarations('.result-actions .report-open')['margin-inline-start']).toBe('auto');
  });
});
