// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { resolveObjectURL } from 'node:buffer';
import { cleanup, fireEvent, screen, within } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CallsTab } from '@/components/calls/CallsTab';
import { AppDb, type CallRow, db, type SessionRow } from '@/lib/db';
import { csvCell, csvHeader } from '@/lib/export/csv';
import { CALL_COLUMNS, exportCall, exportSession, KEY_REMOVED, SESSION_COLUMNS } from '@/lib/export/history-export';
import { buildExport, type DownloadsLike, saveExport } from '@/lib/export/save-export';
import { fakeActions, makeCall, makeResult, ut } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';
import { session } from '@/test/unit/plan/fixtures';

/** RFC 4180 read back (quotes, doubled quotes, CRLF), so the test sees the cells a spreadsheet would. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

const KEY = `gpc_${'A1b2C3d4E5'.repeat(4)}xyz`;
const NOW = new Date('2026-11-24T12:00:00Z');

const hostileCall = (): CallRow =>
  makeCall({
    localId: 'c1',
    createdAt: '2026-11-20T10:00:00.000Z',
    agentName: ut('=HYPERLINK("http://evil.example","click")'),
    request: { agentId: 'ag_1', callId: 'apply', details: '+1 line\nsecond, "quoted" line', maxCents: 500 },
    result: makeResult({
      note: ut(`<img src=x onerror=alert(1)> @SUM(A1) and ${KEY}`),
      files: [
        {
          fileId: 'f1',
          untrustedPath: ut('-rm -rf.sh'),
          sizeBytes: 12,
          active: true,
          url: 'https://files.example/x',
          expiresAt: '2026-11-20T10:05:00Z',
        },
      ],
    }),
  });

const plainCall = (): CallRow =>
  makeCall({ localId: 'c2', createdAt: '2026-11-21T10:00:00.000Z', runId: 'run_2', state: 'refused', result: null });

const sessionRow = (): SessionRow => ({
  sessionId: 's1',
  session: session({
    sessionId: 's1',
    untrustedAgentName: ut('\tTabbed agent'),
    calls: 2,
    chargedCents: 246,
    lastCallAt: '2026-11-21T10:00:00Z',
    results: [makeResult({ runId: 'run_1' })],
  }),
  readAt: '2026-11-21T10:01:00Z',
  listedAt: '2026-11-21T10:00:00.000Z',
});

describe('CSV cells', () => {
  it('defuse every formula start, quote what needs it, and keep numbers as numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('refuse what is not a cell, and a table without columns', () => {
    expect(() => csvCell(Number.NaN)).toThrow(/cannot hold NaN/);
    expect(() => csvCell({} as unknown as string)).toThrow(/holds a string/);
    expect(() => csvHeader([])).toThrow(/at least one column/);
  });
});

describe('history export', () => {
  const rows = { calls: [hostileCall(), plainCall()], sessions: [sessionRow()], site: 'https://guild.example' };

  it('round-trips as JSON: the listed fields, untrusted text as the site sent it, no key', () => {
    const built = buildExport({ what: 'all', kind: 'json' }, rows, NOW);
    const back = JSON.parse(built.text);
    expect(back).toMatchObject({
      format: 'agent-connection-history',
      version: 1,
      exportedAt: NOW.toISOString(),
      site: 'https://guild.example',
    });
    expect(back.calls).toEqual(rows.calls.map(exportCall));
    expect(back.sessions).toEqual(rows.sessions.map(exportSession));
    expect(Object.keys(back.calls[0]).sort()).toEqual([...CALL_COLUMNS].sort());
    expect(back.calls[0].agentName).toBe('=HYPERLINK("http://evil.example","click")');
    expect(back.calls[0].note).toBe(`<img src=x onerror=alert(1)> @SUM(A1) and ${KEY_REMOVED}`);
    expect(back.calls[0]).toMatchObject({
      chargedCents: 123,
      runningCostMicros: 1_000_000,
      upchargeMicros: 234_567,
      maxCents: 500,
    });
    expect(back.calls[0].files).toEqual([{ path: '-rm -rf.sh', sizeBytes: 12, active: true }]);
    expect(built.text).not.toContain(KEY);
    // What only this browser needs to resend a call never leaves: its Idempotency-Key, the signed file link.
    expect(built.text).not.toContain(rows.calls[0]?.idempotencyKey);
    expect(built.text).not.toContain('https://files.example/x');
    expect(built.saved).toEqual({
      fileName: 'agent-history-all-2026-11-24.json',
      calls: 2,
      sessions: 1,
      unreadable: 0,
    });
  });

  it('is written as JSON.stringify writes the whole file, with and without rows', () => {
    for (const input of [rows, { calls: [], sessions: [], site: null }]) {
      const whole = {
        format: 'agent-connection-history',
        version: 1,
        exportedAt: NOW.toISOString(),
        site: input.site,
        calls: input.calls.map(exportCall),
        sessions: input.sessions.map(exportSession),
      };
      expect(buildExport({ what: 'all', kind: 'json' }, input, NOW).text).toBe(`${JSON.stringify(whole, null, 2)}\n`);
    }
  });

  it('round-trips calls as CSV, every formula start defused and undone only by its apostrophe', () => {
    const built = buildExport({ what: 'calls', kind: 'csv' }, rows, NOW);
    const [header, ...cells] = parseCsv(built.text);
    expect(header).toEqual([...CALL_COLUMNS]);
    expect(cells).toHaveLength(2);
    const first = Object.fromEntries((header ?? []).map((h, i) => [h, cells[0]?.[i]]));
    expect(first.agentName).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(first.details).toBe(`'+1 line\nsecond, "quoted" line`);
    expect(first.files).toBe(`'-rm -rf.sh`);
    expect(first.chargedCents).toBe('123');
    const expected = exportCall(rows.calls[0] as CallRow);
    for (const column of CALL_COLUMNS) {
      const value = expected[column];
      const shown = first[column]?.replace(/^'(?=[=+\-@\t\r])/, '');
      if (column === 'files') expect(shown).toBe('-rm -rf.sh');
      else expect(shown).toBe(value === null ? '' : String(value));
    }
    for (const row of cells) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(built.text).not.toContain(KEY);
  });

  it('writes sessions as CSV, and counts a row it cannot read instead of dropping it silently', () => {
    const broken = { ...plainCall(), localId: 'bad', result: {} as CallRow['result'] };
    const sessions = buildExport({ what: 'sessions', kind: 'csv' }, { ...rows, calls: [broken] }, NOW);
    const [header, row] = parseCsv(sessions.text);
    expect(header).toEqual([...SESSION_COLUMNS]);
    expect(row?.[2]).toBe(`'\tTabbed agent`);
    expect(sessions.saved).toMatchObject({ calls: 0, sessions: 1, unreadable: 0 });
    const calls = buildExport({ what: 'calls', kind: 'csv' }, { ...rows, calls: [broken, plainCall()] }, NOW);
    expect(calls.saved).toMatchObject({ calls: 1, unreadable: 1 });
    expect(() => buildExport({ what: 'all', kind: 'json' }, rows, new Date(Number.NaN))).toThrow(/valid date/);
  });
});

describe('saving the export', () => {
  let d: AppDb;
  beforeEach(() => {
    d = new AppDb(`export-${crypto.randomUUID()}`);
  });

  it('reads the cache newest first and hands the browser one file, never opened', async () => {
    await d.calls.bulkPut([hostileCall(), plainCall()]);
    await d.sessions.put(sessionRow());
    const asked: Parameters<DownloadsLike['download']>[0][] = [];
    const saved = await saveExport(
      d,
      { what: 'all', kind: 'json' },
      {
        download: async (o) => {
          asked.push(o);
          return 1;
        },
      },
      NOW,
    );
    expect(saved).toMatchObject({ calls: 2, sessions: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ filename: 'agent-history-all-2026-11-24.json', saveAs: false });
    const blob = resolveObjectURL(asked[0]?.url ?? '');
    const back = JSON.parse((await blob?.text()) ?? '');
    expect(back.calls.map((c: { localId: string }) => c.localId)).toEqual(['c2', 'c1']);
  });
});

describe('saving a long history', () => {
  it('writes it a page at a time, saying how far it is, into the same file as all at once', async () => {
    const d = new AppDb(`export-long-${crypto.randomUUID()}`);
    const calls = Array.from({ length: 1201 }, (_, i) =>
      makeCall({ localId: `c${i}`, createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString() }),
    );
    await d.calls.bulkPut(calls);
    await d.sessions.put(sessionRow());
    const heard: { done: number; total: number }[] = [];
    let url = '';
    await saveExport(
      d,
      { what: 'all', kind: 'json' },
      {
        download: async (o) => {
          url = o.url;
          return 1;
        },
      },
      NOW,
      (p) => heard.push(p),
    );
    const text = await resolveObjectURL(url)?.text();
    const newestFirst = [...calls].reverse();
    expect(text).toBe(
      buildExport({ what: 'all', kind: 'json' }, { calls: newestFirst, sessions: [sessionRow()], site: null }, NOW)
        .text,
    );
    expect(heard.map((p) => p.done)).toEqual([0, 500, 1000, 1201, 1202]);
    expect(heard.every((p) => p.total === 1202)).toBe(true);
  });
});

/** The export's fold (a group named by its summary), opened as the member opens it: a click on its summary. */
async function openExport(): Promise<HTMLElement> {
  const fold = await screen.findByRole('group', { name: 'Export' });
  if (!(fold as HTMLDetailsElement).open) fireEvent.click(within(fold).getByText('Export', { selector: 'summary' }));
  return fold;
}

