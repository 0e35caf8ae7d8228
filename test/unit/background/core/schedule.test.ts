import { describe, expect, it } from 'vitest';
import {
  ALARM_MIN_DELAY_MS,
  alarmTime,
  approvalCheckIntervalMs,
  backoffMs,
  earliest,
  expectedRunMs,
  nextPollAt,
  QUIET_CAP_MS,
  type OpenCall,
  planReads,
  pollIntervalMs,
} from '@/lib/schedule';

const T0 = Date.UTC(2026, 0, 1);

describe('poll pace', () => {
  it('is fast at first and backs off while a call runs', () => {
    expect(pollIntervalMs(0)).toBe(1000);
    expect(pollIntervalMs(9_999)).toBe(1000);
    expect(pollIntervalMs(10_000)).toBe(2000);
    expect(pollIntervalMs(60_000)).toBe(5000);
    expect(pollIntervalMs(5 * 60_000)).toBe(15_000);
    expect(pollIntervalMs(60 * 60_000)).toBe(30_000);
    // Never faster as time goes on.
    let last = 0;
    for (let age = 0; age < 3_600_000; age += 997) {
      const i = pollIntervalMs(age);
      expect(i).toBeGreaterThanOrEqual(last);
      last = i;
    }
  });

  it('counts the reads of a call over its first ten minutes on a fake clock', () => {
    let now = T0;
    let reads = 0;
    while (now < T0 + 10 * 60_000) {
      now = nextPollAt(now, T0);
      reads++;
    }
    // 10 + 10 + 18 + 32 reads: fast while it is likely to end, sparse after.
    expect(reads).toBe(70);
  });

  it('obeys Retry-After and a global pause when they are later', () => {
    expect(nextPollAt(T0, T0)).toBe(T0 + 1000);
    expect(nextPollAt(T0, T0, { retryAfterMs: 7000 })).toBe(T0 + 7000);
    expect(nextPollAt(T0, T0, { retryAfterMs: 200 })).toBe(T0 + 1000);
    expect(nextPollAt(T0, T0, { pausedUntil: T0 + 12_000 })).toBe(T0 + 12_000);
  });
});

describe('backoff', () => {
  it('doubles from 0.5 s to a cap, with jitter between half and the whole step', () => {
    expect(backoffMs(0, 0)).toBe(250);
    expect(backoffMs(0, 0.999999)).toBe(500);
    expect(backoffMs(1, 1)).toBe(1000);
    expect(backoffMs(3, 1)).toBe(4000);
    expect(backoffMs(20, 1)).toBe(30_000);
    expect(backoffMs(20, 0)).toBe(15_000);
  });
});

describe('alarms', () => {
  it('are never sooner than the browser minimum', () => {
    expect(alarmTime(T0, T0 + 1000)).toBe(T0 + ALARM_MIN_DELAY_MS);
    expect(alarmTime(T0, T0 + 90_000)).toBe(T0 + 90_000);
    expect(earliest([null, T0 + 5, undefined, T0 + 2])).toBe(T0 + 2);
    expect(earliest([])).toBeNull();
  });
});

describe('planReads', () => {
  const call = (localId: string, sessionId: string | null, due: number | null): OpenCall => ({
    localId,
    runId: `run-${localId}`,
    sessionId,
    nextPollAt: due,
  });

  it('reads nothing while no call is open', () => {
    expect(planReads([], T0)).toEqual([]);
  });

  it('reads a session once for several open calls in it, and lone calls one by one', () => {
    const reads = planReads(
      [call('a', 's1', T0), call('b', 's1', T0 + 5000), call('c', 's2', T0), call('d', null, T0 - 1)],
      T0,
    );
    expect(reads).toEqual([
      { kind: 'session', sessionId: 's1', localIds: ['a', 'b'] },
      { kind: 'call', runId: 'run-d', localIds: ['d'] },
      { kind: 'call', runId: 'run-c', localIds: ['c'] },
    ]);
  });

  it('reads nothing before a call is due', () => {
    expect(planReads([call('a', 's1', T0 + 1), call('b', 's1', T0 + 2), call('c', null, T0 + 3)], T0)).toEqual([]);
  });
});

describe('approval checks', () => {
  it('check quickly first, then slower', () => {
    expect(approvalCheckIntervalMs(0)).toBe(3000);
    expect(approvalCheckIntervalMs(5 * 60_000)).toBe(10_000);
    expect(approvalCheckIntervalMs(20 * 60_000)).toBe(20_000);
  });
});

describe('reads spaced by what the answers said', () => {
  it('learns the median of the latest ended calls; nothing learned from no history', () => {
    expect(expectedRunMs([])).toBeNull();
    expect(expectedRunMs([4200])).toBe(4200);
    expect(expectedRunMs([4000, 60_000, 4400])).toBe(4400);
    expect(expectedRunMs([4000, 4400])).toBe(4200);
    expect(expectedRunMs([Number.NaN, -5, 0])).toBeNull();
  });

  it('waits for the expected end before the first read, but never longer than QUIET_CAP_MS', () => {
    expect(nextPollAt(T0, T0, { expectedRunMs: 3500 })).toBe(T0 + 3500);
    expect(nextPollAt(T0, T0, { expectedRunMs: 60_000 })).toBe(T0 + QUIET_CAP_MS);
    // Past the expected end: the usual pace.
    expect(nextPollAt(T0 + 5000, T0, { expectedRunMs: 3500 })).toBe(T0 + 6000);
    // Later in a long call the pace is slower than the cap: the expected end never makes it faster.
    expect(nextPollAt(T0 + 5 * 60_000, T0, { expectedRunMs: 10 * 60_000 })).toBe(T0 + 5 * 60_000 + 15_000);
    // A Retry-After still wins.
    expect(nextPollAt(T0, T0, { expectedRunMs: 3500, retryAfterMs: 9000 })).toBe(T0 + 9000);
  });

  it('a call being checked is read again soon, whatever was expected', () => {
    expect(nextPollAt(T0 + 2000, T0, { expectedRunMs: 60_000, checking: true })).toBe(T0 + 3000);
    expect(nextPollAt(T0 + 10 * 60_000, T0, { checking: true })).toBe(T0 + 10 * 60_000 + 2000);
  });
});
