/**
 * Notifications, raised by the features (a call finished, an approval is needed, declined or ran out:
 * calls/notices.ts; a findings draft waits for sign-off or expires soon: findings/watcher.ts). One per
 * event: the ledger in IndexedDB is written first, so an event is never raised twice, even after a restart.
 * At most one per kind per minute (notify-pace): the rest become one summary. Quiet shows none.
 * Texts are the extension's own: no untrusted text from a result goes into a notification.
 */
import { browser } from 'wxt/browser';
import type { NotificationRow } from '@/lib/db';
import { notifies, readSettings } from '@/lib/settings';
import { summaryText } from '@/lib/notify/pace';
import { type Ctx, isoNow } from './context';
import { noteNotification } from './seams';
import { admitNotification, dueSummaries } from './notice-pace';
import { claimUncachedTelling, forgetUncachedTelling, noteIfStorageFull, wasToldUncached } from './storage-full';

const ICON_PATH = '/icon/128.png';

type NewEvent = Pick<NotificationRow, 'eventKey' | 'kind' | 'localId' | 'url'>;

/** Events this worker is telling now (core state, one per worker): a second raise of one of them meanwhile tells nothing. */
const telling = new Set<string>();

/**
 * Raises the notification unless the ledger has the event already, told. True when it was raised now. The
 * ledger row is stored first, untold, and noted told once shown or held: a worker stopped in between leaves
 * it untold, and the next raise of the event (tellUntoldEvents at the next start, the findings watch) tells
 * it, if it is still recent. A retelling first checks the member has not seen it already: still on screen
 * (a worker stopped after showing it, before noting it told: the soak met it) or clicked (the click is what
 * woke the stopped worker). The pace admits an event once (notify-pace), so a retelling is never counted
 * twice in a summary, nor told alone after a summary counted it.
 */
export async function raiseOnce(ctx: Ctx, event: NewEvent, text: { title: string; message: string }): Promise<boolean> {
  const key = event.eventKey;
  if (telling.has(key)) return false;
  telling.add(key);
  try {
    // Switched off or quiet on the options page: the ledger keeps the event as told, so switching on later
    // does not raise it.
    const heard = notifies(await readSettings(ctx.db), event.kind);
    // Told while the disk was full (storage-full): now written as told, not told again.
    const toldUncached = await wasToldUncached(key);
    let inLedger = false;
    // 'first': a new event to tell; 'again': stored untold by a worker stopped before telling it; 'no'.
    const verdict = await ctx.db
      .transaction('rw', ctx.db.notifications, async (): Promise<'first' | 'again' | 'no'> => {
        const row = await ctx.db.notifications.get(key);
        if (row) {
          if (row.toldAt !== null) return 'no';
          if (toldUncached) {
            await ctx.db.notifications.update(key, { toldAt: isoNow(ctx) });
            return 'no';
          }
          return Date.parse(row.raisedAt) >= ctx.now() - UNTOLD_LOOKBACK_MS ? 'again' : 'no';
        }
        const told = !heard || toldUncached;
        await ctx.db.notifications.add({
          ...event,
          notificationId: key,
          raisedAt: isoNow(ctx),
          toldAt: told ? isoNow(ctx) : null,
          clickedAt: null,
        });
        return told ? 'no' : 'first';
      })
      .then(
        (verdict) => {
          inLedger = true;
          return verdict;
        },
        async (err: unknown) => {
          // The disk is full: the event is told all the same, once, remembered outside the database until there is room.
          if (!(await noteIfStorageFull(err, ctx.now()))) throw err;
          return heard && (await claimUncachedTelling(key)) ? 'first' : 'no';
        },
      );
    // The ledger has it now: the note kept while the disk was full can go.
    if (inLedger && toldUncached) await forgetUncachedTelling(key);
    if (verdict === 'no') return false;
    if (verdict === 'again' && (await seenAlready(ctx, key))) {
      await noteTold(ctx, key);
      return false;
    }
    if (await admitNotification(event.kind, ctx.now(), key)) await show(key, text);
    // Held for the minute's summary: the scheduler wakes for it.
    else await ctx.reschedule();
    await noteTold(ctx, key);
    return true;
  } finally {
    telling.delete(key);
  }
}

async function noteTold(ctx: Ctx, key: string): Promise<void> {
  await ctx.db.notifications.update(key, { toldAt: isoNow(ctx) }).catch(async (err: unknown) => {
    if (!(await noteIfStorageFull(err, ctx.now()))) throw err;
    await claimUncachedTelling(key);
  });
}

/**
 * Whether the member has had the notification: the browser still shows it, or it was clicked meanwhile (the
 * click handler notes the click before it clears the notification). Chromium keeps a notification until the
 * member closes it or the browser restarts; Firefox may let it go once its popup closes, and there a
 * retelling shows it again. An answer the browser does not give counts as not shown: shown twice is better
 * than never shown.
 */
async function seenAlready(ctx: Ctx, key: string): Promise<boolean> {
  // The notification's id is its event key (raiseOnce stores it so).
  const shown: unknown = await browser.notifications.getAll().catch(() => null);
  if (typeof shown === 'object' && shown !== null && Object.hasOwn(shown, key)) return true;
  const row = await ctx.db.notifications.get(key).catch(() => undefined);
  return row !== undefined && row.clickedAt !== null;
}

async function show(notificationId: string, text: { title: string; message: string }, events = 1): Promise<unknown> {
  // The e2e build's seams note each notification and how many events it tells of (the soak counts them).
  await noteNotification('shown', notificationId, events);
  return browser.notifications
    .create(notificationId, {
      type: 'basic',
      iconUrl: browser.runtime.getURL(ICON_PATH),
      title: text.title,
      message: text.message,
    })
    .catch(() => undefined);
}

/** Shows the summaries whose minute is over (one per kind); a click opens the panel. */
export async function showDueSummaries(ctx: Ctx): Promise<void> {
  const settings = await readSettings(ctx.db);
  const { show: due, dropped } = await dueSummaries(ctx.now());
  for (const summary of due) {
    if (notifies(settings, summary.kind)) await show(`summary:${summary.kind}`, summaryText(summary), summary.count);
  }
  for (const d of dropped) await noteNotification('dropped', `summary:${d.kind}`, d.count);
}

/** How far back a worker start looks for an event that was stored but not told. */
export const UNTOLD_LOOKBACK_MS = 15 * 60_000;
