import { describe, expect, it } from 'vitest';
import { availabilityFromError, findingsAvailability, unavailableWords } from '@/lib/findings/availability';
import { DEFAULT_RETENTION, parseRetention, retentionWords } from '@/lib/storage/pruning';
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
    expect(contributionStateWords('trial')).toMatch(/10 more times/);
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
  it('states the limit and reads it from the options page', () => {
    expect(retentionWords(DEFAULT_RETENTION)).toMatch(/older than 180 days or beyond the newest 10,000 calls/);
    expect(retentionWords({ maxAgeDays: null, maxCount: null })).toMatch(/until you clear/);
    expect(parseRetention('30', '')).toEqual({ maxAgeDays: 30, maxCount: null });
    expect(parseRetention('0', '5')).toBeNull();
    expect(parseRetention('1.5', '5')).toBeNull();
  });
});
