import { describe, expect, it } from 'vitest';
import { lastMoveOf, meBehind } from '@/lib/db/balance-moved';

const at = (minute: number) => `2026-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`;

describe('when the balance last moved', () => {
  it('is the latest 202 or end of a call the site accepted; a call never accepted moved nothing', () => {
    expect(lastMoveOf([])).toBeNull();
    expect(lastMoveOf([{ runId: null, startedAt: null, finishedAt: at(9) }])).toBeNull();
    expect(
      lastMoveOf([
        { runId: 'run_1', startedAt: at(1), finishedAt: at(5) },
        { runId: 'run_2', startedAt: at(7), finishedAt: null },
        { runId: null, startedAt: null, finishedAt: at(9) },
      ]),
    ).toBe(Date.parse(at(7)));
  });

  it('a GET /me read before it, or never, is behind; one read at or after it is not', () => {
    const moved = Date.parse(at(5));
    expect(meBehind(at(4), moved)).toBe(true);
    expect(meBehind(null, moved)).toBe(true);
    expect(meBehind(at(5), moved)).toBe(false);
    expect(meBehind(at(6), moved)).toBe(false);
    expect(meBehind(at(4), null)).toBe(false);
  });
});
