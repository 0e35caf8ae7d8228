import { describe, expect, it } from 'vitest';
import { sessionRow } from '@/lib/db/session-row';
import { session } from '@/test/unit/plan/fixtures';

describe('a session row', () => {
  it('is listed by its last call, written in UTC so the index orders it in time', () => {
    const row = sessionRow(
      session({ sessionId: 's1', lastCallAt: '2026-05-01T12:30:00+02:00' }),
      '2026-05-01T11:00:00.000Z',
    );
    expect(row).toMatchObject({
      sessionId: 's1',
      readAt: '2026-05-01T11:00:00.000Z',
      listedAt: '2026-05-01T10:30:00.000Z',
    });
  });

  it('without a call yet, is listed by when it was read', () => {
    const row = sessionRow(session({ sessionId: 's2', lastCallAt: null }), '2026-05-01T11:00:00.000Z');
    expect(row.listedAt).toBe('2026-05-01T11:00:00.000Z');
  });
});
