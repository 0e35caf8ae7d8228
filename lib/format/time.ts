import { memberLocale } from '@/lib/i18n/locale';
import { dateTimeFormat, relativeTimeFormat } from '@/lib/i18n/intl';
import { t } from '@/lib/i18n';

const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

// "3 minutes ago", "in 2 hours"; under 45 seconds ago reads as "just now", and as "now" ahead.
export function formatRelative(
  iso: string,
  now: Date = new Date(),
  locale: string | undefined = memberLocale(),
): string {
  const date = parse(iso);
  if (!date) return t('format.unknownTime');
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const rtf = relativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return seconds <= 0 ? t('format.justNow') : rtf.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.trunc(seconds / size), unit);
  }
  return rtf.format(0, 'second');
}

/** An instant in the member's zone and language: its date, and its time of day unless `withTime` is false. */
function formatInstant(iso: string, withTime: boolean, locale: string | undefined, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return t('format.unknownTime');
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: withTime ? 'short' : undefined, timeZone }).format(
    date,
  );
}

export function formatAbsolute(iso: string, locale: string | undefined = memberLocale(), timeZone?: string): string {
  return formatInstant(iso, true, locale, timeZone);
}

/** The day of an instant, in the member's zone and language, with no time of day ("Nov 3, 2026"). */
export function formatDay(iso: string, locale: string | undefined = memberLocale(), timeZone?: string): string {
  return formatInstant(iso, false, locale, timeZone);
}

// learnedAt is a calendar date (YYYY-MM-DD) with no zone: format it as that date everywhere.
export function formatCalendarDate(day: string, locale: string | undefined = memberLocale()): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return t('format.unknownDate');
  const date = parse(`${day}T00:00:00Z`);
  if (!date) return t('format.unknownDate');
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
