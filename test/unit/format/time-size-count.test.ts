import { describe, expect, it } from 'vitest';
import { formatCount, formatMatch, matchPercent } from '@/lib/format/count';
import { matchWords } from '@/lib/words/match';
import { tn } from '@/lib/i18n';
import { formatBytes } from '@/lib/format/size';
import { formatAbsolute, formatCalendarDate, formatRelative } from '@/lib/format/time';

const NOW = new Date('2026-11-01T12:00:00Z');

describe('formatRelative', () => {
  it('reads past and future times in words', () => {
    expect(formatRelative('2026-11-01T11:57:00Z', NOW, 'en-US')).toBe('3 minutes ago');
    expect(formatRelative('2026-11-01T14:00:00Z', NOW, 'en-US')).toBe('in 2 hours');
    expect(formatRelative('2026-10-31T12:00:00Z', NOW, 'en-US')).toBe('yesterday');
    expect(formatRelative('2026-11-01T11:59:50Z', NOW, 'en-US')).toBe('just now');
    expect(formatRelative('2026-11-01T12:00:10Z', NOW, 'en-US')).toBe('now');
  });
  it('does not invent a time for an unreadable one', () => {
    expect(formatRelative('not a date', NOW, 'en-US')).toBe('unknown time');
  });
});

describe('formatAbsolute', () => {
  it('shows date and time in the given zone', () => {
    expect(formatAbsolute('2026-11-01T12:00:00Z', 'en-US', 'UTC')).toBe('Nov 1, 2026, 12:00 PM');
    expect(formatAbsolute('nope', 'en-US')).toBe('unknown time');
  });
  it('reads a calendar date as that date in every zone', () => {
    expect(formatCalendarDate('2026-03-04', 'en-US')).toBe('Mar 4, 2026');
    expect(formatCalendarDate('2026-3-4', 'en-US')).toBe('unknown date');
  });
});

describe('formatBytes', () => {
  it('uses decimal units, as the contract counts its limits (G7): 20 MB is 20,000,000 bytes', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 bytes');
    expect(formatBytes(999, 'en-US')).toBe('999 bytes');
    expect(formatBytes(1000, 'en-US')).toBe('1 kB');
    expect(formatBytes(1500, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(1_000_000, 'en-US')).toBe('1 MB');
    expect(formatBytes(64_000, 'en-US')).toBe('64 kB');
    expect(formatBytes(20_000_000, 'en-US')).toBe('20 MB');
    expect(formatBytes(3_000_000_000, 'en-US')).toBe('3 GB');
    expect(formatBytes(-1, 'en-US')).toBe('unknown size');
  });
  it('writes the unit in the member’s language', () => {
    expect(formatBytes(20_000_000, 'fr')).toBe('20\u202fMo');
    expect(formatBytes(1500, 'de')).toBe('1,5 kB');
    expect(formatBytes(512, 'de')).toBe('512 Byte');
  });
});

describe('counts', () => {
  it('formats counts and plurals', () => {
    expect(formatCount(12345, 'en-US')).toBe('12,345');
    expect(tn('sessionSummary.calls', 1)).toBe('1 call');
    expect(tn('sessionSummary.calls', 2)).toBe('2 calls');
    expect(tn('sessionSummary.calls', 12345)).toBe('12,345 calls');
  });
  it('shows a match in basis points as a percentage rounded down', () => {
    expect(formatMatch(8734, 'en-US')).toBe('87%');
    expect(formatMatch(9999, 'en-US')).toBe('99%');
    expect(formatMatch(10_000, 'en-US')).toBe('100%');
    expect(formatMatch(-5, 'en-US')).toBe('0%');
    expect([8734, 9999, 10_000, 12_000, -5].map(matchPercent)).toEqual([87, 99, 100, 100, 0]);
  });
  it('words a match by the percentage shown, the bands ours: strong from 60%, some from 30%, weak under', () => {
    expect(matchWords(10_000)).toBe('Strong match');
    expect(matchWords(6000)).toBe('Strong match');
    expect(matchWords(5999)).toBe('Some match');
    expect(matchWords(3000)).toBe('Some match');
    expect(matchWords(2999)).toBe('Weak match');
    expect(matchWords(0)).toBe('Weak match');
  });
});
