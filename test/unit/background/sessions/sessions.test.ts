import 'fake-indexeddb/auto';
import { sessionRow } from '@/lib/db/session-row';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Plan } from '@/lib/contract/sessions';
import { buildHandlers } from '@/entrypoints/background/handlers';
import {
  createSession,
  putAnswers,
  putDetails,
  refreshPlan,
  saveAnswerDraft,
  saveTextDraft,
} from '@/entrypoints/background/sessions/sessions';
import { externalUrl, openExternalUrl } from '@/entrypoints/background/platform/external-url';
import { spending } from '@/entrypoints/background/history/spending';
import { CommandFailure } from '@/lib/protocol/envelope';
import { questionsObject, session, ut } from '@/test/unit/plan/fixtures';
import { apiError, connected, makeCtx, me, resetBrowser, type TestCtx } from '@/test/unit/background/helpers';

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

const draft = (own: string) => ({ choice: 'own' as const, optionKeys: [], own });

describe('createSession', () => {
  it('opens a plan session with its details and stores it', async () => {
    ctx.api.createSession.mockResolvedValue(session({ sessionId: 's9' }));
    expect(await createSession(ctx, { agentId: 'ag1', way: 'plan', details: 'A shop' })).toEqual({ sessionId: 's9' });
    expect(ctx.api.createSession).toHaveBeenCalledWith({ agentId: 'ag1', way: 'plan', details: 'A shop' });
    expect((await ctx.db.sessions.get('s9'))?.session.way).toBe('plan');
  });

  it('sends no details field when the member wrote none', async () => {
    ctx.api.createSession.mockResolvedValue(session({ sessionId: 's9', way: 'question', questions: null }));
    await createSession(ctx, { agentId: 'ag1', way: 'question', details: '   ' });
    expect(ctx.api.createSession).toHaveBeenCalledWith({ agentId: 'ag1', way: 'question' });
  });
});

describe('answers and their drafts', () => {
  it('keeps each draft as typed; an edit clears the site’s last problem', async () => {
    await saveAnswerDraft(ctx, { sessionId: 's1', key: 'stack', draft: draft('Rails') });
    await ctx.db.answerDrafts.update(['s1', 'stack'], { siteProblem: 'too short' });
    await saveAnswerDraft(ctx, { sessionId: 's1', key: 'stack', draft: draft('Rails 7') });
    expect(await ctx.db.answerDrafts.get(['s1', 'stack'])).toMatchObject({
      draft: draft('Rails 7'),
      siteProblem: null,
    });
  });

  it('PUT answers stores the questions object and drops the sent drafts only', async () => {
    await ctx.db.sessions.put(sessionRow(session(), 'x'));
    await saveAnswerDraft(ctx, { sessionId: 's1', key: 'stack', draft: draft('Rails') });
    await saveAnswerDraft(ctx, { sessionId: 's1', key: 'hosting', draft: draft('') });
    const after = questionsObject({ gate: { ready: true, missing: [] } });
    ctx.api.putAnswers.mockResolvedValue(after);
    await putAnswers(ctx, { sessionId: 's1', answers: { stack: { kind: 'own', own: 'Rails' } } });
    expect(ctx.api.putAnswers).toHaveBeenCalledWith('s1', { stack: { kind: 'own', own: 'Rails' } });
    expect((await ctx.db.sessions.get('s1'))?.session.questions?.gate.ready).toBe(true);
    expect(await ctx.db.answerDrafts.get(['s1', 'stack'])).toBeUndefined();
    expect(await ctx.db.answerDrafts.get(['s1', 'hosting'])).toBeDefined();
  });

  it('400 invalid_answers leaves the drafts, each with the site’s problem, and replies with the error', async () => {
    await ctx.db.sessions.put(sessionRow(session(), 'x'));
    await saveAnswerDraft(ctx, {
      sessionId: 's1',
      key: 'stack',
      draft: { choice: 'option', optionKeys: ['zz'], own: '' },
    });
    ctx.api.putAnswers.mockRejectedValue(
      apiError(400, 'invalid_answers', {
        problems: [
          { key: 'stack', problem: 'unknown option zz' },
          { key: null, problem: 'odd' },
        ],
      }),
    );
    const handlers = buildHandlers(ctx);
    await expect(
      handlers.putAnswers({ sessionId: 's1', answers: { stack: { kind: 'option', optionKeys: ['zz'] } } }),
    ).rejects.toMatchObject({
      code: 'invalid_answers',
    });
    expect(await ctx.db.answerDrafts.get(['s1', 'stack'])).toMatchObject({ siteProblem: 'unknown option zz' });
  });

  it('refuses to send no answer at all', async () => {
    await expect(putAnswers(ctx, { sessionId: 's1', answers: {} })).rejects.toBeInstanceOf(CommandFailure);
    expect(ctx.api.putAnswers).not.toHaveBeenCalled();
  });

  it('answers that went with a started call drop their drafts; a refused call keeps them', async () => {
    const handlers = buildHandlers(ctx);
    await saveAnswerDraft(ctx, { sessionId: 's1', key: 'stack', draft: draft('Rails') });
    const request = {
      agentId: 'ag1',
      callId: 'apply',
      sessionId: 's1',
      answers: { stack: { kind: 'own' as const, own: 'Rails' } },
    };
    ctx.api.startCall.mockRejectedValueOnce(
      apiError(409, 'details_missing', { missing: [{ key: 'hosting', untrustedDetail: ut('Hosting') }] }),
    );
    const refused = await handlers.startCall({ request });
    expect(refused.state).toBe('refused');
    expect(await ctx.db.answerDrafts.get(['s1', 'stack'])).toBeDefined();
    ctx.api.startCall.mockResolvedValueOnce({
      status: 'started',
      runId: 'run_1',
      sessionId: 's1',
      holdCents: 100,
      spendableAfterCents: 900,
      privacyLine: null,
      today: { sessionsUsed: 1, sessionsAllowed: 3, callsUsed: 1, callsAllowed: 10 },
    });
    const ok = await handlers.startCall({ request });
    expect(ok.state).toBe('started');
    expect(await ctx.db.answerDrafts.get(['s1', 'stack'])).toBeUndefined();
  });
});

