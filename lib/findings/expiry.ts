// When an unsigned findings draft expires. The contract says only "expires if not signed off in 30
// days" and "findings expire with the draft"; it gives the draft no creation time. Our reading: a draft
// is made when its first finding passes its checks, and every finding is created (createdAt) before
// it reaches the draft, so the earliest createdAt among a draft's findings is at or before the draft's
// start. Counting 30 days from it may end early, never late: days left are never overstated and a
// reminder never comes after the draft has gone.
import type { Finding } from '@/lib/contract/findings';
import { t, tn } from '@/lib/i18n';
import { DAY_MS } from '@/lib/time';
import { FINDINGS_DRAFT_DAYS } from '@/lib/contract/limits';

/** Estimated expiry (epoch ms) of a draft holding these findings; NaN when no time is readable. */
export function draftExpiresAtMs(findings: readonly Pick<Finding, 'createdAt'>[]): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const f of findings) {
    const t = Date.parse(f.createdAt);
    if (!Number.isNaN(t) && t < earliest) earliest = t;
  }
  return Number.isFinite(earliest) ? earliest + FINDINGS_DRAFT_DAYS * DAY_MS : Number.NaN;
}

/** Whole days left before expiry (0 in its last day and after it); null when unknown. */
export function daysLeft(expiresAtMs: number, nowMs: number): number | null {
  if (Number.isNaN(expiresAtMs)) return null;
  return Math.max(0, Math.floor((expiresAtMs - nowMs) / DAY_MS));
}

export function daysLeftWords(expiresAtMs: number, nowMs: number): string {
  const days = daysLeft(expiresAtMs, nowMs);
  if (days === null) return t('expiry.unknown');
  if (expiresAtMs <= nowMs) return t('expiry.passed');
  if (days === 0) return t('expiry.lessThanDay');
  return tn('expiry.daysLeft', days);
}
