/**
 * The findings watcher: while the member keeps findings and the key is not session-scoped, its job (job.ts) reads
 * GET /findings, stores the rows, and raises one notification per draft newly waiting for sign-off and a
 * reminder before a draft expires (lib/findings/notices decides; the notifications ledger remembers). It
 * reads often while a finding is being checked, hourly otherwise, and stops when findings are not readable.
 */
import { ApiError } from '@/lib/api/errors';
import { knownValue } from '@/lib/contract/tolerant';
import { type ConnectionRow, getConnection } from '@/lib/db';
import { availabilityFromError } from '@/lib/findings/availability';
import { decideFindingsNotices, type FindingsNotice } from '@/lib/findings/notices';
import { MINUTE } from '@/lib/schedule';
import { noticeSettings, readSettings } from '@/lib/settings';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { jobTime, setJobTime } from '@/entrypoints/background/core/job-times';
import { refreshFindings } from './read';
import { raiseOnce } from '@/entrypoints/background/core/notifier';
import { t } from '@/lib/i18n';

/** The watch's job, and the name its next read is kept under (core/job-times). */
export const FINDINGS_JOB = 'findings';

/** A finding is being checked: it reaches the draft within minutes. */
export const WATCH_SOON_MS = MINUTE;
export const WATCH_IDLE_MS = 60 * MINUTE;

/** Findings are readable: connected, the member keeps findings, and the key reaches more than one session. */
export function findingsWatchWanted(conn: ConnectionRow | undefined): boolean {
  if (conn?.status !== 'connected') return false;
  if (conn.sessionId !== null) return false;
  return conn.me?.keepsFindings === true && conn.me.sessionId === null;
}

async function armAt(ctx: Ctx, when: number): Promise<void> {
  await setJobTime(FINDINGS_JOB, Math.max(when, ctx.now() + 1000));
}

/**
 * Makes sure the next read matches the connection: cleared when findings are not readable, present when they
 * are, and brought forward to a minute away when a call just ended (a call keeps its findings as it ends).
 */
export async function ensureFindingsWatch(ctx: Ctx, callEnded = false): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (!findingsWatchWanted(conn)) {
    await setJobTime(FINDINGS_JOB, null);
    return;
  }
  const next = await jobTime(FINDINGS_JOB);
  const soon = ctx.now() + WATCH_SOON_MS;
  if (callEnded) {
    if (next === null || next > soon) await armAt(ctx, soon);
    return;
  }
  if (next === null) await armAt(ctx, ctx.now() + WATCH_IDLE_MS);
}

/** One read and its notices; returns how many findings were read. Also the panel's refreshFindings. */
export async function watchFindings(ctx: Ctx): Promise<{ count: number }> {
  let count: number;
  try {
    ({ count } = await refreshFindings(ctx));
  } catch (err) {
    // Not readable any more (findings not kept, or a session key): stop until the connection changes.
    if (err instanceof ApiError && availabilityFromError(err.code, err.reason) !== null) {
      await setJobTime(FINDINGS_JOB, null);
    } else if (findingsWatchWanted(await getConnection(ctx.db))) {
      await armAt(ctx, ctx.now() + WATCH_IDLE_MS);
    }
    throw err;
  }
  const findings = (await ctx.db.findings.toArray()).map((r) => r.finding);
  const settings = await readSettings(ctx.db);
  // An event stored untold (its worker stopped before telling it) is not raised yet: raiseOnce tells it.
  const raised = (await ctx.db.notifications.toArray()).filter((r) => r.toldAt !== null).map((r) => r.eventKey);
  const decision = decideFindingsNotices(raised, findings, ctx.now(), noticeSettings(settings));
  for (const notice of decision.notices) await raiseNotice(ctx, notice);
  const at = isoNow(ctx);
  await ctx.db.notifications.bulkPut(
    decision.markSeen.map((eventKey) => ({
      eventKey,
      notificationId: eventKey,
      kind: eventKey.endsWith(':waiting') ? ('findings_draft_waiting' as const) : ('findings_draft_expiring' as const),
      localId: null,
      url: null,
      raisedAt: at,
      toldAt: at,
      clickedAt: null,
    })),
  );
  await ctx.db.notifications.bulkDelete(decision.forget);
  if (findingsWatchWanted(await getConnection(ctx.db))) {
    const checking = findings.some((f) => knownValue(f.status) === 'checking');
    await armAt(ctx, ctx.now() + (checking ? WATCH_SOON_MS : WATCH_IDLE_MS));
  }
  return { count };
}

function raiseNotice(ctx: Ctx, notice: FindingsNotice): Promise<boolean> {
  return raiseOnce(
    ctx,
    { eventKey: notice.eventKey, kind: notice.kind, localId: null, url: notice.signOffUrl },
    { title: notice.title, message: t('findingsNotice.clickToSignOff', { message: notice.message }) },
  );
}
