import 'fake-indexeddb/auto';
import { sessionRow } from '@/lib/db/session-row';
import { beforeEach, describe, expect, it } from 'vitest';
import { offerNow, tryOffered } from '@/entrypoints/background/core/capabilities';
import { preview } from '@/entrypoints/background/preview/preview';
import { createSession, putAnswers, putDetails, refreshPlan } from '@/entrypoints/background/sessions/sessions';
import { uploadFile } from '@/entrypoints/background/files/uploads';
import {
  ASK_AGAIN_AFTER_MS,
  meansNotOffered,
  nextSeen,
  offerOf,
  readFailure,
  SAME_ANSWER_APART_MS,
  sameAnswerApart,
} from '@/lib/api/capabilities';
import { MalformedAnswerError, NetworkError } from '@/lib/api/errors';
import { callResult, preview as previewFixture } from '@/test/fixtures/api';
import { session, ut } from '@/test/unit/plan/fixtures';
import { apiError, connected, makeCtx, ORIGIN, resetBrowser, type TestCtx } from '@/test/unit/background/helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

/** A 404 as a site without the route sends it: a page, not the API's JSON code. */
const pageNotFound = () => new MalformedAnswerError(404, 'error_not_json');
const MIN = 60_000;

describe('what a site offers (lib/api/capabilities)', () => {
  it('405, 410, 501, a 404 without the API\'s code and a 2xx that does not parse mean "not offered"', () => {
    for (const status of [405, 410, 501])
      expect(meansNotOffered(apiError(status, 'whatever')), String(status)).toBe(true);
    expect(meansNotOffered(pageNotFound())).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(404, 'error_without_code'))).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(200, 'not_json'))).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(405, 'error_not_json'))).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(307, 'redirect'))).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(0, 'redirect'))).toBe(true);
  });

  it('every other failure of the endpoint itself falls back now; the key, the pace, offline and a refusal are thrown', () => {
    for (const err of [
      apiError(500, 'server_error'),
      apiError(502, 'server_error'),
      new MalformedAnswerError(503, 'error_not_json'),
      new MalformedAnswerError(500, 'error_without_code'),
      new MalformedAnswerError(400, 'error_not_json'),
    ]) {
      expect(readFailure(err), String(err)).toEqual({ kind: 'failed' });
    }
    for (const err of [
      apiError(401, 'key_revoked'),
      apiError(403, 'session_scoped'),
      apiError(429, 'rate_limited'),
      new MalformedAnswerError(401, 'error_not_json'),
      apiError(400, 'secret_in_details'),
      apiError(409, 'invalid_state'),
      new NetworkError(false),
      new Error('x'),
    ]) {
      expect(readFailure(err), String(err)).toEqual({ kind: 'answer' });
    }
  });

  it("a 404 or 503 carrying the API's code is an answer (the thing asked is gone, a part is off), not absence", () => {
    expect(readFailure(apiError(404, 'not_found'))).toEqual({ kind: 'coded', status: 404, code: 'not_found' });
    expect(readFailure(apiError(503, 'not_available'))).toEqual({ kind: 'coded', status: 503, code: 'not_available' });
    for (const err of [
      apiError(404, 'not_found'),
      apiError(503, 'not_available'),
      // A 503 page without a code: a proxy or a restart, transient.
      new MalformedAnswerError(503, 'error_not_json'),
      apiError(401, 'key_revoked'),
      apiError(403, 'session_scoped'),
      apiError(429, 'rate_limited'),
      apiError(409, 'details_missing'),
      apiError(500, 'server_error'),
      new NetworkError(false),
      new Error('x'),
    ]) {
      expect(meansNotOffered(err)).toBe(false);
    }
  });

  it('the same coded answer is absence only when seen again apart in time (and for a 404, about another id)', () => {
    const seen = { status: 404, code: 'not_found', at: 0, about: 'apr_1' };
    const again = (over: Partial<typeof seen>) => ({ ...seen, ...over });
    expect(sameAnswerApart(seen, again({ at: SAME_ANSWER_APART_MS - 1, about: 'apr_2' }))).toBe(false);
    expect(sameAnswerApart(seen, again({ at: SAME_ANSWER_APART_MS, about: 'apr_2' }))).toBe(true);
    expect(sameAnswerApart(seen, again({ at: SAME_ANSWER_APART_MS }))).toBe(false);
    expect(sameAnswerApart(seen, again({ at: SAME_ANSWER_APART_MS, about: 'apr_2', code: 'x' }))).toBe(false);
    expect(sameAnswerApart(seen, again({ at: ASK_AGAIN_AFTER_MS, about: 'apr_2' }))).toBe(false);
    const off = { status: 503, code: 'not_available', at: 0, about: 's1' };
    expect(sameAnswerApart(off, { ...off, at: SAME_ANSWER_APART_MS })).toBe(true);
    expect(nextSeen(seen, again({ at: MIN }))).toBe(seen);
    expect(nextSeen(seen, again({ at: ASK_AGAIN_AFTER_MS }))).toMatchObject({ at: ASK_AGAIN_AFTER_MS });
  });

  it('a "not offered" is asked again after a while; an "offered" stays; an undecided one is unknown', () => {
    expect(offerOf(undefined, 0)).toBe('unknown');
    expect(offerOf({ offered: false, at: 0 }, ASK_AGAIN_AFTER_MS - 1)).toBe('not_offered');
    expect(offerOf({ offered: false, at: 0 }, ASK_AGAIN_AFTER_MS)).toBe('unknown');
    expect(offerOf({ offered: true, at: 0 }, 10 * ASK_AGAIN_AFTER_MS)).toBe('offered');
    expect(offerOf({ offered: null, at: 0 }, 1)).toBe('unknown');
  });

  it('remembers per origin and does not ask again while known not offered; other failures are thrown', async () => {
    ctx.api.getApproval.mockRejectedValue(pageNotFound());
    const notOffered = { offered: false, reason: 'not_offered' };
    expect(await tryOffered(ctx, 'getApproval', (api) => api.getApproval('apr_1'))).toEqual(notOffered);
    expect(await tryOffered(ctx, 'getApproval', (api) => api.getApproval('apr_1'))).toEqual(notOffered);
    expect(ctx.api.getApproval).toHaveBeenCalledTimes(1);
    expect(await ctx.db.capabilities.get([ORIGIN, 'getApproval'])).toMatchObject({ offered: false, at: ctx.clock.now });
    ctx.clock.now += ASK_AGAIN_AFTER_MS;
    expect(await offerNow(ctx, 'getApproval')).toBe('unknown');

    ctx.api.putDetails.mockRejectedValue(new NetworkError(false));
    await expect(tryOffered(ctx, 'putDetails', (api) => api.putDetails('s1', 'x'))).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(await offerNow(ctx, 'putDetails')).toBe('unknown');
  });

  /** A coded answer seen once: the shaped way now, with the answer for a caller that has none. */
  const failedWith = (code: string) => ({ offered: false, reason: 'failed', error: expect.objectContaining({ code }) });

  it('one 404 not_found (an approval that is gone) falls back now and hides nothing; the same id again neither', async () => {
    const ask = (id: string) => tryOffered(ctx, 'getApproval', (api) => api.getApproval(id), { about: id });
    ctx.api.getApproval.mockRejectedValue(apiError(404, 'not_found'));
    expect(await ask('apr_1')).toEqual(failedWith('not_found'));
    expect(await offerNow(ctx, 'getApproval')).toBe('unknown');
    ctx.clock.now += 10 * MIN;
    expect(await ask('apr_1')).toEqual(failedWith('not_found'));
    expect(await offerNow(ctx, 'getApproval')).toBe('unknown');
    // Another approval answered the same way, apart in time: the site's routes answer JSON 404, not offered.
    expect(await ask('apr_2')).toEqual({ offered: false, reason: 'not_offered' });
    expect(await offerNow(ctx, 'getApproval')).toBe('not_offered');
  });

  it('one 503 not_available (a part switched off now) falls back now; the same twice minutes apart is "not offered"', async () => {
    ctx.api.uploadFile.mockRejectedValue(apiError(503, 'not_available'));
    const upload = () => tryOffered(ctx, 'uploadFile', (api) => api.uploadFile({ name: 'a.md', contentBase64: '' }));
    expect(await upload()).toEqual(failedWith('not_available'));
    ctx.clock.now += MIN;
    expect(await upload()).toEqual(failedWith('not_available'));
    expect(await offerNow(ctx, 'uploadFile')).toBe('unknown');
    ctx.clock.now += SAME_ANSWER_APART_MS - MIN;
    expect(await upload()).toEqual({ offered: false, reason: 'not_offered' });
    expect(await offerNow(ctx, 'uploadFile')).toBe('not_offered');
    expect(ctx.api.uploadFile).toHaveBeenCalledTimes(3);
  });

  it('an endpoint that answered in shape is never hidden by coded answers; a good answer clears the mark', async () => {
    ctx.api.quoteCall.mockRejectedValueOnce(apiError(503, 'not_available'));
    const quote = () => tryOffered(ctx, 'quoteCall', (api) => api.quoteCall({} as never));
    expect(await quote()).toEqual(failedWith('not_available'));
    ctx.api.quoteCall.mockResolvedValueOnce(previewFixture() as never);
    expect(await quote()).toMatchObject({ offered: true });
    expect(await ctx.db.capabilities.get([ORIGIN, 'quoteCall'])).toEqual({
      origin: ORIGIN,
      capability: 'quoteCall',
      offered: true,
      at: ctx.clock.now,
    });
    ctx.api.quoteCall.mockRejectedValue(apiError(503, 'not_available'));
    for (const _ of [1, 2, 3]) {
      ctx.clock.now += SAME_ANSWER_APART_MS;
      expect(await quote()).toEqual(failedWith('not_available'));
    }
    expect(await offerNow(ctx, 'quoteCall')).toBe('offered');
  });
});