describe('Export in History', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(cleanup);

  it('folds the export under its summary, closed until the member opens it', async () => {
    await db.calls.put(plainCall());
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, fakeActions().actions);
    await screen.findByRole('list', { name: 'Calls, newest first' });
    const fold = screen.getByRole('group', { name: 'Export' });
    expect(fold.tagName).toBe('DETAILS');
    expect((fold as HTMLDetailsElement).open).toBe(false);
    // Its buttons are inside the fold, none of them outside it.
    const buttons = ['Calls and sessions as JSON', 'Calls as CSV', 'Sessions as CSV'];
    for (const name of buttons) expect(within(fold).getByRole('button', { name })).toBeTruthy();
    const summary = within(fold).getByText('Export', { selector: 'summary' });
    expect(summary.parentElement).toBe(fold);
    fireEvent.click(summary);
    expect((fold as HTMLDetailsElement).open).toBe(true);
    expect(within(fold).getByText(/^Every call and session saved in this browser/)).toBeTruthy();
  });

  it('shows how far the file is written while it is saved, and no more once it is', async () => {
    await db.calls.bulkPut([hostileCall(), plainCall()]);
    let handOver: (id: number) => void = () => undefined;
    fakeBrowser.downloads.download = vi.fn(
      () => new Promise<number>((resolve) => (handOver = resolve)),
    ) as unknown as typeof fakeBrowser.downloads.download;
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, fakeActions().actions);
    const fold = await openExport();
    fireEvent.click(within(fold).getByRole('button', { name: 'Calls as CSV' }));
    const bar = await screen.findByRole('progressbar', { name: 'Writing the file: 2 of 2' });
    expect(bar.getAttribute('max')).toBe('2');
    await vi.waitFor(() => expect(fakeBrowser.downloads.download).toHaveBeenCalled());
    expect(screen.getByRole('progressbar')).toBeTruthy();
    handOver(1);
    await screen.findByText(/^Saved agent-history-calls-/);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('saves on the member’s click and says what the file holds; a refused download says nothing was saved', async () => {
    await db.calls.bulkPut([hostileCall(), plainCall()]);
    const download = vi.fn(async () => 7);
    fakeBrowser.downloads.download = download as unknown as typeof fakeBrowser.downloads.download;
    renderPanel(<CallsTab onOpenCall={() => undefined} onOpenSession={() => undefined} />, fakeActions().actions);
    expect(download).not.toHaveBeenCalled();
    const fold = await openExport();
    expect(download).not.toHaveBeenCalled();
    fireEvent.click(within(fold).getByRole('button', { name: 'Calls as CSV' }));
    const said = await screen.findByText(/^Saved agent-history-calls-/, {}, { timeout: 3000 });
    expect(said.getAttribute('role')).toBe('status');
    expect(said.textContent).toMatch(
      /^Saved agent-history-calls-\d{4}-\d\d-\d\d\.csv to your downloads, with 2 calls\.$/,
    );
    expect(download).toHaveBeenCalledTimes(1);

    fakeBrowser.downloads.download = vi.fn(async () => {
      throw new Error('Download refused by policy');
    }) as unknown as typeof fakeBrowser.downloads.download;
    fireEvent.click(screen.getByRole('button', { name: 'Calls and sessions as JSON' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Nothing was saved: Download refused by policy');
  });
});
