import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '@/lib/api/errors';
import type { ShareDraft, SharedProjectsAnswer } from '@/lib/contract/shares';
import { nextShareCheckAt, pollShares } from '@/entrypoints/background/sharing/poller';
import { shareCheckDelayMs } from '@/entrypoints/background/sharing/records';
import {
  askCoverage,
  createShare,
  packageShare,
  putShareFiles,
  refreshShare,
  refreshSharedProjects,
} from '@/entrypoints/background/sharing/sharing';
import {
  apiError,
  connected,
  makeCtx,
  ORIGIN,
  resetBrowser,
  type TestCtx,
  nextWakeAt,
} from '@/test/unit/background/helpers';

const ut = (untrustedText: string) => ({ untrustedText, truncated: false });

function draft(status: ShareDraft['status'], extra: Partial<ShareDraft> = {}): ShareDraft {
  return {
    draftId: 'shr_1',
    status,
    untrustedTitle: ut('Postgres tuning notes'),
    agentId: 'agt_postgres',
    files: [],
    packageBytes: null,
    signOffUrl: status === 'waiting_sign_off' ? `${ORIGIN}/shares/shr_1/sign-off` : null,
    createdAt: '2026-05-01T10:00:00Z',
    ...extra,
  };
}

const file = (fileId: string, sizeBytes: number) => ({
  fileId,
  untrustedPath: ut(`${fileId}.md`),
  sizeBytes,
  active: false,
});

const projects: SharedProjectsAnswer = {
  projects: [
    {
      projectId: 'prj_1',
      untrustedTitle: ut('Postgres tuning notes'),
      agentId: 'agt_postgres',
      untrustedAgentName: ut('Postgres Tuning Guild'),
      contributionState: 'person_review',
      createdAt: '2026-05-01T10:05:00Z',
    },
  ],
};

let ctx: TestCtx;
beforeEach(async () => {
  resetBrowser();
  ctx = makeCtx();
  await connected(ctx);
});

describe('sharing commands', () => {
  it('asks for coverage and replies with the answer, storing nothing', async () => {
    const answer = {
      covered: true,
      agents: [{ agentId: 'agt_postgres', slug: 'postgres', untrustedName: ut('PG'), matchBps: 8000 }],
    };
    ctx.api.coverage.mockResolvedValue(answer);
    expect(await askCoverage(ctx, 'Tuning postgres indexes')).toEqual({ answer });
    expect(ctx.api.coverage).toHaveBeenCalledWith('Tuning postgres indexes');
    expect(await ctx.db.shares.count()).toBe(0);
  });

  it('starts a draft, adds files and packages it; each answer is stored', async () => {
    ctx.api.createShare.mockResolvedValue(draft('open'));
    expect(await createShare(ctx, { title: 'Postgres tuning notes', agentId: 'agt_postgres' })).toEqual({
      draftId: 'shr_1',
    });
    expect((await ctx.db.shares.get('shr_1'))?.draft.status).toBe('open');
    expect((await ctx.db.shares.get('shr_1'))?.nextCheckAt).toBeNull();

    ctx.api.putShareFiles.mockResolvedValue(draft('open', { files: [file('fil_a', 100), file('fil_b', 200)] }));
    await putShareFiles(ctx, 'shr_1', ['fil_a', 'fil_b']);
    expect(ctx.api.putShareFiles).toHaveBeenCalledWith('shr_1', ['fil_a', 'fil_b']);
    expect((await ctx.db.shares.get('shr_1'))?.draft.files).toHaveLength(2);

    ctx.api.packageShare.mockResolvedValue(
      draft('waiting_sign_off', { files: [file('fil_a', 100), file('fil_b', 200)], packageBytes: 300 }),
    );
    expect(await packageShare(ctx, 'shr_1')).toEqual({ draftId: 'shr_1', status: 'waiting_sign_off' });
    const row = await ctx.db.shares.get('shr_1');
    expect(row?.draft.signOffUrl).toBe(`${ORIGIN}/shares/shr_1/sign-off`);
    // Waiting for the member's sign-off: read again soon.
    expect(row?.nextCheckAt).toBe(ctx.clock.now + shareCheckDelayMs(0));
    expect(ctx.reschedule).toHaveBeenCalled();
  });

  it('refuses to package locally what the site would refuse: no files, or over 1 MB', async () => {
    await ctx.db.shares.put({ draftId: 'shr_1', draft: draft('open'), readAt: '2026-05-01T10:00:00Z' });
    await expect(packageShare(ctx, 'shr_1')).rejects.toMatchObject({ error: { code: 'invalid_package' } });
    await ctx.db.shares.put({
      draftId: 'shr_1',
      draft: draft('open', { files: [file('fil_a', 600_000), file('fil_b', 600_000)] }),
      readAt: '2026-05-01T10:00:00Z',
    });
    await expect(packageShare(ctx, 'shr_1')).rejects.toMatchObject({
      error: { code: 'invalid_package', message: expect.stringContaining('1 MB') },
    });
    expect(ctx.api.packageShare).not.toHaveBeenCalled();
  });

  it('passes the site’s refusals on: switched_off (sharing), invalid_package', async () => {
    ctx.api.createShare.mockRejectedValue(apiError(403, 'switched_off', { reason: 'sharing' }));
    await expect(createShare(ctx, { title: 'x' })).rejects.toMatchObject({ code: 'switched_off', reason: 'sharing' });
    ctx.api.packageShare.mockRejectedValue(apiError(400, 'invalid_package', { reason: 'too_large' }));
    await expect(packageShare(ctx, 'shr_unknown_here')).rejects.toMatchObject({ code: 'invalid_package' });
  });

  it('forgets a draft the site no longer knows', async () => {
    await ctx.db.shares.put({ draftId: 'shr_1', draft: draft('open'), readAt: '2026-05-01T10:00:00Z' });
    ctx.api.getShare.mockRejectedValue(apiError(404, 'not_found'));
    await expect(refreshShare(ctx, 'shr_1')).rejects.toMatchObject({ code: 'not_found' });
    expect(await ctx.db.shares.get('shr_1')).toBeUndefined();
  });

  it('lists the shared projects into their table, replacing what was there', async () => {
    await ctx.db.sharedProjects.put({
      projectId: 'prj_old',
      project: { ...projects.projects[0]!, projectId: 'prj_old' },
      readAt: 'x',
    });
    ctx.api.listSharedProjects.mockResolvedValue(projects);
    expect(await refreshSharedProjects(ctx)).toEqual({ count: 1 });
    expect((await ctx.db.sharedProjects.toArray()).map((r) => r.projectId)).toEqual(['prj_1']);
  });
});

