import { memberLocale } from './locale';

// Binary units, as the contract's limits are counted (G7: 1 MB = 1,048,576 bytes).
const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number, locale: string | undefined = memberLocale()): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'unknown size';
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  if (bytes < 1024) return `${whole.format(bytes)} B`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${unit}`;
}
