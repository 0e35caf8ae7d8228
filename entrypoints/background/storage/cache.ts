/**
 * The cache of results kept readable offline: pruned daily (job.ts) under the member's retention
 * (lib/storage/pruning, set on the options page), or cleared at once from the options page. Calls still in
 * the background's hands (being sent, waiting for approval, running, unsent) are never dropped.
 */
import { ACTIVE_CALL_STATES, type CallState } from '@/lib/db';
import { DAY_MS } from '@/lib/time';
import { readSettings, retentionPolicy } from '@/lib/settings';
import type { Ctx } from '@/entrypoints/background/core/context';

const KEPT_STATES: ReadonlySet<CallState> = new Set([...ACTIVE_CALL_STATES, 'unsent']);

/** The oldest calls beyond the newest `maxCount` (kept ones among them too: they count, and stay). */
async function overCount(d: Ctx['db'], maxCount: number | null): Promise<string[]> {
  if (maxCount === null) return [];
  const over = (await d.calls.count()) - maxCount;
  return over > 0 ? ((await d.calls.orderBy('createdAt').limit(over).primaryKeys()) as string[]) : [];
}

/**
 * Drops what the retention policy says; returns how many rows went. The calls to drop are found by their
 * indexes (the oldest beyond the count and the old ones by the createdAt index, the kept ones by state), so
 * a daily prune reads the keys it drops, not every row of a cache of 100,000 calls (issue 29). The background
 * writes createdAt as an ISO 8601 time in UTC, so its order as text is its order in time.
 */
export async function pruneCache(ctx: Ctx): Promise<number> {
  const policy = retentionPolicy(await readSettings(ctx.db));
  const cutoff = policy.maxAgeDays === null ? null : new Date(ctx.now() - policy.maxAgeDays * DAY_MS).toISOString();
  const d = ctx.db;
  return d.transaction('rw', [d.calls, d.sessions, d.plans, d.answerDrafts, d.textDrafts, d.finds], async () => {
    const [beyondCount, tooOld, kept] = await Promise.all([
      overCount(d, policy.maxCount),
      cutoff === null ? [] : d.calls.where('createdAt').below(cutoff).primaryKeys(),
      d.calls
        .where('state')
        .anyOf([...KEPT_STATES])
        .primaryKeys(),
    ]);
    const keep = new Set(kept);
    const dropCalls = [...new Set([...beyondCount, ...tooOld])].filter((id) => !keep.has(id));
    await d.calls.bulkDelete(dropCalls);

    // A session goes with its last cached call once it is itself past the age limit.
    let removed = dropCalls.length;
    if (cutoff !== null) {
      // Found by the listing index (db v6: the last call or the read, in UTC), and only those sessions looked
      // up in the calls' session index: neither every session nor every call's session id (100,000) is read.
      const past = (await d.sessions.where('listedAt').below(cutoff).primaryKeys()) as string[];
      const withCalls = new Set(past.length === 0 ? [] : await d.calls.where('sessionId').anyOf(past).keys());
      const old = past.filter((id) => !withCalls.has(id));
      removed += old.length;
      await d.sessions.bulkDelete(old);
      await d.plans.bulkDelete(old);
      await d.answerDrafts.where('sessionId').anyOf(old).delete();
      await d.textDrafts.bulkDelete(old.flatMap((id) => [`revise:${id}`, `details:${id}`, `question:${id}`]));
      removed += await d.finds.where('at').below(cutoff).delete();
    }
    return removed;
  });
}

/** Clears cached results now (options page). The member's own drafts and the notifications ledger stay. */
export async function clearCache(ctx: Ctx): Promise<number> {
  const d = ctx.db;
  return d.transaction('rw', [d.calls, d.sessions, d.plans, d.findings, d.finds, d.sharedProjects], async () => {
    const ended = (await d.calls.toArray()).filter((c) => !KEPT_STATES.has(c.state)).map((c) => c.localId);
    await d.calls.bulkDelete(ended);
    const counts = await Promise.all([
      d.sessions.count(),
      d.plans.count(),
      d.findings.count(),
      d.finds.count(),
      d.sharedProjects.count(),
    ]);
    await Promise.all([
      d.sessions.clear(),
      d.plans.clear(),
      d.findings.clear(),
      d.finds.clear(),
      d.sharedProjects.clear(),
    ]);
    return ended.length + counts.reduce((a, b) => a + b, 0);
  });
}
