import 'fake-indexeddb/auto';
import { sessionRow } from '@/lib/db/session-row';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppDb, type CallRow } from '@/lib/db';
import { callHistoryStatus, sessionHistoryStatus } from '@/lib/history/filter';
import { historyAgents, historyCalls, historySessions } from '@/lib/history/queries';
import { spendingSince } from '@/lib/history/spending-period';
import { makeCall, makeResult, ut } from '@/test/unit/components/fixtures';
import { session } from '@/test/unit/plan/fixtures';

let d: AppDb;
beforeEach(() => {
  d = new AppDb(`history-${crypto.randomUUID()}`);
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute)).toISOString();

function call(id: string, minute: number, agentId: string, over: Partial<CallRow> = {}): CallRow {
  const base = makeCall({ localId: id, createdAt: at(minute), agentName: ut(`Agent ${agentId}`), ...over });
  return { ...base, request: { ...base.request, agentId } };
}

describe('history status', () => {
  it('names where a call ended, whatever step it went through', () => {
    expect(callHistoryStatus({ state: 'finished', result: makeResult({ status: 'passed' }) })).toBe('passed');
    expect(callHistoryStatus({ state: 'finished', result: makeResult({ status: 'returned' }) })).toBe('failed');
    expect(callHistoryStatus({ state: 'finished', result: null })).toBe('failed');
    expect(callHistoryStatus({ state: 'started', result: makeResult({ status: 'in_progress' }) })).toBe('running');
    expect(callHistoryStatus({ state: 'needs_approval', result: null })).toBe('running');
    for (const state of ['refused', 'declined', 'expired', 'unsent'] as const)
      expect(callHistoryStatus({ state, result: null })).toBe('not_started');
    expect(sessionHistoryStatus({ session: session({ status: 'archived' }) })).toBe('other');
    expect(sessionHistoryStatus({ session: session({ status: { unknown: 'frozen' } }) })).toBe('other');
  });
});

describe('history queries', () => {
  beforeEach(async () => {
    await d.calls.bulkPut([
      call('a1', 1, 'ag_a', { result: makeResult({ status: 'passed' }) }),
      call('b1', 2, 'ag_b', { state: 'refused', result: null }),
      call('a2', 3, 'ag_a', { result: makeResult({ status: 'failed' }) }),
      call('a3', 4, 'ag_a', { result: makeResult({ status: 'passed' }) }),
    ]);
  });

  it('pages calls newest first, by agent and by status', async () => {
    expect((await historyCalls(d, { agentId: null, status: null }, 3)).rows.map((c) => c.localId)).toEqual([
      'a3',
      'a2',
      'b1',
    ]);
    expect((await historyCalls(d, { agentId: null, status: null }, 3)).more).toBe(true);
    expect((await historyCalls(d, { agentId: 'ag_a', status: null }, 10)).rows.map((c) => c.localId)).toEqual([
      'a3',
      'a2',
      'a1',
    ]);
    expect(await historyCalls(d, { agentId: 'ag_a', status: 'passed' }, 1)).toMatchObject({ more: true });
    expect((await historyCalls(d, { agentId: null, status: 'not_started' }, 10)).rows.map((c) => c.localId)).toEqual([
      'b1',
    ]);
  });

  it('lists the agents with a name, and sessions newest first', async () => {
    await d.sessions.bulkPut([
      sessionRow(
        session({ sessionId: 's1', agentId: 'ag_c', untrustedAgentName: ut('Cobol'), lastCallAt: at(5) }),
        at(5),
      ),
      sessionRow(session({ sessionId: 's2', agentId: 'ag_a', status: 'closed', lastCallAt: at(9) }), at(9)),
    ]);
    expect((await historyAgents(d)).map((a) => [a.agentId, a.name?.untrustedText])).toEqual([
      ['ag_b', 'Agent ag_b'],
      ['ag_c', 'Cobol'],
      ['ag_a', 'Shop Builder'],
    ]);
    expect((await historySessions(d, { agentId: null, status: null }, 10)).rows.map((r) => r.sessionId)).toEqual([
      's2',
      's1',
    ]);
    expect((await historySessions(d, { agentId: null, status: 'closed' }, 10)).rows.map((r) => r.sessionId)).toEqual([
      's2',
    ]);
  });

  it('reads one page of 10,000 cached calls quickly', async () => {
    await d.calls.bulkPut(Array.from({ length: 10_000 }, (_, i) => call(`x${i}`, 10 + (i % 1000), `ag_${i % 15}`)));
    const started = performance.now();
    const page = await historyCalls(d, { agentId: null, status: null }, 50);
    expect(page.rows).toHaveLength(50);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('spending periods', () => {
  const now = new Date(2026, 10, 22, 15, 30);
  it('start where the member says, with the zone in the time', () => {
    expect(spendingSince('day', now)).toBe(new Date(now.getTime() - 86_400_000).toISOString());
    expect(spendingSince('calendar_month', now)).toBe(new Date(2026, 10, 1).toISOString());
    expect(spendingSince('since_date', now, '2026-11-03')).toBe(new Date(2026, 10, 3).toISOString());
    expect(spendingSince('since_date', now, '2026-12-01')).toBeNull();
    expect(spendingSince('since_date', now, '2026-02-31')).toBeNull();
    expect(spendingSince('since_date', now, 'yesterday')).toBeNull();
    expect(spendingSince('week', now)).toMatch(/Z$/);
  });
});
