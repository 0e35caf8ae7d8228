import { describe, expect, it } from 'vitest';
import { firstListed, NEWEST_LISTED, NEWEST_SHOWN_WHOLE, shownWhole } from '@/lib/sessions/results-shown';

describe('shownWhole', () => {
  it('shows the newest results whole and folds the earlier ones', () => {
    const count = 10;
    const whole = Array.from({ length: count }, (_, i) => shownWhole(i, count, 'passed'));
    expect(whole.filter(Boolean)).toHaveLength(NEWEST_SHOWN_WHOLE);
    expect(whole.slice(count - NEWEST_SHOWN_WHOLE).every(Boolean)).toBe(true);
    expect(whole.slice(0, count - NEWEST_SHOWN_WHOLE).some(Boolean)).toBe(false);
  });

  it('a session with a single result shows it whole', () => {
    expect(shownWhole(0, 1, 'failed')).toBe(true);
  });

  it('an earlier call still running stays whole, so its stop button is at hand', () => {
    expect(shownWhole(0, 10, 'in_progress')).toBe(true);
    expect(shownWhole(0, 10, 'checking')).toBe(true);
    // A status this version does not know is folded like an ended one.
    expect(shownWhole(0, 10, { unknown: 'paused' })).toBe(false);
  });

  it('refuses a place outside the results', () => {
    expect(() => shownWhole(5, 5, 'passed')).toThrow(RangeError);
    expect(() => shownWhole(-1, 5, 'passed')).toThrow(RangeError);
    expect(() => shownWhole(1.5, 5, 'passed')).toThrow(RangeError);
  });
});

describe('firstListed', () => {
  const ended = (n: number) => Array.from({ length: n }, () => 'passed' as const);

  it('lists the newest results at open and keeps the earlier ones back', () => {
    expect(firstListed(ended(50))).toBe(50 - NEWEST_LISTED);
    expect(firstListed(ended(NEWEST_LISTED + 1))).toBe(1);
  });

  it('lists every result of a short session', () => {
    expect(firstListed(ended(NEWEST_LISTED))).toBe(0);
    expect(firstListed(ended(3))).toBe(0);
    expect(firstListed([])).toBe(0);
  });

  it('lists from the earliest call still running, so no stop button is out of reach', () => {
    const statuses = [...ended(50)] as Parameters<typeof firstListed>[0][number][];
    statuses[7] = 'in_progress';
    statuses[20] = 'checking';
    expect(firstListed(statuses)).toBe(7);
    // A status this version does not know is held back like an ended one.
    statuses[7] = { unknown: 'paused' };
    expect(firstListed(statuses)).toBe(20);
  });

  it('refuses what is not a list', () => {
    expect(() => firstListed(null as unknown as [])).toThrow(TypeError);
  });
});
