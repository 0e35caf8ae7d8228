import { memberLocale } from '@/lib/i18n/locale';
import { numberFormat } from '@/lib/i18n/intl';
import { t } from '@/lib/i18n';
import type { Amount } from '@/lib/contract/tolerant';
import { amountWords } from './amount';

export function formatCount(count: Amount, locale: string | undefined = memberLocale()): string {
  return amountWords(count, (n) =>
    Number.isFinite(n) ? numberFormat(locale, { maximumFractionDigits: 0 }).format(n) : t('format.unknown'),
  );
}

/** A match in whole percent, 0 to 100: matchBps is in basis points (10,000 = 100%), rounded down so a near
 * match never reads as 100%. */
export function matchPercent(bps: number): number {
  if (!Number.isFinite(bps)) return 0;
  return Math.floor(Math.min(Math.max(bps, 0), 10_000) / 100);
}

export function formatMatch(bps: number, locale: string | undefined = memberLocale()): string {
  if (!Number.isFinite(bps)) return t('format.unknown');
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(matchPercent(bps) / 100);
}
