// Which cached results to drop: the cache keeps results readable offline, within a limit the member
// sees and sets on the options page (older than N days, or beyond the newest N calls).
import { DAY_MS } from '@/lib/findings/expiry';
import { t, tn } from '@/lib/i18n';

export interface RetentionPolicy {
  /** Drop results older than this many days; null keeps them whatever their age. */
  maxAgeDays: number | null;
  /** Keep at most this many, newest first; null for no count limit. */
  maxCount: number | null;
}

/** 10,000 calls stay readable (the history's benchmark size); half a year back. */
export const DEFAULT_RETENTION: RetentionPolicy = { maxAgeDays: 180, maxCount: 10_000 };

export interface CachedItem<Id> {
  id: Id;
  /** When it was made (ISO 8601). An unreadable time counts as the oldest. */
  at: string;
  /** Still in use (a running call, a call waiting for approval): never dropped, though it counts. */
  keep?: boolean;
}

function time(at: string): number {
  const t = Date.parse(at);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Ids to drop under the policy, oldest first. */
export function idsToPrune<Id>(items: readonly CachedItem<Id>[], policy: RetentionPolicy, nowMs: number): Id[] {
  const sorted = [...items].sort((a, b) => time(b.at) - time(a.at));
  const cutoff = policy.maxAgeDays === null ? Number.NEGATIVE_INFINITY : nowMs - policy.maxAgeDays * DAY_MS;
  const drop: Id[] = [];
  sorted.forEach((item, index) => {
    if (item.keep) return;
    const overCount = policy.maxCount !== null && index >= policy.maxCount;
    const tooOld = policy.maxAgeDays !== null && !(time(item.at) >= cutoff);
    if (overCount || tooOld) drop.push(item.id);
  });
  return drop.reverse();
}

/** The limit as the options page states it. */
export function retentionWords(policy: RetentionPolicy): string {
  const age = policy.maxAgeDays === null ? null : tn('retention.olderThan', policy.maxAgeDays);
  const count = policy.maxCount === null ? null : tn('retention.beyondNewest', policy.maxCount);
  if (age !== null && count !== null) return t('retention.removedEither', { age, count });
  const limit = age ?? count;
  return limit === null ? t('retention.none') : t('retention.removed', { limit });
}

/** A policy typed on the options page: whole numbers from 1, or empty for no limit. */
export function parseRetention(maxAgeDays: string, maxCount: string): RetentionPolicy | null {
  const read = (text: string): number | null | undefined => {
    const t = text.trim();
    if (t === '') return null;
    if (!/^\d{1,7}$/.test(t)) return undefined;
    const n = Number(t);
    return n >= 1 ? n : undefined;
  };
  const days = read(maxAgeDays);
  const count = read(maxCount);
  if (days === undefined || count === undefined) return null;
  return { maxAgeDays: days, maxCount: count };
}
