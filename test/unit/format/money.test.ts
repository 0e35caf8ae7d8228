import { describe, expect, it } from 'vitest';
import { notReadable, dollarsToCents, formatCents, formatCentsOrUnreadable, formatMicros } from '@/lib/format/money';

describe('formatCents', () => {
  it('reads 100 cents as one dollar', () => {
    expect(formatCents(100, 'en-US')).toBe('$1.00');
    expect(formatCents(123456, 'en-US')).toBe('$1,234.56');
    expect(formatCents(5, 'en-US')).toBe('$0.05');
    expect(formatCents(0, 'en-US')).toBe('$0.00');
  });
  it("follows the member's locale", () => {
    expect(formatCents(123456, 'de-DE')).toBe('1.234,56\u00a0$');
  });
  it('writes the dollar with its plain sign in every language, never "US$" (Arabic, Hebrew, Portuguese, Chinese)', () => {
    for (const locale of ['ar', 'he', 'pt-BR', 'zh-TW', 'ko', 'fr', 'en-CA']) {
      const text = formatCents(2850, locale);
      expect(text, locale).toContain('$');
      expect(text, locale).not.toMatch(/US|\$US/);
      expect(text.replace(/[^\d.,]/g, ''), locale).toMatch(/^28[.,٫]50$|^٢٨٫٥٠$/);
      expect(formatMicros(1_234_567, locale), locale).not.toMatch(/US/);
    }
  });
  it('never shows a number that is not whole cents as money', () => {
    expect(formatCents(Number.NaN, 'en-US')).toBe(notReadable());
    expect(formatCents(1.5, 'en-US')).toBe(notReadable());
  });
});

describe('formatMicros', () => {
  it('reads 1,000,000 micros as one dollar', () => {
    expect(formatMicros(1_000_000, 'en-US')).toBe('$1.00');
    expect(formatMicros(1_500_000, 'en-US')).toBe('$1.50');
  });
  it('shows small amounts with enough decimals, never as $0.00', () => {
    expect(formatMicros(1, 'en-US')).toBe('$0.000001');
    expect(formatMicros(1_500, 'en-US')).toBe('$0.0015');
    expect(formatMicros(4_321, 'en-US')).toBe('$0.004321');
    expect(formatMicros(123_456_789, 'en-US')).toBe('$123.456789');
  });
});

describe('formatCentsOrUnreadable', () => {
  it('shows null as not readable, never as zero', () => {
    expect(formatCentsOrUnreadable(null, 'en-US')).toBe('not readable right now');
    expect(formatCentsOrUnreadable(undefined, 'en-US')).toBe('not readable right now');
    expect(formatCentsOrUnreadable(0, 'en-US')).toBe('$0.00');
  });
});

describe('dollarsToCents', () => {
  it('converts dollars typed by the member to whole cents', () => {
    expect(dollarsToCents('2.5')).toBe(250);
    expect(dollarsToCents('2.50')).toBe(250);
    expect(dollarsToCents(' $3 ')).toBe(300);
    expect(dollarsToCents('0.01')).toBe(1);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('2.')).toBe(200);
  });
  it('reads a decimal comma, as many languages write an amount', () => {
    expect(dollarsToCents('2,50')).toBe(250);
    expect(dollarsToCents('1,5')).toBe(150);
    expect(dollarsToCents(',5')).toBe(50);
  });
  it('refuses amounts under one cent, negative, over two decimals or not numbers', () => {
    for (const bad of ['', '0', '0.00', '0.001', '-1', '1.234', 'abc', '1e3', '1,500', '1,5,0', 'Infinity', '.']) {
      expect(dollarsToCents(bad), bad).toBeNull();
    }
  });
});
