import { describe, expect, it } from 'vitest';
import { formatIssues } from '@/lib/contract/issues';
import { dateTime, day } from '@/lib/contract/times';

describe("the contract's times", () => {
  it.each([
    '2026-11-26T14:36:04Z',
    '2026-11-26T14:36:04.123456+01:00',
    '2026-11-26T14:36-05:30',
    '2024-02-29T23:59:59Z',
  ])('a date-time with its zone is read: %s', (value) => {
    expect(dateTime().safeParse(value).success).toBe(true);
  });

  it.each([
    'yesterday',
    '2026-11-26T14:36:04',
    '2026-11-26 14:36:04Z',
    '2026-13-01T00:00:00Z',
    '2026-11-32T00:00:00Z',
    '2026-11-26T24:00:00Z',
    '2026-11-26T14:60:00Z',
    '2026-11-26T14:36:04+1:00',
    '2026-11-26',
    ' 2026-11-26T14:36:04Z',
  ])('anything else is not: %s', (value) => {
    expect(dateTime().safeParse(value).success).toBe(false);
  });

  it('a day is YYYY-MM-DD and nothing more', () => {
    expect(day().safeParse('2026-11-26').success).toBe(true);
    for (const bad of ['2026-11-26T00:00:00Z', '2026-1-26', '2026-00-10', '26-11-2026']) {
      expect(day().safeParse(bad).success).toBe(false);
    }
  });

  it("an issue names the time's format as the contract's token, not the pattern", () => {
    const at = dateTime().safeParse('soon');
    const learnedAt = day().safeParse('soon');
    expect(at.success || formatIssues(at.error.issues)).toEqual(['(answer): expected datetime']);
    expect(learnedAt.success || formatIssues(learnedAt.error.issues)).toEqual(['(answer): expected date']);
  });
});