describe('fallbacks on shaped endpoints', () => {
  it('no POST /sessions: nothing is started, and the reply says the session opens with its first call', async () => {
    ctx.api.createSession.mockRejectedValue(pageNotFound());
    expect(await createSession(ctx, { agentId: 'ag1', way: 'plan', details: 'A shop' })).toEqual({ byFirstCall: true });
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    expect(await offerNow(ctx, 'createSession')).toBe('not_offered');
  });

  it('POST /sessions answering 503 not_available (or a coded 404, a 500): the first call opens it, asked again next time', async () => {
    for (const err of [apiError(503, 'not_available'), apiError(404, 'not_found'), apiError(500, 'server_error')]) {
      ctx.api.createSession.mockRejectedValueOnce(err);
      expect(await createSession(ctx, { agentId: 'ag1', way: 'plan', details: 'A shop' })).toEqual({
        byFirstCall: true,
      });
    }
    // Each click asked once, nothing retried here; no call was started (that one is charged: the member starts it).
    expect(ctx.api.createSession).toHaveBeenCalledTimes(3);
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    expect(await ctx.db.sessions.count()).toBe(0);
    expect(await offerNow(ctx, 'createSession')).toBe('unknown');
  });

  it('POST /sessions refused for what was sent, or for the pace: thrown as such, no fallback', async () => {
    ctx.api.createSession.mockRejectedValueOnce(apiError(400, 'secret_in_details'));
    await expect(createSession(ctx, { agentId: 'ag1', way: 'plan' })).rejects.toMatchObject({
      code: 'secret_in_details',
    });
    ctx.api.createSession.mockRejectedValueOnce(apiError(429, 'rate_limited'));
    await expect(createSession(ctx, { agentId: 'ag1', way: 'plan' })).rejects.toMatchObject({ code: 'rate_limited' });
    expect(ctx.api.startCall).not.toHaveBeenCalled();
  });

  it('a caller without a shaped way says the site’s words for a 503, and "not available" once it is not offered', async () => {
    ctx.api.putDetails.mockRejectedValue(apiError(503, 'not_available'));
    await expect(putDetails(ctx, { sessionId: 's1', details: 'A bigger shop' })).rejects.toMatchObject({
      code: 'not_available',
    });
    ctx.clock.now += SAME_ANSWER_APART_MS;
    await expect(putDetails(ctx, { sessionId: 's2', details: 'A bigger shop' })).rejects.toMatchObject({
      error: { code: 'not_offered_here' },
    });
  });

  it('a 503 from GET plan once an apply call passed: the plan from the results', async () => {
    const results = [
      callResult({ runId: 'r1', sessionId: 's1', callId: 'apply', status: 'passed', note: ut('# Plan v1') }),
    ];
    await ctx.db.sessions.put(sessionRow(session({ sessionId: 's1', results }) as never, '2026-05-01T10:10:00.000Z'));
    ctx.api.getPlan.mockRejectedValue(apiError(503, 'not_available'));
    expect(await refreshPlan(ctx, 's1')).toEqual({ version: 1 });
    expect(await offerNow(ctx, 'getPlan')).toBe('unknown');
  });

  it('no quote: the preview of the kind of call, marked as not checking the typed request', async () => {
    ctx.api.quoteCall.mockRejectedValue(apiError(501, 'not_implemented'));
    ctx.api.preview.mockResolvedValue(previewFixture() as never);
    const reply = await preview(ctx, { agentId: 'ag1', callId: 'apply', details: 'Set up a replica' });
    expect(reply.requestChecked).toBe(false);
    expect(ctx.api.preview).toHaveBeenCalledWith('ag1', 'apply', { sessionId: null });
    await preview(ctx, { agentId: 'ag1', callId: 'apply', details: 'Set up a replica, again' });
    expect(ctx.api.quoteCall).toHaveBeenCalledTimes(1);
  });

  it('no PUT answers: the drafts stay and the member is told they go with the next call', async () => {
    ctx.api.putAnswers.mockRejectedValue(apiError(405, 'method_not_allowed'));
    await ctx.db.answerDrafts.put({
      sessionId: 's1',
      key: 'stack',
      draft: { choice: 'own', optionKeys: [], own: 'Postgres 16' },
      siteProblem: null,
      updatedAt: 'x',
    });
    await expect(
      putAnswers(ctx, { sessionId: 's1', answers: { stack: { kind: 'own', own: 'Postgres 16' } } }),
    ).rejects.toMatchObject({
      error: { code: 'not_offered_here', message: expect.stringMatching(/go with the next call/) },
    });
    expect(await ctx.db.answerDrafts.count()).toBe(1);
  });

  it('no PUT details: "not available on this site"', async () => {
    ctx.api.putDetails.mockRejectedValue(apiError(410, 'retired'));
    await expect(putDetails(ctx, { sessionId: 's1', details: 'A bigger shop' })).rejects.toMatchObject({
      error: { code: 'not_offered_here' },
    });
  });

  it('no POST /files: "not available on this site", nothing uploaded', async () => {
    ctx.api.uploadFile.mockRejectedValue(apiError(501, 'not_implemented'));
    await expect(
      uploadFile(ctx, { name: 'notes.md', contentBase64: btoa('# notes'), type: 'text/markdown' }),
    ).rejects.toMatchObject({
      error: { code: 'not_offered_here' },
    });
  });

  it('no GET plan: the plan is the note of the apply call that wrote it, its version counting the changes', async () => {
    const apply = (runId: string, note: string | null, over = {}) =>
      callResult({
        runId,
        sessionId: 's1',
        callId: 'apply',
        status: 'passed',
        note: note === null ? null : ut(note),
        ...over,
      });
    const results = [
      apply('r1', '# Plan v1'),
      callResult({ runId: 'r2', sessionId: 's1', callId: 'question', status: 'passed', note: ut('An answer') }),
      apply('r3', '# Plan v2', { revisesPlan: true }),
      apply('r4', 'Nothing to change', { revisesPlan: true, planUnchanged: true }),
    ];
    await ctx.db.sessions.put(
      sessionRow(
        session({ sessionId: 's1', results, lastCallAt: '2026-05-01T10:09:00.000Z' }) as never,
        '2026-05-01T10:10:00.000Z',
      ),
    );
    ctx.api.getPlan.mockRejectedValue(pageNotFound());
    expect(await refreshPlan(ctx, 's1')).toEqual({ version: 2 });
    expect((await ctx.db.plans.get('s1'))?.plan).toMatchObject({
      runId: 'r3',
      version: 2,
      untrustedMarkdown: { untrustedText: '# Plan v2' },
    });
    expect(await offerNow(ctx, 'getPlan')).toBe('not_offered');
    // A coded 404 where the plan should exist: the plan from the results still shows, GET plan is not hidden.
    await ctx.db.capabilities.clear();
    ctx.api.getPlan.mockRejectedValue(apiError(404, 'not_found'));
    expect(await refreshPlan(ctx, 's1')).toEqual({ version: 2 });
    expect(await offerNow(ctx, 'getPlan')).toBe('unknown');
  });

  it('a 404 from GET plan before any plan exists is "no plan yet", not a missing endpoint', async () => {
    await ctx.db.sessions.put(sessionRow(session({ sessionId: 's2', results: [] }) as never, 'x'));
    ctx.api.getPlan.mockRejectedValue(apiError(404, 'not_found'));
    expect(await refreshPlan(ctx, 's2')).toEqual({ version: null });
    ctx.clock.now += ASK_AGAIN_AFTER_MS / 2;
    await ctx.db.sessions.put(sessionRow(session({ sessionId: 's3', results: [] }) as never, 'x'));
    expect(await refreshPlan(ctx, 's3')).toEqual({ version: null });
    expect(await offerNow(ctx, 'getPlan')).toBe('unknown');
  });
});
