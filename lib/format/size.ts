import { memberLocale } from '@/lib/i18n/locale';
import { numberFormat } from '@/lib/i18n/intl';
import { t } from '@/lib/i18n';
import type { Amount } from '@/lib/contract/tolerant';
import { amountWords } from './amount';

// Decimal units, as the contract's limits are counted (G7: 1 kB = 1,000 bytes, 20 MB = 20,000,000 bytes), so a
// limit the site states reads the same in the panel: one unit for bytes everywhere. Intl writes the unit in the
// member's language ("20 MB", "20 Mo", "20 МБ").
const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
const STEP = 1000;

export function formatBytes(amount: Amount, locale: string | undefined = memberLocale()): string {
  return amountWords(amount, (bytes) => bytesWords(bytes, locale));
}

function bytesWords(bytes: number, locale: string | undefined): string {
  if (!Number.isFinite(bytes) || bytes < 0) return t('format.unknownSize');
  if (bytes < STEP) {
    return numberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long', maximumFractionDigits: 0 }).format(
      bytes,
    );
  }
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'kilobyte';
  for (const next of UNITS) {
    value /= STEP;
    unit = next;
    if (value < STEP) break;
  }
  const digits = value < 10 ? 1 : 0;
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(
    value,
  );
}

/** Every byte, as a limit is checked: "47,912 bytes", "47.912 Byte". */
export function formatExactBytes(bytes: number, locale: string | undefined = memberLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return t('format.unknownSize');
  return numberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long', maximumFractionDigits: 0 }).format(
    bytes,
  );
}
