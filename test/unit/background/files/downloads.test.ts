import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CallFile } from '@/lib/contract/files';
import { MalformedAnswerError } from '@/lib/api/errors';
import { DOWNLOAD_SLACK_BYTES } from '@/lib/files/download-cap';
import { downloadFile } from '@/entrypoints/background/files/downloads';
import { readKey } from '@/entrypoints/background/core/key-store';
import { pausedUntil } from '@/entrypoints/background/core/status';
import {
  apiError,
  connected,
  makeCtx,
  me,
  ORIGIN,
  resetBrowser,
  result,
  startedCall,
  type TestCtx,
} from '@/test/unit/background/helpers';
import { memberErrorWords } from '@/lib/words/errors';
import { CommandFailure } from '@/lib/protocol/envelope';

const link = (fileId: string) => `${ORIGIN}/api/v1/files/${fileId}?exp=1&sig=abc`;
function file(fileId: string, active: boolean, sizeBytes = 1000): CallFile {
  return {
    fileId,
    untrustedPath: { untrustedText: active ? 'run.sh' : 'notes/plan.md', truncated: false },
    sizeBytes,
    active,
    url: link(fileId),
    expiresAt: new Date(Date.UTC(2026, 4, 1, 10, 5)).toISOString(),
  };
}

let ctx: TestCtx;
let download: ReturnType<typeof vi.fn>;
let contains: ReturnType<typeof vi.spyOn>;
const BYTES = new TextEncoder().encode('# plan\n');
beforeEach(async () => {
  resetBrowser();
  download = vi.fn(async () => 1);
  Object.assign(fakeBrowser, { downloads: { download } });
  contains = vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  ctx = makeCtx();
  ctx.api.downloadFile.mockResolvedValue({ bytes: BYTES, contentType: 'text/html' });
  await connected(ctx);
  await startedCall(ctx, 'c1', 'run_1', 'ses_1');
  await ctx.db.calls.update('c1', {
    state: 'finished',
    result: result('run_1', 'ses_1', 'passed', {
      files: [file('fil_plain', false), file('fil_active', true), file('fil_big', false, 30_000_000)],
    }),
    resultReadAt: new Date(ctx.clock.now).toISOString(),
  });
});

