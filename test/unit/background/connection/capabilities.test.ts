import 'fake-indexeddb/auto';
import { sessionRow } from '@/lib/db/session-row';
import { beforeEach, describe, expect, it } from 'vitest';
import { offerNow, tryOffered } from '@/entrypoints/background/connection/capabilities';
import { preview } from '@/entrypoints/background/preview/preview';
import { createSession, putAnswers, putDetails, refreshPlan } from '@/entrypoints/background/sessions/sessions';
import { uploadFile } from '@/entrypoints/background/files/uploads';
import { ASK_AGAIN_AFTER_MS, meansNotOffered, offerOf } from '@/lib/api/capabilities';
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

describe('what a site offers (lib/api/capabilities)', () => {
  it('404, 405, 410, 501, 503 and an answer that does not parse mean "not offered"; other refusals do not', () => {
    for (const status of [404, 405, 410, 501, 503])
      expect(meansNotOffered(apiError(status, 'whatever')), String(status)).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(200, 'not_json'))).toBe(true);
    expect(meansNotOffered(new MalformedAnswerError(405, 'error_not_json'))).toBe(true);
    for (const err of [
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

  it('a "not offered" is asked again after a while; an "offered" stays', () => {
    expect(offerOf(undefined, 0)).toBe('unknown');
    expect(offerOf({ offered: false, at: 0 }, ASK_AGAIN_AFTER_MS - 1)).toBe('not_offered');
    expect(offerOf({ offered: false, at: 0 }, ASK_AGAIN_AFTER_MS)).toBe('unknown');
    expect(offerOf({ offered: true, at: 0 }, 10 * ASK_AGAIN_AFTER_MS)).toBe('offered');
  });

  it('remembers per origin and does not ask again while known not offered; other failures are thrown', async () => {
    ctx.api.getApproval.mockRejectedValue(apiError(404, 'not_found'));
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
});

describe('fallbacks on shaped endpoints', () => {
  it('no POST /sessions: nothing is started, the member is told a session starts with its first call', async () => {
    ctx.api.createSession.mockRejectedValue(apiError(404, 'not_found'));
    await expect(createSession(ctx, { agentId: 'ag1', way: 'plan', details: 'A shop' })).rejects.toMatchObject({
      error: { code: 'not_offered_here', message: expect.stringMatching(/starts an apply call with your details/) },
    });
    expect(ctx.api.startCall).not.toHaveBeenCalled();
    expect(await offerNow(ctx, 'createSession')).toBe('not_offered');
  });

  it('no quote: the preview of the kind of call, marked as not checking the typed request', async () => {
    ctx.api.quoteCall.mockRejectedValue(apiError(503, 'not_available'));
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
    ctx.api.getPlan.mockRejectedValue(apiError(404, 'not_found'));
    expect(await refreshPlan(ctx, 's1')).toEqual({ version: 2 });
    expect((await ctx.db.plans.get('s1'))?.plan).toMatchObject({
      runId: 'r3',
      version: 2,
      untrustedMarkdown: { untrustedText: '# Plan v2' },
    });
    expect(await offerNow(ctx, 'getPlan')).toBe('not_offered');
  });

  it('a 404 from GET plan before any plan exists is "no plan yet", not a missing endpoint', async () => {
    await ctx.db.sessions.put(sessionRow(session({ sessionId: 's2', results: [] }) as never, 'x'));
    ctx.api.getPlan.mockRejectedValue(apiError(404, 'not_found'));
    expect(await refreshPlan(ctx, 's2')).toEqual({ version: null });
    expect(await offerNow(ctx, 'getPlan')).toBe('unknown');
  });
});
