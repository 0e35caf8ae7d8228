import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { CommandHandlers } from '@/lib/protocol/commands';
import { CommandFailure } from '@/lib/protocol/envelope';
import { handleCommandMessage, registerCommandHandlers } from '@/lib/protocol/dispatch';
import { isOwnExtensionPage } from '@/lib/protocol/sender';
import { sendCommand } from '@/lib/protocol/send';

const OWN_PAGE = { id: 'test-extension-id', url: 'chrome-extension://test-extension-id/sidepanel.html' };

function handlers(overrides: Partial<CommandHandlers> = {}): CommandHandlers {
  const fail = async (): Promise<never> => {
    throw new Error('not under test');
  };
  return {
    connect: fail,
    disconnect: fail,
    refreshMe: fail,
    markPrivacyLineShown: fail,
    find: fail,
    preview: fail,
    startCall: fail,
    retryCall: fail,
    stopCall: fail,
    reportCall: fail,
    refreshCall: fail,
    refreshSession: fail,
    refreshFindings: fail,
    createSession: fail,
    putAnswers: fail,
    putDetails: fail,
    refreshPlan: fail,
    saveAnswerDraft: fail,
    saveTextDraft: fail,
    openExternalUrl: fail,
    spending: fail,
    clearCache: fail,
    freeSpace: fail,
    setSettings: fail,
    downloadFile: fail,
    approvalCameBack: fail,
    openSitePage: fail,
    uploadFile: fail,
    askCoverage: fail,
    createShare: fail,
    putShareFiles: fail,
    packageShare: fail,
    refreshShare: fail,
    refreshSharedProjects: fail,
    ...overrides,
  };
}

const toError = () => ({ code: 'internal', message: 'Something went wrong.', extras: {} });

describe('sender check', () => {
  beforeEach(() => fakeBrowser.reset());

  it('accepts our own pages only', () => {
    expect(isOwnExtensionPage(OWN_PAGE)).toBe(true);
    expect(
      isOwnExtensionPage({ id: 'test-extension-id', url: 'chrome-extension://test-extension-id/options.html' }),
    ).toBe(true);
    // A content script: our id, but the web page's url.
    expect(isOwnExtensionPage({ id: 'test-extension-id', url: 'https://evil.example/page', tab: {} })).toBe(false);
    // Another extension.
    expect(isOwnExtensionPage({ id: 'other', url: 'chrome-extension://other/x.html' })).toBe(false);
    // Our id in another extension's url, or no url at all.
    expect(isOwnExtensionPage({ id: 'test-extension-id', url: 'chrome-extension://other/x.html' })).toBe(false);
    expect(isOwnExtensionPage({ id: 'test-extension-id' })).toBe(false);
    expect(isOwnExtensionPage({})).toBe(false);
  });
});

