import { describe, expect, it } from 'vitest';
import { NEWEST_SHOWN_WHOLE, shownWhole } from '@/lib/session/results-shown';

describe('shownWhole', () => {
  it('shows the newest results whole and folds the earlier ones', () => {
    const count = 10;
    const whole = Array.from({ length: count }, (_, i) => shownWhole(i, count, 'passed'));
    expect(whole.filter(Boolean)).toHaveLength(NEWEST_SHOWN_WHOLE);
    expect(whole.slice(count - NEWEST_SHOWN_WHOLE).every(Boolean)).toBe(true);
    expect(whole.slice(0, count - NEWEST_SHOWN_WHOLE).some(Boolean)).toBe(false);
  });

  it('a session with few results shows all of them whole', () => {
    expect([0, 1].map((i) => shownWhole(i, 2, 'failed'))).toEqual([true, true]);
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
