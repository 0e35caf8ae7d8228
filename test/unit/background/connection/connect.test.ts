import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LocalRefusal } from '@/lib/api/errors';
import { handleCommandMessage } from '@/lib/protocol/dispatch';
import { connect, disconnect, refreshMe } from '@/entrypoints/background/connection/connect';
import { checkKeyKept, noteRunningVersion } from '@/entrypoints/background/core/key-kept';
import { setSettings } from '@/entrypoints/background/options/settings';
import { buildHandlers } from '@/entrypoints/background/handlers';
import { KEY_STORAGE_KEY, readKey } from '@/entrypoints/background/core/key-store';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { pollDue } from '@/entrypoints/background/calls/poller';
import {
  apiError,
  connected,
  dumpDb,
  KEY,
  makeCtx,
  me,
  ORIGIN,
  resetBrowser,
  startedCall,
  type TestCtx,
} from '@/test/unit/background/helpers';
import { memberErrorWords } from '@/lib/words/errors';

const OWN_PAGE = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/sidepanel.html' };
const claimAnswer = (siteUrl = ORIGIN) => ({
  key: KEY,
  siteUrl,
  connection: { id: 'con_1', name: 'My laptop', sessionId: null },
  switches: me().switches,
  env: [{ variable: 'GUILD_FILES_DIR', ask: 'Where should files go?' }],
});

let ctx: TestCtx;
beforeEach(() => {
  resetBrowser();
  ctx = makeCtx();
});

function grant(granted: boolean) {
  return vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(granted);
}

describe('connect', () => {
  it('refuses without the site permission, before claiming', async () => {
    const contains = grant(false);
    await expect(connect(ctx, { siteUrl: ORIGIN, code: 'GLD-ABCD-EFGH' })).rejects.toMatchObject({
      error: { code: 'permission_needed' },
    });
    // scheme://host/* with no port: the only form Firefox matches (Chrome ignores the port anyway).
    expect(contains).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
    expect(ctx.api.claim).not.toHaveBeenCalled();
  });

  it('refuses plain http off loopback and addresses with credentials', async () => {
    grant(true);
    await expect(connect(ctx, { siteUrl: 'http://example.org', code: 'GLD-ABCD-EFGH' })).rejects.toMatchObject({
      error: { code: 'invalid_site' },
    });
    await expect(connect(ctx, { siteUrl: 'https://u:p@example.org', code: 'GLD-ABCD-EFGH' })).rejects.toMatchObject({
      error: { code: 'invalid_site' },
    });
    expect(ctx.api.claim).not.toHaveBeenCalled();
  });

  it('refuses a claim whose siteUrl is on another origin and keeps no key (G17)', async () => {
    grant(true);
    ctx.api.claim.mockResolvedValue(claimAnswer('https://elsewhere.example'));
    await expect(connect(ctx, { siteUrl: ORIGIN, code: 'GLD-ABCD-EFGH' })).rejects.toMatchObject({
      error: { code: 'origin_mismatch' },
    });
    expect(await readKey()).toBeNull();
    expect(await ctx.db.connection.get('current')).toBeUndefined();
  });

  it('stores the key in storage.local only, and the connection without it', async () => {
    grant(true);
    ctx.api.claim.mockResolvedValue(claimAnswer());
    ctx.api.me.mockResolvedValue(me());
    const reply = await connect(ctx, { siteUrl: `${ORIGIN}/`, code: 'gld abcd efgh' });
    expect(reply).toEqual({ connectionId: 'con_1', name: 'My laptop', sessionId: null });
    expect(ctx.apiFor).toHaveBeenCalledWith(ORIGIN, null);
    expect(ctx.apiFor).toHaveBeenCalledWith(ORIGIN, KEY, expect.anything());
    const local = await fakeBrowser.storage.local.get(null);
    expect(Object.keys(local)).toEqual([KEY_STORAGE_KEY]);
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    const row = await ctx.db.connection.get('current');
    expect(row).toMatchObject({ status: 'connected', origin: ORIGIN, env: claimAnswer().env, privacyLineShown: false });
    expect(row?.me?.balance.spendableCents).toBe(2000);
    expect(row?.privacyLine).toBe(me().privacyLine);
    expect(await dumpDb(ctx.db)).not.toContain(KEY);
  });

  it('passes a local refusal of the code through in the member’s words, nothing stored', async () => {
    grant(true);
    ctx.api.claim.mockRejectedValue(new LocalRefusal('code_format', { what: 'said', key: 'local.codeFormat' }));
    const reply = await handleCommandMessage(
      { type: 'agent-connection/command@1', name: 'connect', payload: { siteUrl: ORIGIN, code: 'nope' } },
      OWN_PAGE,
      buildHandlers(ctx),
      { toError: toMemberError },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'local_code_format' } });
    expect(reply?.ok === false && memberErrorWords(reply.error)).toContain('That is not a connect code.');
    expect(await readKey()).toBeNull();
  });

  it('never puts the key in a command reply', async () => {
    grant(true);
    ctx.api.claim.mockResolvedValue(claimAnswer());
    ctx.api.me.mockResolvedValue(me());
    const handlers = buildHandlers(ctx);
    const send = (name: string, payload: unknown) =>
      handleCommandMessage({ type: 'agent-connection/command@1', name, payload }, OWN_PAGE, handlers, {
        toError: toMemberError,
      });
    const replies = [await send('connect', { siteUrl: ORIGIN, code: 'GLD-ABCD-EFGH' }), await send('refreshMe', {})];
    ctx.api.me.mockRejectedValue(apiError(500, 'server_error'));
    replies.push(await send('refreshMe', {}));
    expect(replies[0]).toMatchObject({ ok: true });
    expect(replies[2]).toMatchObject({ ok: false, error: { code: 'server_error' } });
    for (const r of replies) expect(JSON.stringify(r)).not.toContain(KEY);
  });
});

