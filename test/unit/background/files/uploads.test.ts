import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '@/lib/api/errors';
import type { UploadedFile } from '@/lib/contract/files';
import { encodeBase64 } from '@/lib/files/base64';
import { buildUploadRequest } from '@/lib/files/upload-request';
import { retryCall, sendDue, startCall } from '@/entrypoints/background/calls/outbox';
import { decodeBase64, uploadFile } from '@/entrypoints/background/files/uploads';
import { apiError, connected, makeCtx, resetBrowser, started, type TestCtx } from '@/test/unit/background/helpers';

const text = (s: string) => new TextEncoder().encode(s);
const LOCAL = '0b7f1c2a-3d4e-4f5a-8b9c-0d1e2f3a4b5c';

function uploaded(fileId: string, name: string, sizeBytes: number, active = false): UploadedFile {
  return {
    fileId,
    untrustedPath: { untrustedText: name, truncated: false },
    sizeBytes,
    active,
    expiresAt: '2026-05-02T10:00:00Z',
  };
}

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

describe('decodeBase64', () => {
  it('reads what lib/files encodes, and nothing that is not base64', () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 251, 252, 253]);
    expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes);
    expect(decodeBase64('')).toEqual(new Uint8Array());
    expect(decodeBase64('abc')).toBeNull();
    expect(decodeBase64('ab$=')).toBeNull();
  });
});

describe('uploadFile', () => {
  it('sends the body the panel built and replies with the file id', async () => {
    const body = buildUploadRequest('notes.md', text('# Plan\nUse indexes.'));
    ctx.api.uploadFile.mockResolvedValue(uploaded('fil_1', 'notes.md', 19));
    const reply = await uploadFile(ctx, { ...body, type: 'text/markdown' });
    expect(ctx.api.uploadFile).toHaveBeenCalledWith({ name: 'notes.md', contentBase64: body.contentBase64 });
    expect(reply).toEqual({ fileId: 'fil_1', sizeBytes: 19, active: false });
  });

  it('passes a session along when the file is for a session', async () => {
    const body = buildUploadRequest('a.txt', text('hello'), 'ses_1');
    ctx.api.uploadFile.mockResolvedValue(uploaded('fil_2', 'a.txt', 5));
    await uploadFile(ctx, body);
    expect(ctx.api.uploadFile).toHaveBeenCalledWith({
      name: 'a.txt',
      contentBase64: body.contentBase64,
      sessionId: 'ses_1',
    });
  });

  it('checks the bytes again: a text file holding a key never leaves', async () => {
    const body = buildUploadRequest('env.txt', text('OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD'));
    await expect(uploadFile(ctx, body)).rejects.toMatchObject({ error: { code: 'file_secret' } });
    expect(ctx.api.uploadFile).not.toHaveBeenCalled();
  });

  it('refuses a file over the 64 KB body and content that is not base64, without sending', async () => {
    const big = buildUploadRequest('big.bin', new Uint8Array(60_000));
    await expect(uploadFile(ctx, big)).rejects.toMatchObject({ error: { code: 'file_too_large' } });
    await expect(uploadFile(ctx, { name: 'x.txt', contentBase64: 'not base64!' })).rejects.toMatchObject({
      error: { code: 'file_unreadable' },
    });
    expect(ctx.api.uploadFile).not.toHaveBeenCalled();
  });

  it('passes the site’s 403 switched_off (files) on to the panel', async () => {
    ctx.api.uploadFile.mockRejectedValue(apiError(403, 'switched_off', { reason: 'files' }));
    await expect(uploadFile(ctx, buildUploadRequest('a.txt', text('hi')))).rejects.toMatchObject({
      code: 'switched_off',
      reason: 'files',
    });
  });

  it('needs a connection', async () => {
    await ctx.db.connection.update('current', { status: 'disconnected' });
    await expect(uploadFile(ctx, buildUploadRequest('a.txt', text('hi')))).rejects.toMatchObject({
      error: { code: 'not_connected' },
    });
  });
});

describe('a call with files', () => {
  it('stores the call with its fileIds before POST /calls, and a resend never uploads again', async () => {
    ctx.api.uploadFile
      .mockResolvedValueOnce(uploaded('fil_a', 'a.txt', 2))
      .mockResolvedValueOnce(uploaded('fil_b', 'b.txt', 2));
    const ids = [
      (await uploadFile(ctx, buildUploadRequest('a.txt', text('aa')))).fileId,
      (await uploadFile(ctx, buildUploadRequest('b.txt', text('bb')))).fileId,
    ];
    const request = { agentId: 'ag_1', callId: 'apply', details: 'Tune this.', fileIds: ids };
    let storedAtSend: unknown;
    ctx.api.startCall.mockImplementationOnce(async () => {
      storedAtSend = await ctx.db.calls.get(LOCAL);
      throw new NetworkError(false);
    });
    expect((await startCall(ctx, { localId: LOCAL, request })).state).toBe('outbox');
    expect(storedAtSend).toMatchObject({ request: { fileIds: ['fil_a', 'fil_b'] } });

    const row = await ctx.db.calls.get(LOCAL);
    ctx.clock.now = row?.nextSendAt ?? ctx.clock.now;
    ctx.api.startCall.mockResolvedValueOnce(started('run_1', 'ses_1'));
    await sendDue(ctx);
    expect(ctx.api.startCall).toHaveBeenCalledTimes(2);
    for (const [body, options] of ctx.api.startCall.mock.calls) {
      expect(body.fileIds).toEqual(['fil_a', 'fil_b']);
      expect(options?.idempotencyKey).toBe(row?.idempotencyKey);
    }
    expect(ctx.api.uploadFile).toHaveBeenCalledTimes(2);
  });

  it('a refused call retried by the member goes again with the same files, not new uploads', async () => {
    const request = { agentId: 'ag_1', callId: 'apply', details: 'Tune this.', fileIds: ['fil_a'] };
    ctx.api.startCall.mockRejectedValueOnce(apiError(402, 'short'));
    expect((await startCall(ctx, { localId: LOCAL, request })).state).toBe('refused');
    ctx.api.startCall.mockResolvedValueOnce(started('run_1', 'ses_1'));
    expect((await retryCall(ctx, LOCAL)).state).toBe('started');
    expect(ctx.api.startCall.mock.calls[1]?.[0].fileIds).toEqual(['fil_a']);
    expect(ctx.api.uploadFile).not.toHaveBeenCalled();
  });
});
