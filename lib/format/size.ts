import { memberLocale } from './locale';
import { numberFormat } from './intl';

// Decimal units, as the contract's limits are counted (G7: 1 KB = 1,000 bytes, 20 MB = 20,000,000 bytes), so a
// limit the site states reads the same in the panel: one unit for bytes everywhere.
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const STEP = 1000;

export function formatBytes(bytes: number, locale: string | undefined = memberLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown size';
  const whole = numberFormat(locale, { maximumFractionDigits: 0 });
  if (bytes < STEP) return `${whole.format(bytes)} B`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= STEP;
    unit = next;
    if (value < STEP) break;
  }
  const digits = value < 10 ? 1 : 0;
  return `${numberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${unit}`;
}
