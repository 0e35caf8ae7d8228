/**
 * Wakes the background's jobs when something is due: the earliest of the outbox's resends, the open calls'
 * polls and the waiting approvals' checks. A timer does it while the worker is awake; an alarm (at least
 * 30 s away, Chrome's minimum) resumes the work after the worker was stopped. With nothing due, both are
 * cleared: no request at all while nothing is open. A write refused for a full disk (storage-full) holds the
 * next run back (STORAGE_FULL_RETRY_MS), so the jobs never loop on it.
 */
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db';
import { alarmTime, earliest } from '@/lib/schedule';
import type { Ctx } from '@/entrypoints/background/core/context';
import { nextSummaryAt } from '@/entrypoints/background/notify/pace';
import { nextShareCheckAt } from '@/entrypoints/background/sharing/poller';
import { pausedUntil } from '@/entrypoints/background/core/status';
import { noteIfStorageFull, storageHasRoom, storageRetryAt } from '@/entrypoints/background/storage/storage-full';

export const WAKE_ALARM = 'agent-connection.wake';

/** When the next job is due (epoch ms), or null when there is nothing to do. */
export async function nextWakeAt(ctx: Ctx): Promise<number | null> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return null;
  const now = ctx.now();
  const times: number[] = [];
  const calls = await ctx.db.calls.where('state').anyOf(['outbox', 'started']).toArray();
  for (const c of calls) {
    if (c.connectionId !== conn.connectionId) continue;
    times.push(c.state === 'outbox' ? (c.nextSendAt ?? now) : (c.nextPollAt ?? now));
  }
  for (const a of await ctx.db.approvals.where('status').equals('pending').toArray()) times.push(a.nextCheckAt);
  const shareCheckAt = conn.sessionId === null ? await nextShareCheckAt(ctx) : null;
  if (shareCheckAt !== null) times.push(shareCheckAt);
  const summaryAt = await nextSummaryAt();
  if (summaryAt !== null) times.push(summaryAt);
  const due = earliest(times);
  if (due === null) return null;
  // Neither sooner than the site's pause nor, after a refused write, sooner than the full disk's retry.
  return Math.max(due, (await pausedUntil(ctx)) ?? due, (await storageRetryAt()) ?? due);
}

export class Scheduler {
  // In memory only as a wake-up: what is due is always recomputed from IndexedDB.
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly work: () => Promise<unknown>,
  ) {}

  async reschedule(): Promise<void> {
    const due = await nextWakeAt(this.ctx);
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (due === null) {
      await browser.alarms.clear(WAKE_ALARM);
      return;
    }
    const now = this.ctx.now();
    this.#timer = setTimeout(() => void this.run(), Math.max(0, due - now));
    await browser.alarms.create(WAKE_ALARM, { when: alarmTime(now, due) });
  }

  /** Runs the jobs once (again if asked meanwhile), never two at a time, then schedules the next wake. */
  async run(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        const wrote = await this.work().then(
          () => true,
          (err: unknown) => noteIfStorageFull(err, this.ctx.now()).then(() => false),
        );
        if (wrote) await storageHasRoom();
      } while (this.#again);
    })();
    try {
      await this.#running;
    } finally {
      this.#running = null;
    }
    // A database this build cannot open (a newer one, storage-errors) leaves nothing to schedule.
    await this.reschedule().catch(() => undefined);
  }

  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
