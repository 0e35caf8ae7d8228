/**
 * Notifications that never flood: at most one per kind per minute. Events beyond that are counted and shown
 * as one summary ("3 more calls ended") when the minute is over. A summary not shown in time (the worker was
 * stopped, the machine slept) is dropped, never replayed later: the panel and the badge still tell. Pure, so
 * tests run on a fake clock; the background keeps the state in storage.local (an update keeps what is held;
 * a summary due before a restart is too late after it, and dropped).
 */
import type { NotificationKind } from '@/lib/db/tables/notifications';
import { t, tn } from '@/lib/i18n';

/** Where the background keeps the pace, in storage.local (the bench clears it to time single calls). */
export const PACE_KEY = 'background.notifyPace';

/**
 * A minute. The e2e build's window is 5 s, so a browser test that waits for a summary waits for its state in
 * seconds, not for the minute (the pace is the same, on a shorter clock).
 */
// `typeof` first: under tsx (the bench, outside the bundler) there is no import.meta.env; Vite folds it away.
export const NOTIFY_WINDOW_MS = typeof import.meta.env === 'object' && import.meta.env.MODE === 'e2e' ? 5_000 : 60_000;
/** How late a summary may still be shown; later it is dropped. */
export const SUMMARY_GRACE_MS = 60_000;

interface KindPace {
  /** When the last notification of this kind was shown (epoch ms). */
  shownAt: number;
  /** The event that notification told of (absent after a summary). */
  shownKey?: string;
  /** The events held back since then, by key: one event admitted twice is held, and summed, once. */
  held: string[];
  /** The events the last summary told of: one admitted again (its worker stopped before noting it told) is not told alone. */
  summed?: string[];
}

export type Pace = Partial<Record<NotificationKind, KindPace>>;

/**
 * Whether the event `key` of `kind` is shown now, the pace after it, and how many held events it dropped
 * (their summary too late, as takeSummaries drops it). An event admitted again (a worker stopped before it
 * noted the event told) gets the same answer and changes nothing: shown again under the same notification id
 * (the notifier first checks it is no longer on screen), or still held once.
 */
export function admit(
  pace: Pace,
  kind: NotificationKind,
  now: number,
  key: string,
): { show: boolean; pace: Pace; dropped: number } {
  const current = pace[kind];
  if (current?.shownKey === key) return { show: true, pace, dropped: 0 };
  if (current?.held.includes(key) || current?.summed?.includes(key)) return { show: false, pace, dropped: 0 };
  if (!current || now - current.shownAt >= NOTIFY_WINDOW_MS || now < current.shownAt) {
    // Too late as takeSummaries counts it: past the minute and its grace.
    const late = current !== undefined && now - current.shownAt > NOTIFY_WINDOW_MS + SUMMARY_GRACE_MS;
    const held = current && !late ? current.held : [];
    const shown: KindPace = { shownAt: now, shownKey: key, held };
    if (current?.summed) shown.summed = current.summed;
    return { show: true, pace: { ...pace, [kind]: shown }, dropped: late ? current.held.length : 0 };
  }
  return { show: false, pace: { ...pace, [kind]: { ...current, held: [...current.held, key] } }, dropped: 0 };
}

/** When the next summary is due (epoch ms), or null when nothing is held. */
export function summaryDueAt(pace: Pace): number | null {
  let due: number | null = null;
  for (const value of Object.values(pace)) {
    if (!value || value.held.length === 0) continue;
    const at = value.shownAt + NOTIFY_WINDOW_MS;
    if (due === null || at < due) due = at;
  }
  return due;
}

export interface Summary {
  kind: NotificationKind;
  count: number;
}

/** The summaries due now (shown), those too late (dropped), and the pace after. */
export function takeSummaries(pace: Pace, now: number): { show: Summary[]; dropped: Summary[]; pace: Pace } {
  const next: Pace = { ...pace };
  const show: Summary[] = [];
  const dropped: Summary[] = [];
  for (const [kind, value] of Object.entries(pace) as [NotificationKind, KindPace | undefined][]) {
    if (!value || value.held.length === 0) continue;
    const due = value.shownAt + NOTIFY_WINDOW_MS;
    if (now < due) continue;
    if (now - due > SUMMARY_GRACE_MS) {
      dropped.push({ kind, count: value.held.length });
      next[kind] = { shownAt: value.shownAt, held: [] };
    } else {
      show.push({ kind, count: value.held.length });
      next[kind] = { shownAt: now, held: [], summed: value.held };
    }
  }
  return { show, dropped, pace: next };
}

/** The summary's words (the extension's own; nothing from a result). */
export function summaryText({ kind, count }: Summary): { title: string; message: string } {
  switch (kind) {
    case 'call_finished':
      return { title: tn('notify.summary.callsTitle', count), message: t('notify.summary.other') };
    case 'approval_needed':
      return { title: tn('notify.summary.approvalsTitle', count), message: t('notify.summary.approvals') };
    case 'approval_outcome':
      return { title: tn('notify.summary.outcomesTitle', count), message: t('notify.summary.outcomes') };
    case 'findings_draft_waiting':
      return { title: tn('notify.summary.waitingTitle', count), message: t('notify.summary.waiting') };
    case 'findings_draft_expiring':
      return { title: tn('notify.summary.expiringTitle', count), message: t('notify.summary.other') };
    default:
      return { title: tn('notify.summary.otherTitle', count), message: t('notify.summary.other') };
  }
}
