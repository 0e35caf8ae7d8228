/**
 * Notifications: a call finished, an approval is needed, an approval was declined or ran out, a findings
 * draft waits for sign-off or expires soon (findings/watcher.ts). One per
 * event: the ledger in IndexedDB is written first, so an event is never raised twice, even after a restart.
 * At most one per kind per minute (notify-pace): the rest become one summary. Quiet shows none.
 * Texts are the extension's own: no untrusted text from a result goes into a notification.
 */
import { browser } from 'wxt/browser';
import { knownValue } from '@/lib/api/schemas';
import { type ApprovalRow, type CallRow, getConnection, type NotificationRow } from '@/lib/db';
import { FOCUS_SESSION_KEY, type FocusHint } from '@/lib/protocol/handoffs';
import { notifies, readSettings } from '@/lib/settings';
import { summaryText } from '@/lib/notify/pace';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { noteNotification } from '@/entrypoints/background/core/seams';
import { admitNotification, dueSummaries } from './pace';
import { openPanelSomewhere } from '@/entrypoints/background/platform/panel-open';
import { sitePageUrl } from '@/entrypoints/background/core/site';
import {
  claimUncachedTelling,
  forgetUncachedTelling,
  noteIfStorageFull,
  wasToldUncached,
} from '@/entrypoints/background/core/storage-full';
import { t } from '@/lib/i18n';

const ICON_PATH = '/icon/128.png';

type NewEvent = Pick<NotificationRow, 'eventKey' | 'kind' | 'localId' | 'url'>;

/** Events this worker is telling now: a second raise of one of them meanwhile tells nothing. */
const telling = new Set<string>();

/**
 * Raises the notification unless the ledger has the event already, told. True when it was raised now. The
 * ledger row is stored first, untold, and noted told once shown or held: a worker stopped in between leaves
 * it untold, and the next raise of the event (tellUntoldEvents at the next start, the findings watch) tells
 * it, if it is still recent. The pace admits an event once (notify-pace), so a retelling is never counted
 * twice in a summary.
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
    const tell = await ctx.db
      .transaction('rw', ctx.db.notifications, async () => {
        const row = await ctx.db.notifications.get(key);
        if (row) {
          if (toldUncached && row.toldAt === null) await ctx.db.notifications.update(key, { toldAt: isoNow(ctx) });
          return row.toldAt === null && !toldUncached && Date.parse(row.raisedAt) >= ctx.now() - UNTOLD_LOOKBACK_MS;
        }
        const told = !heard || toldUncached;
        await ctx.db.notifications.add({
          ...event,
          notificationId: key,
          raisedAt: isoNow(ctx),
          toldAt: told ? isoNow(ctx) : null,
          clickedAt: null,
        });
        return !told;
      })
      .then(
        (tell) => {
          inLedger = true;
          return tell;
        },
        async (err: unknown) => {
          // The disk is full: the event is told all the same, once, remembered outside the database until there is room.
          if (!(await noteIfStorageFull(err, ctx.now()))) throw err;
          return heard && (await claimUncachedTelling(key));
        },
      );
    // The ledger has it now: the note kept while the disk was full can go.
    if (inLedger && toldUncached) await forgetUncachedTelling(key);
    if (!tell) return false;
    if (await admitNotification(event.kind, ctx.now(), key)) await show(key, text);
    // Held for the minute's summary: the scheduler wakes for it.
    else await ctx.reschedule();
    await ctx.db.notifications.update(key, { toldAt: isoNow(ctx) }).catch(async (err: unknown) => {
      if (!(await noteIfStorageFull(err, ctx.now()))) throw err;
      await claimUncachedTelling(key);
    });
    return true;
  } finally {
    telling.delete(key);
  }
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

export function callFinishedText(call: CallRow): { title: string; message: string } {
  const status = knownValue(call.result?.status);
  const partial = call.result?.partial === true;
  if (status === 'passed') {
    return partial
      ? { title: t('notify.callPartialTitle'), message: t('notify.callPartial') }
      : { title: t('notify.callPassedTitle'), message: t('notify.callPassed') };
  }
  if (status === 'failed') {
    return { title: t('notify.callFailedTitle'), message: t('notify.callFailed') };
  }
  return { title: t('notify.callEndedTitle'), message: t('notify.callEnded') };
}

export function notifyCallFinished(ctx: Ctx, call: CallRow): Promise<boolean> {
  if (call.runId === null) return Promise.resolve(false);
  return raiseOnce(
    ctx,
    { eventKey: `call:${call.runId}:finished`, kind: 'call_finished', localId: call.localId, url: null },
    callFinishedText(call),
  );
}

export function notifyApprovalNeeded(ctx: Ctx, approval: ApprovalRow): Promise<boolean> {
  return raiseOnce(
    ctx,
    {
      eventKey: `approval:${approval.approvalId}:needed`,
      kind: 'approval_needed',
      localId: approval.localId,
      url: approval.approvalUrl,
    },
    {
      title: t('notify.approvalTitle'),
      message: t('notify.approval'),
    },
  );
}

export function notifyApprovalOutcome(
  ctx: Ctx,
  approval: ApprovalRow,
  outcome: 'declined' | 'expired',
): Promise<boolean> {
  return raiseOnce(
    ctx,
    {
      eventKey: `approval:${approval.approvalId}:${outcome}`,
      kind: 'approval_outcome',
      localId: approval.localId,
      url: null,
    },
    outcome === 'declined'
      ? { title: t('notify.declinedTitle'), message: t('notify.declined') }
      : { title: t('notify.expiredTitle'), message: t('notify.expired') },
  );
}

/**
 * A click: the approval page for an approval that waits, or the sign-off page of a findings draft (site
 * origin and page paths only; Firefox shows no buttons, so the click is the action), otherwise the
 * panel at that call. The panel opens first, within the click; the focus hint follows through storage.
 */