describe('revoked key and disconnect', () => {
  it('401 key_revoked wipes the key, marks revoked, stops polling, keeps history', async () => {
    await connected(ctx);
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await ctx.db.finds.add({
      requestId: 'r',
      text: 'abc',
      cut: false,
      source: 'panel',
      status: 'done',
      agents: [],
      error: null,
      at: 'x',
      doneAt: 'x',
    });
    ctx.api.me.mockRejectedValue(apiError(401, 'key_revoked'));
    await expect(refreshMe(ctx)).rejects.toMatchObject({ code: 'key_revoked' });
    expect(await readKey()).toBeNull();
    const conn = await ctx.db.connection.get('current');
    expect(conn?.status).toBe('revoked');
    expect(conn?.error?.nextStep).toEqual({ kind: 'reconnect' });
    expect(ctx.reschedule).toHaveBeenCalled();
    // History stays; nothing is polled any more.
    expect(await ctx.db.calls.count()).toBe(1);
    expect(await ctx.db.finds.count()).toBe(1);
    ctx.clock.now += 60_000;
    await pollDue(ctx);
    expect(ctx.api.getCall).not.toHaveBeenCalled();
    expect(ctx.api.getSession).not.toHaveBeenCalled();
  });

  it('a revoked key is found by any request, e.g. while polling', async () => {
    await connected(ctx);
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    ctx.clock.now += 5000;
    ctx.api.getCall.mockRejectedValue(apiError(401, 'key_revoked'));
    await pollDue(ctx);
    expect(await readKey()).toBeNull();
    expect((await ctx.db.connection.get('current'))?.status).toBe('revoked');
  });

  it('disconnect forgets the key and keeps history', async () => {
    await connected(ctx);
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await disconnect(ctx);
    expect(await readKey()).toBeNull();
    expect((await ctx.db.connection.get('current'))?.status).toBe('disconnected');
    expect(await ctx.db.calls.count()).toBe(1);
  });

  it('a key for another connection or origin is not used', async () => {
    await connected(ctx);
    await fakeBrowser.storage.local.set({
      [KEY_STORAGE_KEY]: { key: KEY, origin: 'https://elsewhere.example', connectionId: 'con_1' },
    });
    await expect(refreshMe(ctx)).rejects.toMatchObject({ error: { code: 'not_connected' } });
    expect(ctx.apiFor).not.toHaveBeenCalled();
  });
});

