import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadsLeft, fitsAllowance, recordDownload } from '@/lib/files/download-allowance';
import { decideFileAction, type ResultFile } from '@/lib/files/file-actions';
import { linkEnd, msUntilRenewal, needsFreshLink, RENEW_MARGIN_MS } from '@/lib/files/link-renewal';
import { saveName, safeBaseName } from '@/lib/files/save-name';
import { signedFileLink } from '@/lib/files/signed-link';
import { asUntrusted } from '@/lib/safety/untrusted';
import { DOWNLOAD_BYTES_PER_DAY } from '@/lib/contract/limits';

const SITE = 'http://127.0.0.1:8787';
const T0 = Date.parse('2026-11-02T10:00:00Z');

function resultFile(over: Partial<ResultFile> = {}): ResultFile {
  return {
    fileId: 'f1',
    untrustedPath: asUntrusted('out/report.csv'),
    sizeBytes: 1000,
    active: false,
    url: `${SITE}/api/v1/files/f1?exp=1&sig=ab`,
    expiresAt: new Date(T0 + 300_000).toISOString(),
    ...over,
  };
}

describe('download allowance', () => {
  it('subtracts downloads made since the connection was read, not those before', () => {
    const reading = { leftBytes: 5_000, readAt: T0 };
    const ledger = [
      { fileId: 'old', bytes: 700, at: T0 - 1 },
      { fileId: 'a', bytes: 1_000, at: T0 },
      { fileId: 'b', bytes: 1_500, at: T0 + 10 },
    ];
    expect(downloadsLeft(reading, ledger)).toBe(2_500);
  });
  it('is unknown before the connection was read, and never below zero', () => {
    expect(downloadsLeft({ leftBytes: null, readAt: T0 }, [])).toBeNull();
    expect(downloadsLeft({ leftBytes: 10, readAt: T0 }, [{ fileId: 'a', bytes: 50, at: T0 }])).toBe(0);
  });
  it('fits a file of exactly what is left and refuses one byte more', () => {
    expect(fitsAllowance(2_500, 2_500)).toEqual({ ok: true, sizeBytes: 2_500, leftAfterBytes: 0 });
    expect(fitsAllowance(2_501, 2_500)).toEqual({ ok: false, reason: 'over_allowance', leftBytes: 2_500 });
    expect(fitsAllowance(1, null)).toEqual({ ok: false, reason: 'unknown_allowance', leftBytes: null });
  });
  it('records a download and forgets entries older than a day', () => {
    const day = 24 * 3600 * 1000;
    const ledger = recordDownload(
      [
        { fileId: 'old', bytes: 1, at: T0 - day },
        { fileId: 'recent', bytes: 2, at: T0 - 1 },
      ],
      {
        fileId: 'new',
        bytes: 3,
        at: T0,
      },
    );
    expect(ledger.map((entry) => entry.fileId)).toEqual(['recent', 'new']);
  });
  it('a full day allowance refuses the download after the last that fits', () => {
    let ledger = recordDownload([], { fileId: 'a', bytes: DOWNLOAD_BYTES_PER_DAY - 10, at: T0 + 1 });
    const left = downloadsLeft({ leftBytes: DOWNLOAD_BYTES_PER_DAY, readAt: T0 }, ledger);
    expect(left).toBe(10);
    expect(fitsAllowance(11, left).ok).toBe(false);
    ledger = recordDownload(ledger, { fileId: 'b', bytes: 10, at: T0 + 2 });
    expect(downloadsLeft({ leftBytes: DOWNLOAD_BYTES_PER_DAY, readAt: T0 }, ledger)).toBe(0);
  });
});

describe('link renewal on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the link while fresh and asks for a new read shortly before 300 s', () => {
    const readAt = Date.now();
    const link = { expiresAt: new Date(readAt + 300_000).toISOString() };
    expect(needsFreshLink(link, readAt, Date.now())).toBe(false);
    vi.advanceTimersByTime(300_000 - RENEW_MARGIN_MS - 1);
    expect(needsFreshLink(link, readAt, Date.now())).toBe(false);
    expect(msUntilRenewal(link, readAt, Date.now())).toBe(1);
    vi.advanceTimersByTime(1);
    expect(needsFreshLink(link, readAt, Date.now())).toBe(true);
    expect(msUntilRenewal(link, readAt, Date.now())).toBe(0);
  });
  it('counts 300 s from the read even when the site states a later expiry', () => {
    const readAt = Date.now();
    const link = { expiresAt: new Date(readAt + 3_600_000).toISOString() };
    expect(linkEnd(link, readAt)).toBe(readAt + 300_000);
    vi.advanceTimersByTime(300_000 - RENEW_MARGIN_MS);
    expect(needsFreshLink(link, readAt, Date.now())).toBe(true);
  });
  it('believes an earlier expiresAt, and falls back to the read time when it cannot be read', () => {
    const readAt = Date.now();
    expect(linkEnd({ expiresAt: new Date(readAt + 60_000).toISOString() }, readAt)).toBe(readAt + 60_000);
    expect(linkEnd({ expiresAt: 'not a date' }, readAt)).toBe(readAt + 300_000);
  });
  it('the file gate asks for a fresh read instead of using a stale link', () => {
    const readAt = Date.now();
    const file = resultFile();
    const context = { confirmed: false, leftBytes: 10_000, readAt };
    expect(decideFileAction(file, { ...context, now: Date.now() }).kind).toBe('download');
    vi.advanceTimersByTime(280_000);
    expect(decideFileAction(file, { ...context, now: Date.now() })).toEqual({ kind: 'renew_link' });
  });
});

