import { describe, expect, it } from 'vitest';
import { admit, NOTIFY_WINDOW_MS, SUMMARY_GRACE_MS, summaryDueAt, summaryText, takeSummaries } from '@/lib/notify/pace';

const T0 = Date.UTC(2026, 10, 24, 12);

/** r0 shown at T0, r1 held a millisecond later for the minute's summary. */
function oneShownOneHeld() {
  return admit(admit({}, 'call_finished', T0, 'call:r0:finished').pace, 'call_finished', T0 + 1, 'call:r1:finished');
}

describe('notification pace', () => {
  it('shows the first of a kind, holds the rest of the minute, and sums them up after it', () => {
    let pace = admit({}, 'call_finished', T0, 'call:r0:finished').pace;
    for (let i = 1; i <= 2; i++) {
      const step = admit(pace, 'call_finished', T0 + i * 1000, `call:r${i}:finished`);
      expect(step.show).toBe(false);
      pace = step.pace;
    }
    expect(admit(pace, 'approval_needed', T0 + 2000, 'approval:a1:needed').show).toBe(true);
    expect(summaryDueAt(pace)).toBe(T0 + NOTIFY_WINDOW_MS);
    expect(takeSummaries(pace, T0 + NOTIFY_WINDOW_MS - 1).show).toEqual([]);
    const taken = takeSummaries(pace, T0 + NOTIFY_WINDOW_MS);
    expect(taken.show).toEqual([{ kind: 'call_finished', count: 2 }]);
    expect(summaryDueAt(taken.pace)).toBeNull();
    // The summary counts as the minute's notification.
    expect(admit(taken.pace, 'call_finished', T0 + NOTIFY_WINDOW_MS + 1000, 'call:r3:finished').show).toBe(false);
  });

  it('drops a summary shown too late (a stopped worker, a sleeping machine)', () => {
    const pace = oneShownOneHeld().pace;
    const late = takeSummaries(pace, T0 + NOTIFY_WINDOW_MS + SUMMARY_GRACE_MS + 1);
    expect(late.show).toEqual([]);
    expect(late.dropped).toEqual([{ kind: 'call_finished', count: 1 }]);
    expect(summaryDueAt(late.pace)).toBeNull();
  });

  it('the next event after a summary too late drops it and says how many it held, never shows or keeps them', () => {
    const held = oneShownOneHeld();
    expect(held.dropped).toBe(0);
    // Up to the grace's end the held events stay for their summary, as takeSummaries would still show it.
    const lastMoment = T0 + NOTIFY_WINDOW_MS + SUMMARY_GRACE_MS;
    expect(takeSummaries(held.pace, lastMoment).show).toEqual([{ kind: 'call_finished', count: 1 }]);
    const inTime = admit(held.pace, 'call_finished', lastMoment, 'call:r2:finished');
    expect(inTime).toMatchObject({ show: true, dropped: 0 });
    expect(inTime.pace.call_finished?.held).toEqual(['call:r1:finished']);
    const late = admit(held.pace, 'call_finished', lastMoment + 1, 'call:r2:finished');
    expect(late).toMatchObject({ show: true, dropped: 1 });
    expect(summaryDueAt(late.pace)).toBeNull();
  });

  it('an event a summary told of, admitted again (its worker stopped before noting it told), is not told alone', () => {
    const held = oneShownOneHeld();
    const taken = takeSummaries(held.pace, T0 + NOTIFY_WINDOW_MS);
    expect(taken.show).toEqual([{ kind: 'call_finished', count: 1 }]);
    // After the summary's minute too, and after another event was shown alone.
    const next = admit(taken.pace, 'call_finished', T0 + 3 * NOTIFY_WINDOW_MS, 'call:r2:finished');
    expect(next.show).toBe(true);
    for (const pace of [taken.pace, next.pace]) {
      const again = admit(pace, 'call_finished', T0 + 3 * NOTIFY_WINDOW_MS + 1, 'call:r1:finished');
      expect(again).toEqual({ show: false, pace, dropped: 0 });
    }
  });

  it('an event admitted again (its worker stopped before noting it told) is shown again or held, never counted twice', () => {
    const shown = admit({}, 'call_finished', T0, 'call:r0:finished');
    const again = admit(shown.pace, 'call_finished', T0 + 500, 'call:r0:finished');
    // Shown again under the same notification id, which replaces the first (the notifier shows it again only
    // when it is no longer on screen).
    expect(again).toEqual({ show: true, pace: shown.pace, dropped: 0 });
    let pace = admit(again.pace, 'call_finished', T0 + 1000, 'call:r1:finished').pace;
    const heldAgain = admit(pace, 'call_finished', T0 + 2000, 'call:r1:finished');
    expect(heldAgain.show).toBe(false);
    pace = admit(heldAgain.pace, 'call_finished', T0 + 3000, 'call:r2:finished').pace;
    expect(takeSummaries(pace, T0 + NOTIFY_WINDOW_MS).show).toEqual([{ kind: 'call_finished', count: 2 }]);
  });

  it('a clock that went back does not hold notifications for ever', () => {
    const pace = admit({}, 'call_finished', T0, 'call:r0:finished').pace;
    expect(admit(pace, 'call_finished', T0 - 3_600_000, 'call:r1:finished').show).toBe(true);
  });

  it('says the count in the extension’s words, one and many', () => {
    expect(summaryText({ kind: 'call_finished', count: 1 }).title).toBe('1 more call ended');
    expect(summaryText({ kind: 'call_finished', count: 3 }).title).toBe('3 more calls ended');
    expect(summaryText({ kind: 'approval_needed', count: 2 }).title).toBe('2 more calls wait for your approval');
  });
});
