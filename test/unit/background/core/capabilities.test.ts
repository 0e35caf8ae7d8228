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
    expect(await tryOffered(ctx, 'getApproval', (api) => api.getApproval('apr_1'))).toEqual({ offered: false });
    expect(await tryOffered(ctx, 'getApproval', (api) => api.getApproval('apr_1'))).toEqual({ offered: false });
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

  it('one 404 not_found (an approval that is gone) is thrown and hides nothing; the same id again neither', async () => {
    const ask = (id: string) => tryOffered(ctx, 'getApproval', (api) => api.getApproval(id), { about: id });
    ctx.api.getApproval.mockRejectedValue(apiError(404, 'not_found'));
    await expect(ask('apr_1')).rejects.toMatchObject({ code: 'not_found' });
    expect(await offerNow(ctx, 'getApproval')).toBe('unknown');
    ctx.clock.now += 10 * MIN;
    await expect(ask('apr_1')).rejects.toMatchObject({ code: 'not_found' });
    expect(await offerNow(ctx, 'getApproval')).toBe('unknown');
    // Another approval answered the same way, apart in time: the site's routes answer JSON 404, not offered.
    await expect(ask('apr_2')).resolves.toEqual({ offered: false });
    expect(await offerNow(ctx, 'getApproval')).toBe('not_offered');
  });

  it('one 503 not_available (a part switched off now) is thrown; the same twice minutes apart is "not offered"', async () => {
    ctx.api.uploadFile.mockRejectedValue(apiError(503, 'not_available'));
    const upload = () => tryOffered(ctx, 'uploadFile', (api) => api.uploadFile({ name: 'a.md', contentBase64: '' }));
    await expect(upload()).rejects.toMatchObject({ code: 'not_available' });
    ctx.clock.now += MIN;
    await expect(upload()).rejects.toMatchObject({ code: 'not_available' });
    expect(await offerNow(ctx, 'uploadFile')).toBe('unknown');
    ctx.clock.now += SAME_ANSWER_APART_MS - MIN;
    await expect(upload()).resolves.toEqual({ offered: false });
    expect(await offerNow(ctx, 'uploadFile')).toBe('not_offered');
  });

  it('an endpoint that answered in shape is never hidden by coded answers; a good answer clears the mark', async () => {
    ctx.api.quoteCall.mockRejectedValueOnce(apiError(503, 'not_available'));
    const quote = () => tryOffered(ctx, 'quoteCall', (api) => api.quoteCall({} as never));
    await expect(quote()).rejects.toMatchObject({ code: 'not_available' });
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
      await expect(quote()).rejects.toMatchObject({ code: 'not_available' });
    }
    expect(await offerNow(ctx, 'quoteCall')).toBe('offered');
  });
});

describe('fallbacks on shaped endpoints', () => {
  it('no POST /sessions: nothing is started, the member is told a session starts with its first call', async () => {
    ctx.api.createSession.mockRejectedValue(pageNotFound());
    await expect(createSession(ctx, { agentId: 'ag1', way: 'plan', details: 'A shop' })).rejects.toMatchObject({
      error: { code: 'not_offered_here', message: expect.stringMatching(/starts a call with your details/) },
    });
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    expect(await offerNow(ctx, 'createSession')).toBe('not_offered');
  });

  it('an agent gone (404 not_found on POST /sessions) is said as such, and POST /sessions stays offered', async () => {
    ctx.api.createSession.mockRejectedValue(apiError(404, 'not_found'));
    await expect(createSession(ctx, { agentId: 'ag1', way: 'plan' })).rejects.toMatchObject({ code: 'not_found' });
    expect(await offerNow(ctx, 'createSession')).toBe('unknown');
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