describe('signed links', () => {
  it('follows a link on any https host (a storage host of the service), http only on this computer', () => {
    expect(signedFileLink(`${SITE}/api/v1/files/f1?exp=1&sig=ab`)).toBe(`${SITE}/api/v1/files/f1?exp=1&sig=ab`);
    expect(signedFileLink('https://storage.example-cdn.net/b/f1?X-Sig=1')).toBe(
      'https://storage.example-cdn.net/b/f1?X-Sig=1',
    );
    expect(signedFileLink('http://127.0.0.2:9000/dl/f1?sig=1')).toBe('http://127.0.0.2:9000/dl/f1?sig=1');
    expect(signedFileLink('http://storage.example/f1')).toBeNull();
    expect(signedFileLink('https://user:pw@storage.example/f1')).toBeNull();
    expect(signedFileLink('javascript:alert(1)')).toBeNull();
    expect(signedFileLink('data:text/html,<b>x</b>')).toBeNull();
    expect(signedFileLink('file:///etc/passwd')).toBeNull();
    expect(signedFileLink('not a url')).toBeNull();
  });
});

describe('active-file rules at the file gate', () => {
  const context = { leftBytes: 10_000, readAt: T0, now: T0 + 1_000 };

  it('refuses an active file without confirmation before it even looks at the link', () => {
    const file = resultFile({ active: true, untrustedPath: asUntrusted('setup.sh') });
    let linkReads = 0;
    Object.defineProperty(file, 'url', {
      get: () => {
        linkReads++;
        return `${SITE}/api/v1/files/f1`;
      },
    });
    const action = decideFileAction(file, { ...context, confirmed: false });
    expect(action).toMatchObject({ kind: 'refuse', reason: 'needs_confirmation' });
    expect(linkReads).toBe(0);
  });
  it('treats a file named like a program as active even when the site says it is not', () => {
    const file = resultFile({ active: false, untrustedPath: asUntrusted('tool.exe') });
    expect(decideFileAction(file, { ...context, confirmed: false })).toMatchObject({ reason: 'needs_confirmation' });
  });
  it('saves a confirmed active file through the save dialog under a name that does not run', () => {
    const file = resultFile({ active: true, untrustedPath: asUntrusted('bin/setup.sh') });
    const action = decideFileAction(file, { ...context, confirmed: true });
    expect(action).toEqual({
      kind: 'download',
      active: true,
      sizeBytes: 1000,
      options: { url: file.url, filename: 'setup.sh.txt', saveAs: true, conflictAction: 'uniquify' },
    });
  });
  it('downloads a plain file under its own name, without the save dialog', () => {
    const action = decideFileAction(resultFile(), { ...context, confirmed: false });
    expect(action).toMatchObject({
      kind: 'download',
      active: false,
      options: { filename: 'report.csv', saveAs: false },
    });
  });
  it('refuses before a download that would not fit what is left today', () => {
    const action = decideFileAction(resultFile({ sizeBytes: 10_001 }), { ...context, confirmed: false });
    expect(action).toMatchObject({ kind: 'refuse', reason: 'over_allowance' });
    expect(decideFileAction(resultFile(), { ...context, confirmed: false, leftBytes: null })).toMatchObject({
      reason: 'unknown_allowance',
    });
  });
  it('counts a confirmed active file against the allowance too', () => {
    const file = resultFile({ active: true, untrustedPath: asUntrusted('a.zip'), sizeBytes: 20_000 });
    expect(decideFileAction(file, { ...context, confirmed: true })).toMatchObject({ reason: 'over_allowance' });
  });
  it('follows an https link on a storage host, never a plain-http or script link', () => {
    const storage = resultFile({ url: 'https://storage.example-cdn.net/f1?sig=1' });
    expect(decideFileAction(storage, { ...context, confirmed: false })).toMatchObject({
      kind: 'download',
      options: { url: storage.url },
    });
    for (const url of ['http://elsewhere.example/api/v1/files/f1', 'javascript:alert(1)']) {
      expect(decideFileAction(resultFile({ url }), { ...context, confirmed: false })).toMatchObject({
        kind: 'refuse',
        reason: 'bad_link',
      });
    }
  });
});

describe('save names', () => {
  it('keeps only the last part of a path and nothing a file system would misread', () => {
    expect(safeBaseName('../../etc/passwd')).toBe('passwd');
    expect(safeBaseName('C:\\Users\\x\\a<b>:c?.txt')).toBe('a_b__c_.txt');
    expect(safeBaseName('.bashrc')).toBe('bashrc');
    expect(safeBaseName('trailing. . ')).toBe('trailing');
    expect(safeBaseName('CON.txt')).toBe('_CON.txt');
    expect(safeBaseName('')).toBe('file');
    expect(safeBaseName('dir/')).toBe('file');
    expect(safeBaseName('a\u0000b\tc.txt')).toBe('ab c.txt');
  });
  it('drops direction overrides, so a hidden program shows its real extension and gets .txt', () => {
    expect(saveName('invoice\u202Etxt.exe', false)).toBe('invoicetxt.exe.txt');
  });
  it('adds .txt to active files, also when the name is long', () => {
    expect(saveName('macro.docm', true)).toBe('macro.docm.txt');
    expect(saveName('page.html', false)).toBe('page.html.txt');
    const long = saveName(`${'x'.repeat(300)}.sh`, true);
    expect(long.endsWith('.txt')).toBe(true);
    expect([...long].length).toBeLessThanOrEqual(120);
    expect(saveName('notes.md', false)).toBe('notes.md');
  });
});
