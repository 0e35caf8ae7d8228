import { memberLocale } from './locale';
import { numberFormat } from './intl';

export function formatCount(count: number, locale: string | undefined = memberLocale()): string {
  if (!Number.isFinite(count)) return 'unknown';
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(count);
}

// matchBps is in basis points (10,000 = 100%). Rounded down so a near match never reads as 100%.
export function formatMatch(bps: number, locale: string | undefined = memberLocale()): string {
  if (!Number.isFinite(bps)) return 'unknown';
  const clamped = Math.min(Math.max(bps, 0), 10_000);
  return numberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
    roundingMode: 'floor',
  }).format(clamped / 10_000);
}

// "1 call", "3 calls": English plural only, the panel's words are English.
export function plural(count: number, one: string, many: string, locale?: string): string {
  return `${formatCount(count, locale)} ${count === 1 ? one : many}`;
}