describe('the key kept only until the browser closes', () => {
  it('is stored in storage.session only, never local, sync or IndexedDB', async () => {
    grant(true);
    await setSettings(ctx, { keyUntilBrowserCloses: true });
    ctx.api.claim.mockResolvedValue(claimAnswer());
    ctx.api.me.mockResolvedValue(me());
    await connect(ctx, { siteUrl: ORIGIN, code: 'gld abcd efgh' });
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual([KEY_STORAGE_KEY]);
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(await dumpDb(ctx.db)).not.toContain(KEY);
    expect((await readKey())?.key).toBe(KEY);
  });

  it('moves when the member changes the option, and is in one place at a time', async () => {
    await connected(ctx);
    await setSettings(ctx, { keyUntilBrowserCloses: true });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    expect(Object.keys(await fakeBrowser.storage.session.get(null))).toEqual([KEY_STORAGE_KEY]);
    await setSettings(ctx, { keyUntilBrowserCloses: false });
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
    expect((await readKey())?.key).toBe(KEY);
    await disconnect(ctx);
    expect(await readKey()).toBeNull();
  });

  it('after the browser restarted: a new connect code is asked for, calls and history stay, nothing is polled', async () => {
    await connected(ctx);
    await setSettings(ctx, { keyUntilBrowserCloses: true });
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    // The browser closed: storage.session is empty when it starts again.
    await fakeBrowser.storage.session.clear();
    await checkKeyKept(ctx);
    const row = await ctx.db.connection.get('current');
    expect(row?.status).toBe('disconnected');
    expect(row?.error).toMatchObject({ code: 'key_not_kept', nextStep: { kind: 'reconnect' } });
    expect(row?.origin).toBe(ORIGIN);
    const call = await ctx.db.calls.get('c1');
    expect(call?.state).toBe('started');
    expect(call?.nextPollAt).toBeNull();
    ctx.clock.now += 60_000;
    await pollDue(ctx);
    expect(ctx.api.getCall).not.toHaveBeenCalled();
  });

  it('after an update (which clears storage.session too): the panel says the update took the key, not the browser', async () => {
    await connected(ctx);
    await setSettings(ctx, { keyUntilBrowserCloses: true });
    const manifest = vi.spyOn(fakeBrowser.runtime, 'getManifest');
    manifest.mockReturnValue({ manifest_version: 3, name: 'x', version: '1.0.0' });
    expect(await noteRunningVersion()).toEqual({ version: '1.0.0', updated: false });
    expect(await noteRunningVersion()).toEqual({ version: '1.0.0', updated: false });
    manifest.mockReturnValue({ manifest_version: 3, name: 'x', version: '1.0.1' });
    await fakeBrowser.storage.session.clear();
    const start = await noteRunningVersion();
    expect(start).toEqual({ version: '1.0.1', updated: true });
    await checkKeyKept(ctx, start.updated);
    const row = await ctx.db.connection.get('current');
    expect(row?.error).toMatchObject({
      code: 'key_not_kept',
      nextStep: { kind: 'reconnect' },
      message: expect.stringMatching(/^The extension updated/),
    });
    // The next start of the same version is no update.
    expect((await noteRunningVersion()).updated).toBe(false);
  });

  it('a request that finds the key gone says so at once, without waiting for the worker to restart', async () => {
    await connected(ctx);
    await setSettings(ctx, { keyUntilBrowserCloses: true });
    await fakeBrowser.storage.session.clear();
    await expect(refreshMe(ctx)).rejects.toMatchObject({ error: { code: 'not_connected' } });
    expect((await ctx.db.connection.get('current'))?.error?.code).toBe('key_not_kept');
    expect(ctx.api.me).not.toHaveBeenCalled();
  });

  it('a worker restart with the key still there changes nothing', async () => {
    await connected(ctx);
    await setSettings(ctx, { keyUntilBrowserCloses: true });
    await checkKeyKept(ctx);
    expect((await ctx.db.connection.get('current'))?.status).toBe('connected');
  });
});