describe('rewriting the request', () => {
  it('PUT details stores the re-read questions and drops the details draft', async () => {
    await ctx.db.sessions.put(sessionRow(session(), 'x'));
    await saveTextDraft(ctx, { id: 'details:s1', text: 'A shop with a blog' });
    ctx.api.putDetails.mockResolvedValue(questionsObject({ untrustedDetails: ut('A shop with a blog') }));
    await putDetails(ctx, { sessionId: 's1', details: 'A shop with a blog' });
    expect((await ctx.db.sessions.get('s1'))?.session.questions?.untrustedDetails?.untrustedText).toBe(
      'A shop with a blog',
    );
    expect(await ctx.db.textDrafts.get('details:s1')).toBeUndefined();
  });

  it('409 invalid_state plan_ran is said in the member’s words and the session is read again', async () => {
    await ctx.db.sessions.put(sessionRow(session(), 'x'));
    ctx.api.putDetails.mockRejectedValue(apiError(409, 'invalid_state', { reason: 'plan_ran' }));
    const ran = session({ questions: questionsObject({ pass: { canReread: false, planResultExists: true } }) });
    ctx.api.getSession.mockResolvedValue(ran);
    const err = await putDetails(ctx, { sessionId: 's1', details: 'new' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CommandFailure);
    expect((err as CommandFailure).error).toMatchObject({ code: 'plan_ran', status: 409 });
    expect((err as CommandFailure).error.message).toMatch(/next call revises the plan/);
    expect((await ctx.db.sessions.get('s1'))?.session.questions?.pass.canReread).toBe(false);
  });
});

describe('the plan', () => {
  const plan: Plan = {
    sessionId: 's1',
    runId: 'run_1',
    version: 2,
    untrustedMarkdown: ut('# Plan'),
    at: '2026-11-01T10:00:00Z',
  };

  it('is stored; before one exists the row says so', async () => {
    await ctx.db.sessions.put(sessionRow(session(), 'x'));
    ctx.api.getPlan.mockRejectedValueOnce(apiError(404, 'not_found'));
    expect(await refreshPlan(ctx, 's1')).toEqual({ version: null });
    expect((await ctx.db.plans.get('s1'))?.plan).toBeNull();
    ctx.api.getPlan.mockResolvedValueOnce(plan);
    expect(await refreshPlan(ctx, 's1')).toEqual({ version: 2 });
    expect((await ctx.db.plans.get('s1'))?.plan?.version).toBe(2);
  });

  it('a 404 for a session not stored here is an error', async () => {
    ctx.api.getPlan.mockRejectedValueOnce(apiError(404, 'not_found'));
    await expect(refreshPlan(ctx, 'nope')).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('text drafts', () => {
  it('are kept as typed and deleted when emptied', async () => {
    await saveTextDraft(ctx, { id: 'revise:s1', text: 'Fewer steps' });
    expect((await ctx.db.textDrafts.get('revise:s1'))?.text).toBe('Fewer steps');
    await saveTextDraft(ctx, { id: 'revise:s1', text: '' });
    expect(await ctx.db.textDrafts.get('revise:s1')).toBeUndefined();
  });
});

describe('openExternalUrl', () => {
  it('opens http and https only, without credentials in the address', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    await openExternalUrl('https://www.postgresql.org/docs/16/');
    expect(created).toHaveBeenCalledWith({ url: 'https://www.postgresql.org/docs/16/' });
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'https://user:pw@evil.example/',
      'chrome://settings',
      'not a url',
    ]) {
      expect(externalUrl(bad), bad).toBeNull();
      await expect(openExternalUrl(bad)).rejects.toMatchObject({ error: { code: 'not_http' } });
    }
    expect(created).toHaveBeenCalledTimes(1);
  });
});

describe('spending', () => {
  it('reads GET /me with spentSince and replies with what it says', async () => {
    ctx.api.me.mockResolvedValue(me({ spentSinceCents: 235 }));
    const since = '2026-04-01T00:00:00.000Z';
    expect(await spending(ctx, since)).toEqual({
      since,
      spentSinceCents: 235,
      at: new Date(ctx.clock.now).toISOString(),
    });
    expect(ctx.api.me).toHaveBeenCalledWith({ spentSince: since });
  });

  it('keeps null as unreadable, never 0', async () => {
    ctx.api.me.mockResolvedValue(me({ spentSinceCents: null }));
    expect((await spending(ctx, '2026-04-01T00:00:00Z')).spentSinceCents).toBeNull();
  });

  it('works only while connected', async () => {
    await ctx.db.connection.update('current', { status: 'disconnected' });
    await expect(spending(ctx, '2026-04-01T00:00:00Z')).rejects.toMatchObject({ error: { code: 'not_connected' } });
  });
});
