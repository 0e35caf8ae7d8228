import { t } from '@/lib/i18n';
import { DAY_MS } from '@/lib/time';

// The periods the member picks for spending (GET /me spentSince): the start of the period as an ISO
// 8601 date-time with its zone (G12), computed from the member's clock and time zone.
export type SpendingPeriod = 'day' | 'week' | 'month' | 'calendar_month' | 'since_date';

/** The periods in the order the member is offered them, with their words. */
export function spendingPeriodWords(): Record<SpendingPeriod, string> {
  return {
    day: t('spending.period.day'),
    week: t('spending.period.week'),
    month: t('spending.period.month'),
    calendar_month: t('spending.period.calendarMonth'),
    since_date: t('spending.period.sinceDate'),
  };
}

/**
 * The start of the period, or null when the date typed is not a date (YYYY-MM-DD, as a date input
 * gives) or lies in the future. A chosen date starts at local midnight.
 */
export function spendingSince(period: SpendingPeriod, now: Date, date = ''): string | null {
  switch (period) {
    case 'day':
      return new Date(now.getTime() - DAY_MS).toISOString();
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS).toISOString();
    case 'month':
      return new Date(now.getTime() - 30 * DAY_MS).toISOString();
    case 'calendar_month':
      return new Date(now.getFullYear(), now.getMonth(), 1).toISOString();
    case 'since_date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
      if (!m) return null;
      const start = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      if (Number.isNaN(start.getTime()) || start.getMonth() !== Number(m[2]) - 1 || start > now) return null;
      return start.toISOString();
    }
  }
}
