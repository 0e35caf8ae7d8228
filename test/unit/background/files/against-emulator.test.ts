/**
 * Files and sharing from the background with the real client against the emulator, over real HTTP: uploads
 * named by a call, a result file saved through its signed link, a share draft from start to signed off.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { AppDb } from '@/lib/db';
import { buildUploadRequest } from '@/lib/files/upload-request';
import { realApi } from '@/entrypoints/background/core/api';
import { connect } from '@/entrypoints/background/connection/connect';
import type { Ctx } from '@/entrypoints/background/core/context';
import { downloadFile } from '@/entrypoints/background/files/downloads';
import { startCall } from '@/entrypoints/background/calls/outbox';
import { pollDue } from '@/entrypoints/background/calls/poller';
import { nextShareCheckAt, pollShares } from '@/entrypoints/background/sharing/poller';
import { createShare, packageShare, putShareFiles } from '@/entrypoints/background/sharing/sharing';
import { uploadFile } from '@/entrypoints/background/files/uploads';
import { startTestEmulator, type TestEmulator } from '@/testing/emulator';
import { resetBrowser } from '@/test/unit/background/helpers';

// The emulator's clock moves only when a test moves it (POST /_emulator/clock).
let emu: TestEmulator;
beforeAll(async () => {
  emu = await startTestEmulator({ clock: { realTime: false } });
});
afterAll(async () => {
  await emu?.close();
});

type TestCtx = Ctx & { clock: { now: number } };
let ctx: TestCtx;
let download: ReturnType<typeof vi.fn>;

beforeEach(async () => {
  resetBrowser();
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true);
  download = vi.fn(async () => 1);
  Object.assign(fakeBrowser, { downloads: { download } });
  await emu.control.call('POST', '/reset');
  const clock = { now: Date.now() };
  ctx = {
    db: new AppDb(`files-emu-${crypto.randomUUID()}`),
    apiFor: realApi,
    clock,
    now: () => clock.now,
    random: () => 0.5,
    newId: () => crypto.randomUUID(),
    workerId: crypto.randomUUID(),
    reschedule: async () => undefined,
  };
  const made = await emu.control.call<{ code: string }>('POST', '/connect-codes', {
    switches: { files: true, sharing: true, spending: true, askBeforeNewAgent: false, tryNewAgents: true },
  });
  await connect(ctx, { siteUrl: emu.url, code: made.code });
});

const text = (s: string) => new TextEncoder().encode(s);

describe('files and sharing against the emulator', () => {
  it('uploads two files and starts a call naming them', async () => {
    const a = await uploadFile(ctx, buildUploadRequest('a.sql', text('SELECT 1;')));
    const b = await uploadFile(ctx, buildUploadRequest('b.sh', text('#!/bin/sh\necho hi\n')));
    expect(b.active).toBe(true);
    const { state } = await startCall(ctx, {
      request: {
        agentId: 'agt_postgres',
        callId: 'question',
        question: 'Is this fine?',
        fileIds: [a.fileId, b.fileId],
      },
    });
    expect(state).toBe('started');
    const call = (await emu.control.requests('/api/v1/calls')).find((r) => r.method === 'POST');
    expect((call?.body as { fileIds?: string[] } | undefined)?.fileIds).toEqual([a.fileId, b.fileId]);
  });

  it('the site’s switched_off (files) reaches the member’s words with its reason', async () => {
    const conn = await ctx.db.connection.get('current');
    await emu.control.call('PATCH', `/connections/${conn?.connectionId}`, { switches: { files: false } });
    await expect(uploadFile(ctx, buildUploadRequest('a.txt', text('hi')))).rejects.toMatchObject({
      status: 403,
      code: 'switched_off',
      reason: 'files',
    });
  });

  it('saves a plain result file through its signed link; an active one only once confirmed', async () => {
    const { localId } = await startCall(ctx, {
      request: { agentId: 'agt_shell', callId: 'question', question: 'Why does it exit?' },
    });
    for (let i = 0; i < 20 && (await ctx.db.calls.get(localId))?.state === 'started'; i++) {
      await emu.control.advanceClock(2);
      ctx.clock.now = Math.max(ctx.clock.now + 2000, (await ctx.db.calls.get(localId))?.nextPollAt ?? 0);
      await pollDue(ctx);
    }
    const files = (await ctx.db.calls.get(localId))?.result?.files ?? [];
    const plain = files.find((f) => !f.active);
    const active = files.find((f) => f.active);
    expect(plain && active).toBeTruthy();
    await emu.control.clearRequests();
    await downloadFile(ctx, { localId, fileId: plain?.fileId ?? '', confirmedActive: false });
    expect(download).toHaveBeenLastCalledWith(expect.objectContaining({ saveAs: false }));
    // The background fetched the link itself, once, without the key.
    const gets = (await emu.control.requests('/api/v1/files/')).filter((r) => r.method === 'GET');
    expect(gets.map((r) => [r.path, r.authorization])).toEqual([[`/api/v1/files/${plain?.fileId}`, false]]);
    await expect(
      downloadFile(ctx, { localId, fileId: active?.fileId ?? '', confirmedActive: false }),
    ).rejects.toMatchObject({
      error: { code: 'file_needs_confirmation' },
    });
    expect((await emu.control.requests('/api/v1/files/')).filter((r) => r.method === 'GET')).toHaveLength(1);
    await downloadFile(ctx, { localId, fileId: active?.fileId ?? '', confirmedActive: true });
    expect(download).toHaveBeenLastCalledWith(expect.objectContaining({ saveAs: true }));
    expect((await emu.control.requests('/api/v1/files/')).filter((r) => r.method === 'GET')).toHaveLength(2);
  });

  it('takes a share draft from start to signed off', async () => {
    const { draftId } = await createShare(ctx, { title: 'Index notes', agentId: 'agt_postgres' });
    const file = await uploadFile(ctx, buildUploadRequest('indexes.md', text('# Use partial indexes')));
    await putShareFiles(ctx, draftId, [file.fileId]);
    expect(await packageShare(ctx, draftId)).toEqual({ draftId, status: 'waiting_sign_off' });
    const waiting = await ctx.db.shares.get(draftId);
    expect(waiting?.draft.signOffUrl).toBe(`${emu.url}/shares/${draftId}/sign-off`);

    await emu.control.call('POST', `/drafts/${draftId}/sign-off`);
    ctx.clock.now = (await nextShareCheckAt(ctx)) ?? ctx.clock.now;
    await pollShares(ctx);
    expect((await ctx.db.shares.get(draftId))?.draft.status).toBe('signed_off');
    expect((await ctx.db.sharedProjects.toArray()).map((p) => p.project.untrustedTitle.untrustedText)).toContain(
      'Index notes',
    );
    expect(await nextShareCheckAt(ctx)).toBeNull();
  });
});