describe('downloadFile', () => {
  it('fetches the signed link itself and saves its bytes through the browser, counted', async () => {
    const reply = await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false });
    // Read no further than the declared size and its slack.
    expect(ctx.api.downloadFile).toHaveBeenCalledWith(link('fil_plain'), { maxBytes: 1000 + DOWNLOAD_SLACK_BYTES });
    // The browser saves bytes the extension fetched (never the link itself, never as the type the server said).
    const saved = download.mock.calls[0]?.[0] as { url: string; saveAs: boolean };
    expect(saved.saveAs).toBe(false);
    expect(saved.url).not.toBe(link('fil_plain'));
    expect(saved.url).toMatch(/^(blob:|data:application\/octet-stream;base64,)/);
    expect(reply.filename).toMatch(/plan\.md$/);
    expect(await ctx.db.downloads.toArray()).toEqual([expect.objectContaining({ fileId: 'fil_plain', bytes: 1000 })]);
  });

  it('never fetches an active file before the member confirms; then only through the save dialog', async () => {
    await expect(
      downloadFile(ctx, { localId: 'c1', fileId: 'fil_active', confirmedActive: false }),
    ).rejects.toMatchObject({
      error: { code: 'file_needs_confirmation' },
    });
    expect(download).not.toHaveBeenCalled();
    expect(ctx.api.downloadFile).not.toHaveBeenCalled();
    await downloadFile(ctx, { localId: 'c1', fileId: 'fil_active', confirmedActive: true });
    expect(download).toHaveBeenCalledWith(
      expect.objectContaining({ saveAs: true, filename: expect.stringMatching(/\.txt$/) }),
    );
  });

  it('refuses a file over what is left of the 20 MB a day', async () => {
    await ctx.db.connection.update('current', { me: me({ downloadsLeftBytes: 20_000_000 }) });
    await expect(downloadFile(ctx, { localId: 'c1', fileId: 'fil_big', confirmedActive: false })).rejects.toMatchObject(
      {
        error: { code: 'file_over_allowance' },
      },
    );
    expect(download).not.toHaveBeenCalled();
  });

  it('two downloads at once cannot both fit what is left for one: the second is refused, one is counted', async () => {
    await ctx.db.connection.update('current', {
      me: me({ downloadsLeftBytes: 1500 }),
      meAt: new Date(ctx.clock.now).toISOString(),
    });
    const results = await Promise.allSettled([
      downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }),
      downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      error: { code: 'file_over_allowance', message: expect.stringMatching(/\S/) },
    });
    expect(await ctx.db.downloads.count()).toBe(1);
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('a body larger than the file said is stopped and said in words; nothing is saved or counted', async () => {
    ctx.api.downloadFile.mockRejectedValueOnce(new MalformedAnswerError(200, 'over_size'));
    const failure = await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }).catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(CommandFailure);
    expect(memberErrorWords((failure as CommandFailure).error)).toContain(
      'The file was larger than the site said, so it was not saved.',
    );
    expect(download).not.toHaveBeenCalled();
    expect(await ctx.db.downloads.count()).toBe(0);
  });

  it('reads the call again for a fresh link when the old one ran out', async () => {
    ctx.clock.now += 10 * 60_000;
    const fresh = {
      ...file('fil_plain', false),
      url: `${ORIGIN}/api/v1/files/fil_plain?exp=2&sig=new`,
      expiresAt: new Date(ctx.clock.now + 300_000).toISOString(),
    };
    ctx.api.getCall.mockResolvedValue(result('run_1', 'ses_1', 'passed', { files: [fresh] }));
    await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false });
    expect(ctx.api.getCall).toHaveBeenCalledWith('run_1');
    expect(ctx.api.downloadFile).toHaveBeenCalledWith(fresh.url, expect.anything());
    expect(download).toHaveBeenCalledTimes(1);
  });

  it('fetches a link on a storage host of its own when that host is allowed, and refuses without the permission', async () => {
    const storage = {
      ...file('fil_plain', false),
      url: 'https://files.storage-host.example/b/fil_plain?X-Signature=ab',
    };
    await ctx.db.calls.update('c1', { result: result('run_1', 'ses_1', 'passed', { files: [storage] }) });
    await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false });
    expect(contains).toHaveBeenLastCalledWith({ origins: ['https://files.storage-host.example/*'] });
    expect(ctx.api.downloadFile).toHaveBeenCalledWith(storage.url, expect.anything());

    contains.mockResolvedValue(false);
    await expect(
      downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }),
    ).rejects.toMatchObject({
      error: { code: 'file_host_permission' },
    });
    expect(ctx.api.downloadFile).toHaveBeenCalledTimes(1);
    expect(await ctx.db.downloads.count()).toBe(1);
  });

  it('a link that is not https (nor http on this computer) is never fetched', async () => {
    const plain = { ...file('fil_plain', false), url: 'http://files.storage-host.example/fil_plain' };
    await ctx.db.calls.update('c1', { result: result('run_1', 'ses_1', 'passed', { files: [plain] }) });
    await expect(
      downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }),
    ).rejects.toMatchObject({
      error: { code: 'file_bad_link' },
    });
    expect(ctx.api.downloadFile).not.toHaveBeenCalled();
  });

  it('a file link answering 401 or 429 is the file’s failure: the key stays, nothing pauses, the site is not offline', async () => {
    // The signed link carries no key (G14): its answers never speak for the key or the site.
    ctx.api.downloadFile.mockRejectedValueOnce(apiError(401, 'unauthenticated'));
    await expect(downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false })).rejects.toThrow();
    expect(await readKey()).not.toBeNull();
    expect((await ctx.db.connection.get('current'))?.status).toBe('connected');
    ctx.api.downloadFile.mockRejectedValueOnce(apiError(429, 'rate_limited', { retryAfterSeconds: 50_000 }));
    await expect(downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false })).rejects.toThrow();
    // A link on the site’s own origin: its 429 is the site’s and pauses, but for an hour at most.
    const until = await pausedUntil(ctx);
    expect(until === null || until - ctx.clock.now <= 3_600_000).toBe(true);
  });
  it('a file host’s coded error is the file’s: never worded as the site revoking the connection or refusing', async () => {
    const storage = {
      ...file('fil_plain', false),
      url: 'https://files.storage-host.example/b/fil_plain?X-Signature=ab',
    };
    await ctx.db.calls.update('c1', { result: result('run_1', 'ses_1', 'passed', { files: [storage] }) });
    for (const [status, code] of [
      [401, 'key_revoked'],
      [403, 'switched_off'],
      [429, 'rate_limited'],
    ] as const) {
      ctx.api.downloadFile.mockRejectedValueOnce(apiError(status, code));
      const failure = await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(CommandFailure);
      const error = (failure as CommandFailure).error;
      expect(error.code).toBe('file_host_refused');
      expect(error.nextStep).toEqual({ kind: 'none' });
      const words = memberErrorWords(error);
      expect(words).toBe(
        `The file could not be fetched. Its host refused it (HTTP ${status}). Your connection to the site is not affected.`,
      );
    }
    expect(await readKey()).not.toBeNull();
  });

  it('even on the site’s own origin a keyless link’s 401 is not the connection revoked; its other refusals are the site’s', async () => {
    ctx.api.downloadFile.mockRejectedValueOnce(apiError(401, 'key_revoked'));
    const revoked = await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }).catch(
      (e: unknown) => e,
    );
    expect((revoked as CommandFailure).error).toMatchObject({ code: 'file_host_refused', nextStep: { kind: 'none' } });
    expect(memberErrorWords((revoked as CommandFailure).error)).not.toMatch(/revoked|Connect again/);
    ctx.api.downloadFile.mockRejectedValueOnce(apiError(410, 'link_expired'));
    const expired = await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false }).catch(
      (e: unknown) => e,
    );
    expect((expired as CommandFailure).error.code).toBe('link_expired');
  });
});