export async function onNotificationClicked(ctx: Ctx, notificationId: string): Promise<void> {
  const opensPage =
    (notificationId.startsWith('approval:') && notificationId.endsWith(':needed')) ||
    notificationId.startsWith('findings-draft:');
  if (!opensPage) void openPanelSomewhere();
  const row = await ctx.db.notifications.where('notificationId').equals(notificationId).first();
  await browser.notifications.clear(notificationId).catch(() => undefined);
  if (!row) return;
  await ctx.db.notifications.update(row.eventKey, { clickedAt: isoNow(ctx) });
  if (opensPage) {
    const conn = await getConnection(ctx.db);
    const url = row.url !== null && conn ? sitePageUrl(row.url, conn.origin) : null;
    if (url !== null) await browser.tabs.create({ url });
    else void openPanelSomewhere();
    return;
  }
  if (row.localId !== null) {
    const hint: FocusHint = { localId: row.localId, at: isoNow(ctx) };
    await browser.storage.session.set({ [FOCUS_SESSION_KEY]: hint });
  }
}

/** How far back a worker start looks for an event that was stored but not told. */
export const UNTOLD_LOOKBACK_MS = 15 * 60_000;
const UNTOLD_RECENT_CALLS = 200;

/** Whether the ledger has the event told (or too old to tell: raiseOnce decides that). */
async function told(ctx: Ctx, eventKey: string): Promise<boolean> {
  const row = await ctx.db.notifications.get(eventKey);
  return row !== undefined && row.toldAt !== null;
}

/**
 * A worker stopped between storing an event and telling it (a call's end, an approval asked for) would leave
 * it untold for ever: at each start, the recent ones missing from the ledger, or in it untold, are told now,
 * once.
 */
export async function tellUntoldEvents(ctx: Ctx): Promise<void> {
  const since = ctx.now() - UNTOLD_LOOKBACK_MS;
  const recent = await ctx.db.calls.orderBy('createdAt').reverse().limit(UNTOLD_RECENT_CALLS).toArray();
  for (const call of recent) {
    if (
      call.state !== 'finished' ||
      call.runId === null ||
      !call.result ||
      !call.finishedAt ||
      Date.parse(call.finishedAt) < since
    )
      continue;
    if (!(await told(ctx, `call:${call.runId}:finished`))) await notifyCallFinished(ctx, call);
  }
  for (const approval of await ctx.db.approvals.where('status').equals('pending').toArray()) {
    if (!(await told(ctx, `approval:${approval.approvalId}:needed`))) await notifyApprovalNeeded(ctx, approval);
  }
}
