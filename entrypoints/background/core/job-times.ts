/**
 * When a job that keeps its own time is due next (the findings watch, the daily prune), kept in storage.local
 * so it survives the worker stopping and the browser restarting, and in storage.session too, read first, so a
 * full disk that refused the write (storage-full) does not lose it while the browser runs.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';

const TimeSchema = lazySchema(() => z.number().check(z.int()));

const storageKey = (job: string) => `background.jobDue.${job}`;

/** The time the job asked for (epoch ms), or null when it asked for none. */
export async function jobTime(job: string): Promise<number | null> {
  const key = storageKey(job);
  for (const area of [browser.storage.session, browser.storage.local]) {
    const got = await area.get(key).catch(() => ({}) as Record<string, unknown>);
    const parsed = TimeSchema.safeParse((got as Record<string, unknown>)[key]);
    if (parsed.success) return parsed.data;
  }
  return null;
}

/** Keeps the job's next time, or forgets it (null). */
export async function setJobTime(job: string, at: number | null): Promise<void> {
  const key = storageKey(job);
  const areas = [browser.storage.local, browser.storage.session];
  await Promise.all(
    areas.map((area) => (at === null ? area.remove(key) : area.set({ [key]: Math.round(at) })).catch(() => undefined)),
  );
}
