/**
 * The background's one job registry: each feature registers its jobs (its job.ts, listed in index.ts), a job
 * says when it is next due and does its work. One alarm is set for the earliest due job (at least 30 s away,
 * Chrome's minimum) to resume the work after the worker was stopped, and a timer while it is awake; with
 * nothing due, both are cleared. A write refused for a full disk (storage-full) holds the next run back
 * (STORAGE_FULL_RETRY_MS, in the due times of the jobs that write), so the jobs never loop on it.
 */
import { browser } from 'wxt/browser';
import { type ConnectionRow, getConnection } from '@/lib/db';
import { alarmTime, earliest } from '@/lib/schedule';
import type { Ctx } from './context';
import { pausedUntil } from './status';
import { noteIfStorageFull, storageHasRoom, storageRetryAt } from './storage-full';

export interface Job {
  readonly name: string;
  /** When the job is next due (epoch ms), or null when it has nothing to do. */
  dueAt(ctx: Ctx): Promise<number | null>;
  run(ctx: Ctx): Promise<void>;
}

export const JOBS_ALARM = 'agent-connection.jobs';

/** The alarms of earlier versions (one per kind of work then): cleared at each start, never fired again. */
const EARLIER_ALARMS = ['agent-connection.wake', 'agent-connection.findings', 'agent-connection.prune'];

/** When the earliest of `jobs` is due, or null when none has anything to do. */
export async function nextDueAt(ctx: Ctx, jobs: readonly Job[]): Promise<number | null> {
  const times: (number | null)[] = [];
  for (const job of jobs) times.push(await job.dueAt(ctx));
  return earliest(times);
}

/**
 * The due time of a job that asks the site: the earliest of `times`, only while connected, and neither sooner
 * than the site's pause nor, after a refused write, sooner than the full disk's retry.
 */
export async function dueWhileConnected(
  ctx: Ctx,
  times: (conn: ConnectionRow) => Promise<readonly (number | null | undefined)[]>,
): Promise<number | null> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return null;
  const due = earliest(await times(conn));
  if (due === null) return null;
  return Math.max(due, (await pausedUntil(ctx)) ?? due, (await storageRetryAt()) ?? due);
}

export class Scheduler {
  // In memory only as a wake-up: what is due is always recomputed from storage.
  #timer: ReturnType<typeof setTimeout> | null = null;
  #running: Promise<void> | null = null;
  #again = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly jobs: readonly Job[],
  ) {}

  /** Clears the alarms an earlier version left (an update keeps them). */
  async clearEarlierAlarms(): Promise<void> {
    await Promise.all(EARLIER_ALARMS.map((name) => browser.alarms.clear(name).catch(() => false)));
  }

  async reschedule(): Promise<void> {
    const ctx = this.ctx;
    const due = await nextDueAt(ctx, this.jobs);
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    if (due === null) {
      await browser.alarms.clear(JOBS_ALARM);
      return;
    }
    const now = ctx.now();
    this.#timer = setTimeout(() => void this.run(), Math.max(0, due - now));
    await browser.alarms.create(JOBS_ALARM, { when: alarmTime(now, due) });
  }

  /**
   * Runs the jobs due now, in their order (again if asked meanwhile), never two runs at a time, then schedules
   * the next wake. A failing job ends the run, as a full disk would fail the next ones too.
   */
  async run(): Promise<void> {
    const ctx = this.ctx;
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        const wrote = await this.#runDue(ctx).then(
          () => true,
          (err: unknown) => noteIfStorageFull(err, ctx.now()).then(() => false),
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

  async #runDue(ctx: Ctx): Promise<void> {
    for (const job of this.jobs) {
      const due = await job.dueAt(ctx);
      if (due !== null && due <= ctx.now()) await job.run(ctx);
    }
  }

  stop(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
