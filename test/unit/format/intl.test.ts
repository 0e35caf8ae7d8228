import { describe, expect, it } from 'vitest';
import { numberFormat, relativeTimeFormat } from '../../../lib/format/intl';
import { formatCents } from '../../../lib/format/money';

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same locale and options, another for others', () => {
    expect(numberFormat('de', { maximumFractionDigits: 0 })).toBe(numberFormat('de', { maximumFractionDigits: 0 }));
    expect(numberFormat('de', { maximumFractionDigits: 0 })).not.toBe(numberFormat('fr', { maximumFractionDigits: 0 }));
    expect(numberFormat('de', { maximumFractionDigits: 0 })).not.toBe(numberFormat('de', { maximumFractionDigits: 2 }));
    expect(relativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day')).toBe('yesterday');
  });

  it('formats in each locale as asked, whichever was made first', () => {
    const en = formatCents(123456, 'en-US');
    const de = formatCents(123456, 'de-DE');
    expect(en).not.toBe(de);
    expect(formatCents(123456, 'en-US')).toBe(en);
  });
});
