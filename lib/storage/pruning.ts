// Which cached results to drop: the cache keeps results readable offline, within a limit the member
// sees and sets on the options page (older than N days, or beyond the newest N calls).
import { t, tn } from '@/lib/i18n';

export interface RetentionPolicy {
  /** Drop results older than this many days; null keeps them whatever their age. */
  maxAgeDays: number | null;
  /** Keep at most this many, newest first; null for no count limit. */
  maxCount: number | null;
}

/** 10,000 calls stay readable (the history's benchmark size); half a year back. */
export const DEFAULT_RETENTION: RetentionPolicy = { maxAgeDays: 180, maxCount: 10_000 };

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
