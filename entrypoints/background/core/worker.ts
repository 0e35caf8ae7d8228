/**
 * One start of the worker: its context and the scheduler of its jobs. The database is built on first use,
 * just after the listeners: declaring its versions was a tenth of a start's time before them (issue 29).
 */
import { AppDb } from '@/lib/db';
import { realApi } from './api';
import type { Ctx } from './context';
import { type Job, Scheduler } from './jobs';
import { installSeams, type WorkerSeams } from './seams';

export function startWorker(jobs: readonly Job[], seams: WorkerSeams | null): { ctx: Ctx; scheduler: Scheduler } {
  if (seams) installSeams(seams);
  let database: AppDb | undefined;
  const ctx: Ctx = {
    get db() {
      if (!database) {
        database = new AppDb();
        seams?.onDatabase(database);
      }
      return database;
    },
    apiFor: realApi,
    now: seams ? seams.now : () => Date.now(),
    random: () => Math.random(),
    newId: () => crypto.randomUUID(),
    workerId: crypto.randomUUID(),
    reschedule: () => scheduler.reschedule(),
  };
  const scheduler = new Scheduler(ctx, jobs);
  return { ctx, scheduler };
}
