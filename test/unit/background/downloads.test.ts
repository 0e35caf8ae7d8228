import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CallFile } from '../../../lib/api/schemas';
import { downloadFile } from '../../../entrypoints/background/downloads';
import { connected, makeCtx, me, ORIGIN, resetBrowser, result, startedCall, type TestCtx } from './helpers';

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
beforeEach(async () => {
  resetBrowser();
  download = vi.fn(async () => 1);
  Object.assign(fakeBrowser, { downloads: { download } });
  ctx = makeCtx();
  await connected(ctx);
  await startedCall(ctx, 'c1', 'run_1', 'ses_1');
  await ctx.db.calls.update('c1', {
    state: 'finished',
    result: result('run_1', 'ses_1', 'passed', { files: [file('fil_plain', false), file('fil_active', true), file('fil_big', false, 30_000_000)] }),
    resultReadAt: new Date(ctx.clock.now).toISOString(),
  });
});

describe('downloadFile', () => {
  it('saves a plain file through the browser and counts it', async () => {
    const reply = await downloadFile(ctx, { localId: 'c1', fileId: 'fil_plain', confirmedActive: false });
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ url: link('fil_plain'), saveAs: false }));
    expect(reply.filename).toMatch(/plan\.md$/);
    expect(await ctx.db.downloads.toArray()).toEqual([expect.objectContaining({ fileId: 'fil_plain', bytes: 1000 })]);
  });

  it('never fetches an active file before the member confirms; then only through the save dialog', async () => {
    await expect(downloadFile(ctx, { localId: 'c1', fileId: 'fil_active', confirmedActive: false })).rejects.toMatchObject({
      error: { code: 'file_needs_confirmation' },
    });
    expect(download).not.toHaveBeenCalled();
    await downloadFile(ctx, { localId: 'c1', fileId: 'fil_active', confirmedActive: true });
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ saveAs: true, filename: expect.stringMatching(/\.txt$/) }));
  });

  it('refuses a file over what is left of the 20 MB a day', async () => {
    await ctx.db.connection.update('current', { me: me({ downloadsLeftBytes: 20_000_000 }) });
    await expect(downloadFile(ctx, { localId: 'c1', fileId: 'fil_big', confirmedActive: false })).rejects.toMatchObject({
      error: { code: 'file_over_allowance' },
    });
    expect(download).not.toHaveBeenCalled();
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
    expect(download).toHaveBeenCalledWith(expect.objectContaining({ url: fresh.url }));
  });
});
