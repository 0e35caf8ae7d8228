import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db';
import { CHARGE_HISTORY_MAX, recentCharges } from '@/lib/db/queries';
import { sessionMaxCents } from '@/lib/sessions/spend';
import { makeCall, makeResult } from '@/test/unit/components/fixtures';

beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

function call(n: number, agentId: string, over: Parameters<typeof makeCall>[0] = {}) {
  return makeCall({
    localId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    request: { agentId, callId: 'question', question: 'q', maxCents: n * 100 },
    createdAt: `2026-05-01T10:${String(n).padStart(2, '0')}:00.000Z`,
    result: makeResult({ status: 'passed', charge: { ...makeResult().charge!, chargedCents: n } }),
    ...over,
  });
}

describe('recentCharges: the member’s own receipts from an agent', () => {
  it('newest first, passed calls with a charge only, this agent only, at most a few', async () => {
    await db.calls.bulkPut([
      ...Array.from({ length: 8 }, (_, i) => call(i + 1, 'ag_1')),
      call(20, 'ag_1', { result: makeResult({ status: 'failed', charge: null }) }),
      call(21, 'ag_1', { result: makeResult({ status: 'returned' }) }),
      call(22, 'ag_1', { state: 'started', result: null }),
      call(23, 'ag_2'),
    ]);
    expect(await recentCharges(db, 'ag_1')).toEqual([8, 7, 6, 5, 4].slice(0, CHARGE_HISTORY_MAX));
    expect(await recentCharges(db, 'ag_3')).toEqual([]);
  });
});

describe('sessionMaxCents: the session keeps its first call’s Spend at most', () => {
  it('is the oldest call’s maxCents, null when it had none or no call is known', () => {
    expect(sessionMaxCents([call(3, 'a'), call(2, 'a'), call(5, 'a')])).toBe(200);
    expect(sessionMaxCents([call(2, 'a', { request: { agentId: 'a', callId: 'apply' } }), call(3, 'a')])).toBe(null);
    expect(sessionMaxCents([])).toBe(null);
  });
});
