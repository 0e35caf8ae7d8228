import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { draftForCard, draftFromCall, followUpDraft, loadDraft, saveDraft } from '@/components/preview/draft';
import { mayStartAgain } from '@/components/result/start-again';
import { makeCall, makeCard, makeResult, memberError } from './fixtures';

beforeEach(() => fakeBrowser.reset());

describe('Edit and start again', () => {
  it('fills the preview with the call’s request as a new intent, never the old call’s id', () => {
    const call = makeCall({
      request: {
        agentId: 'ag_1',
        callId: 'question',
        question: 'Why?',
        details: 'ctx',
        maxCents: 250,
        sessionId: 'ses_9',
      },
    });
    const first = draftFromCall(call);
    const second = draftFromCall(call);
    expect(first).toMatchObject({
      agentId: 'ag_1',
      callId: 'question',
      question: 'Why?',
      details: 'ctx',
      maxDollars: '2.50',
      sessionId: 'ses_9',
    });
    // A new localId is a new row, and with it a new Idempotency-Key in the background's startCall.
    expect(first.intentId).not.toBe(call.localId);
    expect(second.intentId).not.toBe(first.intentId);
  });

  it('a request sent without a session starts a new one again; a session the site said is closed is left', () => {
    expect(draftFromCall(makeCall()).sessionId).toBeUndefined();
    const closed = makeCall({
      state: 'refused',
      result: null,
      request: { agentId: 'ag_1', callId: 'question', question: 'More?', sessionId: 'ses_9' },
      error: memberError('session_closed', 'This session is closed. Start a new one.'),
    });
    expect(draftFromCall(closed).sessionId).toBeUndefined();
  });

  it('is offered for a refused, declined, failed, returned, stopped or cut call; not for a whole passed or a running one', () => {
    const ended = (over: Parameters<typeof makeResult>[0], call: Parameters<typeof makeCall>[0] = {}) =>
      mayStartAgain(makeCall(call), makeResult(over));
    expect(mayStartAgain(makeCall({ state: 'refused', result: null }), null)).toBe(true);
    expect(mayStartAgain(makeCall({ state: 'declined', result: null }), null)).toBe(true);
    expect(ended({ status: 'failed', note: null })).toBe(true);
    expect(ended({ status: 'returned' })).toBe(true);
    expect(ended({ partial: true })).toBe(true);
    const stop = { idempotencyKey: 'k', requestedAt: '2026-05-01T10:03:00.000Z', done: true, error: null };
    expect(ended({}, { stop })).toBe(true);
    expect(ended({})).toBe(false);
    expect(ended({ status: 'in_progress' }, { state: 'started' })).toBe(false);
    expect(mayStartAgain(makeCall({ state: 'started', result: null }), null)).toBe(false);
  });
});

describe('Ask a follow-up', () => {
  it('is a question call to the same agent in the call’s session, as a new intent', () => {
    const call = makeCall();
    const draft = followUpDraft(call, 'ses_1', 'And for ILIKE?');
    expect(draft).toMatchObject({
      agentId: 'ag_1',
      agentName: call.agentName,
      callId: 'question',
      question: 'And for ILIKE?',
      details: '',
      maxDollars: '',
      subject: null,
      sessionId: 'ses_1',
    });
    expect(draft.intentId).not.toBe(call.localId);
  });

  it('keeps its session with the stored draft; choosing the agent from Find starts a new session, the text kept', async () => {
    const draft = followUpDraft(makeCall(), 'ses_1', 'And for ILIKE?');
    await saveDraft(draft);
    const kept = await loadDraft();
    expect(kept?.sessionId).toBe('ses_1');
    const fromFind = draftForCard(makeCard({ agentId: 'ag_1' }), kept);
    expect(fromFind.sessionId).toBeUndefined();
    expect(fromFind.question).toBe('And for ILIKE?');
    expect(fromFind.intentId).not.toBe(draft.intentId);
    // Anything else stored as a session is not one.
    await fakeBrowser.storage.local.set({ 'panel:callDraft': { ...draft, sessionId: 42 } });
    expect((await loadDraft())?.sessionId).toBeUndefined();
  });
});
