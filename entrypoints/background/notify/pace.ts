/**
 * The background's side of lib/notify/pace: the pace lives in storage.local, so the events held for the
 * minute's summary survive the worker stopping and an update of the extension (which clears storage.session);
 * after a restart the next day their summary is too late and dropped (lib/notify/pace), never replayed.
 * Reads and writes are serialised, so two events at once cannot both take the minute's one notification.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazy-schema';
import type { NotificationKind } from '@/lib/db';
import { admit, PACE_KEY, type Pace, type Summary, summaryDueAt, takeSummaries } from '@/lib/notify/pace';

export { PACE_KEY };

const PaceSchema = lazySchema(() =>
  z.record(z.string(), z.object({ shownAt: z.number(), shownKey: z.optional(z.string()), held: z.array(z.string()) })),
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

async function readPace(): Promise<Pace> {
  const got = await browser.storage.local.get(PACE_KEY).catch(() => ({}) as Record<string, unknown>);
  const parsed = PaceSchema.safeParse((got as Record<string, unknown>)[PACE_KEY]);
  return parsed.success ? (parsed.data as Pace) : {};
}

/** Keeps the pace; false when storage refused it (a full disk). */
async function writePace(pace: Pace): Promise<boolean> {
  // The copy follows what is stored: a pace the storage refused holds nothing for a summary.
  return browser.storage.local.set({ [PACE_KEY]: pace }).then(
    () => {
      knownDue = summaryDueAt(pace);
      return true;
    },
    () => false,
  );
}

/**
 * Whether the event may be shown now; otherwise it is held for the minute's summary. An event that cannot be
 * held (the pace could not be written: a full disk) is shown now: two that minute rather than one lost.
 */
export function admitNotification(kind: NotificationKind, now: number, eventKey: string): Promise<boolean> {
  return serialised(async () => {
    const { show, pace } = admit(await readPace(), kind, now, eventKey);
    const kept = await writePace(pace);
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
    await writePace(taken.pace);
    return { show: taken.show, dropped: taken.dropped };
  });
}

export async function nextSummaryAt(): Promise<number | null> {
  if (knownDue === undefined) knownDue = summaryDueAt(await readPace());
  return knownDue;
}
