import { describe, expect, it, vi } from 'vitest';
import { numberFormat, relativeTimeFormat } from '@/lib/i18n/intl';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatCents } from '@/lib/format/money';
import { setTestLocale } from '@/test/unit/setup/i18n';

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

describe('the member’s locale', () => {
  it('asks the browser for its language once per page, not once per figure, and again after a restart', () => {
    const asked = vi.spyOn(fakeBrowser.i18n, 'getUILanguage');
    setTestLocale('de');
    const figures = Array.from({ length: 200 }, (_, i) => formatCents(i * 101));
    expect(figures[100]).toBe(formatCents(10100, 'de'));
    expect(asked).toHaveBeenCalledTimes(1);
    // A restart in another language (the tests' setTestLocale) is worked out afresh.
    setTestLocale('en');
    expect(formatCents(10100)).toBe(formatCents(10100, 'en'));
    expect(asked).toHaveBeenCalledTimes(2);
  });
});
