// What the findings watcher tells the member, decided without side effects: given the event keys
// already raised (the notifications ledger), the findings just read and the time, which notifications
// to raise. One notification per draft newly waiting for sign-off, however many findings it holds and
// however many join it later; one reminder per draft when its estimated expiry comes near.
import type { Finding } from '@/lib/contract/findings';
import { daysLeft } from './expiry';
import { DAY_MS } from '@/lib/time';
import { waitingDrafts } from './drafts';
import { t, tn } from '@/lib/i18n';

export const DEFAULT_REMIND_DAYS_BEFORE = 3;

export interface FindingsNoticeSettings {
  /** Raise a notification when a draft starts waiting for sign-off. */
  notifyWaiting: boolean;
  /** Remind this many days before the estimated expiry; null for no reminder. */
  remindDaysBefore: number | null;
}

const DEFAULT_NOTICE_SETTINGS: FindingsNoticeSettings = {
  notifyWaiting: true,
  remindDaysBefore: DEFAULT_REMIND_DAYS_BEFORE,
};

type FindingsNoticeKind = 'findings_draft_waiting' | 'findings_draft_expiring';

export interface FindingsNotice {
  /** The ledger's key for this event; never raised twice. */
  eventKey: string;
  kind: FindingsNoticeKind;
  draftKey: string;
  /** The page a click opens (the background checks it is a site page, G15); null when the site gave none. */
  signOffUrl: string | null;
  findingCount: number;
  daysLeft: number | null;
  /** The service's words only: no untrusted text goes into a notification. */
  title: string;
  message: string;
}

export interface FindingsNoticeDecision {
  notices: FindingsNotice[];
  /** Events to record in the ledger without raising them (switched off, or covered by another notice). */
  markSeen: string[];
  /** Ledger keys of drafts no longer waiting: forget them, so a draft id used again is told again. */
  forget: string[];
}

const PREFIX = 'findings-draft:';

export function waitingEventKey(draftKey: string): string {
  return `${PREFIX}${draftKey}:waiting`;
}

export function expiringEventKey(draftKey: string): string {
  return `${PREFIX}${draftKey}:expiring`;
}

function draftKeyOfEvent(eventKey: string): string | null {
  if (!eventKey.startsWith(PREFIX)) return null;
  const rest = eventKey.slice(PREFIX.length);
  const cut = rest.lastIndexOf(':');
  return cut < 0 ? null : rest.slice(0, cut);
}

function daysWords(days: number | null): string {
  if (days === null) return '';
  if (days === 0) return ` ${t('expiry.lessThanDay')}`;
  return ` ${tn('expiry.daysLeft', days)}`;
}

/**
 * `findings` must be a whole, successful GET /findings answer: a draft missing from it is taken as no
 * longer waiting (signed off, discarded or expired), and its ledger keys are given back to forget.
 */
export function decideFindingsNotices(
  raised: Iterable<string>,
  findings: readonly Finding[],
  nowMs: number,
  settings: FindingsNoticeSettings = DEFAULT_NOTICE_SETTINGS,
): FindingsNoticeDecision {
  const seen = new Set(raised);
  const notices: FindingsNotice[] = [];
  const markSeen: string[] = [];
  const waiting = waitingDrafts(findings);
  const live = new Set(waiting.map((g) => g.draftKey));

  for (const g of waiting) {
    const waitingKey = waitingEventKey(g.draftKey);
    const expiringKey = expiringEventKey(g.draftKey);
    const days = daysLeft(g.expiresAtMs, nowMs);
    const remaining = g.expiresAtMs - nowMs;
    const inReminderWindow =
      settings.remindDaysBefore !== null &&
      !Number.isNaN(g.expiresAtMs) &&
      remaining > 0 &&
      remaining <= settings.remindDaysBefore * DAY_MS;
    const count = g.findings.length;

    if (!seen.has(waitingKey)) {
      if (settings.notifyWaiting) {
        notices.push({
          eventKey: waitingKey,
          kind: 'findings_draft_waiting',
          draftKey: g.draftKey,
          signOffUrl: g.signOffUrl,
          findingCount: count,
          daysLeft: days,
          title: t('findingsNotice.waitingTitle'),
          message: `${tn('findingsNotice.waiting', count)}${daysWords(inReminderWindow ? days : null)}`,
        });
        // The first notice already says how little time is left: no second one for the same draft.
        if (inReminderWindow && !seen.has(expiringKey)) markSeen.push(expiringKey);
        continue;
      }
      markSeen.push(waitingKey);
    }
    if (inReminderWindow && !seen.has(expiringKey)) {
      notices.push({
        eventKey: expiringKey,
        kind: 'findings_draft_expiring',
        draftKey: g.draftKey,
        signOffUrl: g.signOffUrl,
        findingCount: count,
        daysLeft: days,
        title: t('findingsNotice.expiringTitle'),
        message: `${tn('findingsNotice.expiring', count)}${daysWords(days)}`,
      });
    }
  }

  const forget: string[] = [];
  for (const key of seen) {
    const draftKey = draftKeyOfEvent(key);
    if (draftKey !== null && !live.has(draftKey)) forget.push(key);
  }
  return { notices, markSeen, forget };
}