describe('handleCommandMessage', () => {
  beforeEach(() => fakeBrowser.reset());

  it('ignores messages of other protocols', () => {
    expect(handleCommandMessage({ hello: 1 }, OWN_PAGE, handlers(), { toError })).toBeUndefined();
    expect(handleCommandMessage('find', OWN_PAGE, handlers(), { toError })).toBeUndefined();
  });

  it('refuses a foreign sender without running the handler', async () => {
    const find = vi.fn(async () => ({ findId: 1, requestId: 'r' }));
    const msg = { type: 'agent-connection/command@1', name: 'find', payload: { text: 'hello there' } };
    const reply = await handleCommandMessage(
      msg,
      { id: 'test-extension-id', url: 'https://evil.example/' },
      handlers({ find }),
      { toError },
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden_sender' } });
    expect(find).not.toHaveBeenCalled();
  });

  it('refuses a bad payload and an unknown command without running a handler', async () => {
    const find = vi.fn(async () => ({ findId: 1, requestId: 'r' }));
    const bad = { type: 'agent-connection/command@1', name: 'find', payload: { text: 42 } };
    expect(await handleCommandMessage(bad, OWN_PAGE, handlers({ find }), { toError })).toMatchObject({
      ok: false,
      error: { code: 'invalid_command' },
    });
    const unknown = { type: 'agent-connection/command@1', name: 'toString', payload: {} };
    expect(await handleCommandMessage(unknown, OWN_PAGE, handlers({ find }), { toError })).toMatchObject({
      ok: false,
      error: { code: 'unknown_command' },
    });
    const startCall = vi.fn();
    const noAgent = {
      type: 'agent-connection/command@1',
      name: 'startCall',
      payload: { request: { callId: 'apply' } },
    };
    expect(await handleCommandMessage(noAgent, OWN_PAGE, handlers({ startCall }), { toError })).toMatchObject({
      ok: false,
    });
    expect(find).not.toHaveBeenCalled();
    expect(startCall).not.toHaveBeenCalled();
  });

  it('runs the handler and checks its reply', async () => {
    const msg = { type: 'agent-connection/command@1', name: 'find', payload: { text: 'hello there' } };
    const ok = await handleCommandMessage(
      msg,
      OWN_PAGE,
      handlers({ find: async () => ({ findId: 3, requestId: 'r' }) }),
      { toError },
    );
    expect(ok).toEqual({ ok: true, value: { findId: 3, requestId: 'r' } });
    // A reply that does not fit its schema is an internal error, not passed on.
    const wrong = handlers({
      find: async () => ({ findId: 'x', requestId: 'r' }) as unknown as { findId: number; requestId: string },
    });
    expect(await handleCommandMessage(msg, OWN_PAGE, wrong, { toError })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });

  it('turns thrown errors into the member error object', async () => {
    const msg = { type: 'agent-connection/command@1', name: 'disconnect', payload: {} };
    const failure = new CommandFailure({ code: 'not_connected', message: 'Not connected.', extras: {} });
    const r1 = await handleCommandMessage(
      msg,
      OWN_PAGE,
      handlers({ disconnect: async () => Promise.reject(failure) }),
      { toError },
    );
    expect(r1).toEqual({ ok: false, error: { code: 'not_connected', message: 'Not connected.', extras: {} } });
    const r2 = await handleCommandMessage(
      msg,
      OWN_PAGE,
      handlers({ disconnect: async () => Promise.reject(new Error('boom')) }),
      { toError },
    );
    expect(r2).toEqual({ ok: false, error: toError() });
  });
});

describe('sendCommand', () => {
  beforeEach(() => fakeBrowser.reset());

  it('round-trips through runtime messaging from an own page', async () => {
    registerCommandHandlers(handlers({ refreshMe: async () => ({ at: '2026-01-01T00:00:00Z' }) }), { toError });
    // The fake browser passes an empty sender; give it the side panel's, as Chrome would.
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
      const replies = await fakeBrowser.runtime.onMessage.trigger(message, OWN_PAGE);
      return replies.find((r: unknown) => r !== undefined);
    });
    expect(await sendCommand('refreshMe', {})).toEqual({ ok: true, value: { at: '2026-01-01T00:00:00Z' } });
  });

  it('checks the payload before sending', async () => {
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const r = await sendCommand('reportCall', {
      runId: 'r1',
      verdict: 'did_not_help',
      reasonKind: null,
      reason: 'x'.repeat(501),
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_command' } });
    expect(send).not.toHaveBeenCalled();
  });

  // Found by the soak (strict profile, seed 424242): the worker took a start and was stopped before it stored
  // the intent or answered; the click came back with no reply and no call was made.
  it('sends a start again when the worker took it and stopped before answering; a connect is not sent twice', async () => {
    const start = {
      localId: '0b7c1a52-5a53-4c1e-9a0e-2f0d9c7e8a11',
      request: { agentId: 'ag_1', callId: 'question', question: 'Q?' },
      agentName: null,
      callName: null,
    };
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValueOnce(undefined);
    send.mockResolvedValueOnce({ ok: true, value: { localId: start.localId, state: 'started' } });
    expect(await sendCommand('startCall', start)).toEqual({
      ok: true,
      value: { localId: start.localId, state: 'started' },
    });
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map((c) => (c[0] as { payload: { localId: string } }).payload.localId)).toEqual([
      start.localId,
      start.localId,
    ]);
    send.mockReset();
    send.mockResolvedValue(undefined);
    expect(await sendCommand('connect', { siteUrl: 'https://site.example', code: 'ABC-DEFG-HJKL' })).toMatchObject({
      ok: false,
      error: { code: 'background_unreachable' },
    });
    expect(send).toHaveBeenCalledTimes(1);
    send.mockReset();
  });

  it('sends again when the worker missed it (stopping or starting), and says so when it never answers', async () => {
    const once = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValueOnce(new Error('Receiving end does not exist'));
    once.mockResolvedValueOnce({ ok: true, value: {} });
    expect(await sendCommand('disconnect', {})).toEqual({ ok: true, value: {} });
    expect(once).toHaveBeenCalledTimes(2);
    const never = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockRejectedValue(new Error('Receiving end does not exist'));
    never.mockClear();
    expect(await sendCommand('disconnect', {})).toMatchObject({ ok: false, error: { code: 'background_unreachable' } });
    expect(never).toHaveBeenCalledTimes(3);
    never.mockReset();
  });

  it('reports a malformed reply as an error', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValueOnce({ ok: true, value: { wrong: 1 } });
    expect(await sendCommand('refreshMe', {})).toMatchObject({ ok: false, error: { code: 'bad_reply' } });
  });
});