describe('waiting drafts are polled until the member signs off', () => {
  beforeEach(async () => {
    ctx.api.packageShare.mockResolvedValue(
      draft('waiting_sign_off', { files: [file('fil_a', 100)], packageBytes: 100 }),
    );
    await ctx.db.shares.put({ draftId: 'shr_1', draft: draft('open', { files: [file('fil_a', 100)] }), readAt: 'x' });
    await packageShare(ctx, 'shr_1');
  });

  it('wakes the background for the next read, and reads nothing before it is due', async () => {
    const due = ctx.clock.now + shareCheckDelayMs(0);
    expect(await nextShareCheckAt(ctx)).toBe(due);
    expect(await nextWakeAt(ctx)).toBe(due);
    await pollShares(ctx);
    expect(ctx.api.getShare).not.toHaveBeenCalled();
  });

  it('backs off while nothing changes, then stops and reads the shared projects once signed off', async () => {
    ctx.api.getShare.mockResolvedValue(draft('waiting_sign_off', { files: [file('fil_a', 100)], packageBytes: 100 }));
    const gaps: number[] = [];
    for (let i = 0; i < 25; i++) {
      const due = (await nextShareCheckAt(ctx)) ?? 0;
      gaps.push(due - ctx.clock.now);
      ctx.clock.now = due;
      await pollShares(ctx);
    }
    expect(ctx.api.getShare).toHaveBeenCalledTimes(25);
    expect(gaps[0]).toBe(5_000);
    expect(gaps.at(-1)).toBe(10 * 60_000);
    expect([...gaps].sort((a, b) => a - b)).toEqual(gaps);

    // The member asks again (or clicked sign-off): fast again.
    await refreshShare(ctx, 'shr_1');
    expect(await nextShareCheckAt(ctx)).toBe(ctx.clock.now + 5_000);

    ctx.api.getShare.mockResolvedValue(draft('signed_off', { files: [file('fil_a', 100)], packageBytes: 100 }));
    ctx.api.listSharedProjects.mockResolvedValue(projects);
    ctx.clock.now += 5_000;
    await pollShares(ctx);
    expect((await ctx.db.shares.get('shr_1'))?.draft.status).toBe('signed_off');
    expect(await nextShareCheckAt(ctx)).toBeNull();
    expect(await nextWakeAt(ctx)).toBeNull();
    expect(ctx.api.listSharedProjects).toHaveBeenCalledTimes(1);
    expect(await ctx.db.sharedProjects.count()).toBe(1);
  });

  it('a failed read keeps the draft and tries again later; a rate limit is honoured', async () => {
    ctx.clock.now += 5_000;
    ctx.api.getShare.mockRejectedValueOnce(new NetworkError(false));
    await pollShares(ctx);
    const row = await ctx.db.shares.get('shr_1');
    expect(row?.draft.status).toBe('waiting_sign_off');
    expect(row?.nextCheckAt).toBeGreaterThan(ctx.clock.now);

    ctx.clock.now = row?.nextCheckAt ?? 0;
    ctx.api.getShare.mockRejectedValueOnce(apiError(500, 'server_error', { retryAfterSeconds: 120 }));
    await pollShares(ctx);
    expect((await ctx.db.shares.get('shr_1'))?.nextCheckAt).toBe(ctx.clock.now + 120_000);
  });

  it('a session-scoped connection polls no drafts', async () => {
    await ctx.db.connection.update('current', { sessionId: 'ses_1' });
    ctx.clock.now += 60_000;
    await pollShares(ctx);
    expect(ctx.api.getShare).not.toHaveBeenCalled();
    expect(await nextWakeAt(ctx)).toBeNull();
  });
});
