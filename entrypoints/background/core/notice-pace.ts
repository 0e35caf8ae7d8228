/**
 * The background's side of lib/notify/pace: the pace lives in storage.local, so the events held for the
 * minute's summary survive the worker stopping and an update of the extension (which clears storage.session);
 * after a restart the next day their summary is too late and dropped (lib/notify/pace), never replayed.
 * Reads and writes are serialised, so two events at once cannot both take the minute's one notification.
 * A summary shown while the disk is full is taken from the pace all the same: the pace after it is kept in
 * storage.session (memory) and read from there first, until a write to the disk goes through again (the soak
 * saw one summary told on every wake while the disk was full: 13 calls told 49 times).
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import type { NotificationKind } from '@/lib/db';
import { noteNotification } from './seams';
import { admit, PACE_KEY, type Pace, type Summary, summaryDueAt, takeSummaries } from '@/lib/notify/pace';

export { PACE_KEY };

const PaceSchema = lazySchema(() =>
  z.record(
    z.string(),
    z.object({
      shownAt: z.number(),
      shownKey: z.optional(z.string()),
      held: z.array(z.string()),
      summed: z.optional(z.array(z.string())),
    }),
  ),
);

let queue: Promise<unknown> = Promise.resolve();

/**
 * When the next summary is due, as this worker last wrote or read it (undefined: not read yet). The scheduler
 * asks on every reschedule; reading storage each time kept Firefox's event page from ever going idle, so it
 * is read once per worker start. Only the background writes the pace, so the copy stays true.
 */
let knownDue: number | null | undefined;

function serialised<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

async function readArea(area: 'local' | 'session'): Promise<Pace | null> {
  const got = await browser.storage[area].get(PACE_KEY).catch(() => ({}) as Record<string, unknown>);
  const parsed = PaceSchema.safeParse((got as Record<string, unknown>)[PACE_KEY]);
  return parsed.success ? (parsed.data as Pace) : null;
}

/** The pace as last kept: the copy in memory while the disk refused it, else the one on disk. */
async function readPace(): Promise<Pace> {
  return (await readArea('session')) ?? (await readArea('local')) ?? {};
}

/**
 * Keeps the pace on disk (the copy in memory is then no longer needed); false when the disk refused it. With
 * `inMemoryIfFull`, a pace the disk refuses is kept in memory instead, and false only when neither took it.
 */
async function writePace(pace: Pace, inMemoryIfFull = false): Promise<boolean> {
  const onDisk = await browser.storage.local.set({ [PACE_KEY]: pace }).then(
    () => true,
    () => false,
  );
  if (onDisk) await browser.storage.session.remove(PACE_KEY).catch(() => undefined);
  const kept =
    onDisk ||
    (inMemoryIfFull &&
      (await browser.storage.session.set({ [PACE_KEY]: pace }).then(
        () => true,
        () => false,
      )));
  // The copy follows what is kept: a pace nothing took holds nothing for a summary.
  if (kept) knownDue = summaryDueAt(pace);
  return kept;
}

/**
 * Whether the event may be shown now; otherwise it is held for the minute's summary. An event that cannot be
 * held (the pace could not be written: a full disk) is shown now: two that minute rather than one lost.
 */
export function admitNotification(kind: NotificationKind, now: number, eventKey: string): Promise<boolean> {
  return serialised(async () => {
    const { show, pace, dropped } = admit(await readPace(), kind, now, eventKey);
    const kept = await writePace(pace);
    // A summary too late is dropped here as at its due time (dueSummaries), and noted the same way.
    if (kept && dropped > 0) await noteNotification('dropped', `summary:${kind}`, dropped);
    return show || !kept;
  });
}

/** The summaries due now (`show`), and those too late, dropped. */
export function dueSummaries(now: number): Promise<{ show: Summary[]; dropped: Summary[] }> {
  return serialised(async () => {
    const pace = await readPace();
    if (summaryDueAt(pace) === null) {
      knownDue = null;
      return { show: [], dropped: [] };
    }
    const taken = takeSummaries(pace, now);
    // A summary whose taking could not be kept anywhere would be shown again at every wake: it waits.
    if (!(await writePace(taken.pace, true))) return { show: [], dropped: [] };
    return { show: taken.show, dropped: taken.dropped };
  });
}

export async function nextSummaryAt(): Promise<number | null> {
  if (knownDue === undefined) knownDue = summaryDueAt(await readPace());
  return knownDue;
}
