import { describe, expect, it } from 'vitest';
import { availabilityFromError, findingsAvailability, unavailableWords } from '@/lib/findings/availability';
import { DAY_MS } from '@/lib/findings/expiry';
import { DEFAULT_RETENTION, idsToPrune, parseRetention, retentionWords } from '@/lib/storage/pruning';
import { contributionStateWords, findingKindWords, findingStatusWords, sourceKindWords } from '@/lib/words/findings';

describe('findings words', () => {
  it('words every status, and names an unknown one', () => {
    expect(findingStatusWords('in_draft')).toMatch(/waiting for your sign-off/);
    expect(findingStatusWords('checking')).toMatch(/checked/);
    expect(findingStatusWords('expired')).toMatch(/30 days/);
    expect(findingStatusWords('joined')).toMatch(/contribution/);
    for (const s of ['received', 'discarded', 'refused', 'declined', 'waiting', 'removed'] as const) {
      expect(findingStatusWords(s)).not.toMatch(/unknown/);
    }
    expect(findingStatusWords({ unknown: 'melted' })).toMatch(/unknown.*melted/);
  });

  it('words kinds, sources and contribution states', () => {
    expect(findingKindWords('pitfall')).toBe('Pitfall');
    expect(findingKindWords({ unknown: 'poem' })).toMatch(/poem/);
    expect(sourceKindWords('release_note')).toBe('Release note');
    expect(contributionStateWords(null)).toBeNull();
    expect(contributionStateWords('trial')).toMatch(/10 times/);
    expect(contributionStateWords('replaced')).toMatch(/newer/);
  });
});

describe('findings availability', () => {
  it('is available only to a connection that keeps findings and is not session-scoped', () => {
    expect(findingsAvailability({ keepsFindings: true, sessionId: null })).toEqual({ available: true });
    expect(findingsAvailability({ keepsFindings: false, sessionId: null })).toEqual({
      available: false,
      why: 'not_kept',
    });
    expect(findingsAvailability({ keepsFindings: null, sessionId: null })).toEqual({
      available: false,
      why: 'not_asked',
    });
    expect(findingsAvailability({ keepsFindings: true, sessionId: 's1' })).toEqual({
      available: false,
      why: 'session_scoped',
    });
    expect(findingsAvailability(null)).toEqual({ available: false, why: 'unknown' });
  });

  it('reads the same from GET /findings refusals', () => {
    expect(availabilityFromError('not_available', 'findings_not_kept')).toEqual({ available: false, why: 'not_kept' });
    expect(availabilityFromError('session_scoped')).toEqual({ available: false, why: 'session_scoped' });
    expect(availabilityFromError('not_available', 'other')).toBeNull();
  });

  it('says where the member sets the choice', () => {
    expect(unavailableWords('not_kept').where).toMatch(/connection’s page/);
    expect(unavailableWords('session_scoped').canChange).toBe(false);
  });
});

describe('pruning cached results', () => {
  const now = Date.parse('2026-11-30T00:00:00Z');
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS).toISOString();

  it('drops results older than the age limit, oldest first', () => {
    const items = [
      { id: 'new', at: at(1) },
      { id: 'old', at: at(100) },
      { id: 'older', at: at(200) },
      { id: 'edge', at: at(90) },
    ];
    expect(idsToPrune(items, { maxAgeDays: 90, maxCount: null }, now)).toEqual(['older', 'old']);
  });

  it('keeps only the newest N', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ id: i, at: at(i) }));
    expect(idsToPrune(items, { maxAgeDays: null, maxCount: 4 }, now)).toEqual([5, 4]);
  });

  it('never drops a result still in use, which still counts', () => {
    const items = [
      { id: 'a', at: at(1) },
      { id: 'running', at: at(0), keep: true },
      { id: 'waiting', at: at(300), keep: true },
      { id: 'b', at: at(2) },
      { id: 'c', at: at(3) },
    ];
    expect(idsToPrune(items, { maxAgeDays: 30, maxCount: 2 }, now)).toEqual(['c', 'b']);
  });

  it('drops an unreadable time first, and nothing without limits', () => {
    expect(
      idsToPrune(
        [
          { id: 'x', at: 'nope' },
          { id: 'y', at: at(1) },
        ],
        { maxAgeDays: 30, maxCount: null },
        now,
      ),
    ).toEqual(['x']);
    expect(idsToPrune([{ id: 'x', at: at(9999) }], { maxAgeDays: null, maxCount: null }, now)).toEqual([]);
  });

  it('states the limit and reads it from the options page', () => {
    expect(retentionWords(DEFAULT_RETENTION)).toMatch(/older than 180 days or beyond the newest 10,000 calls/);
    expect(retentionWords({ maxAgeDays: null, maxCount: null })).toMatch(/until you clear/);
    expect(parseRetention('30', '')).toEqual({ maxAgeDays: 30, maxCount: null });
    expect(parseRetention('0', '5')).toBeNull();
    expect(parseRetention('1.5', '5')).toBeNull();
  });
});
