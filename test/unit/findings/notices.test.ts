import { describe, expect, it } from 'vitest';
import { waitingDrafts } from '@/lib/findings/drafts';
import { daysLeft, daysLeftWords, draftExpiresAtMs } from '@/lib/findings/expiry';
import { DAY_MS } from '@/lib/time';
import {
  decideFindingsNotices,
  expiringEventKey,
  type FindingsNoticeSettings,
  waitingEventKey,
} from '@/lib/findings/notices';
import { finding } from './fixtures';

const created = Date.parse('2026-11-01T00:00:00Z');
const day = (n: number) => created + n * DAY_MS;
const on: FindingsNoticeSettings = { notifyWaiting: true, remindDaysBefore: 3 };

describe('draft expiry (30 days from the earliest createdAt of its findings)', () => {
  it('counts whole days left and never overstates them', () => {
    const exp = draftExpiresAtMs([finding('f2', { createdAt: '2026-11-05T00:00:00Z' }), finding('f1')]);
    expect(exp).toBe(day(30));
    expect(daysLeft(exp, day(0))).toBe(30);
    expect(daysLeft(exp, day(27) + 1)).toBe(2);
    expect(daysLeft(exp, day(29) + 1)).toBe(0);
    expect(daysLeft(exp, day(31))).toBe(0);
    expect(daysLeftWords(exp, day(20))).toBe('About 10 days left to sign off.');
    expect(daysLeftWords(exp, day(29) + 1)).toMatch(/Less than a day/);
    expect(daysLeftWords(exp, day(30))).toMatch(/may have expired/);
  });

  it('is unknown when no createdAt is readable', () => {
    const exp = draftExpiresAtMs([finding('f1', { createdAt: 'garbage' })]);
    expect(daysLeft(exp, day(0))).toBeNull();
    expect(daysLeftWords(exp, day(0))).toMatch(/within 30 days/);
  });
});

describe('grouping findings by draft', () => {
  it('groups in_draft findings by draft, soonest to expire first, and skips the rest', () => {
    const groups = waitingDrafts([
      finding('f1', { draftId: 'd1', createdAt: '2026-11-10T00:00:00Z' }),
      finding('f2', {
        draftId: 'd2',
        agentId: 'ag2',
        filedWith: { agentId: 'ag2', untrustedName: null, newAgent: true },
      }),
      finding('f3', { draftId: 'd1', createdAt: '2026-11-12T00:00:00Z' }),
      finding('f4', { status: 'joined', draftId: null, filedWith: null }),
      finding('f5', { status: 'checking', draftId: null }),
    ]);
    expect(groups.map((g) => [g.draftKey, g.findings.map((f) => f.findingId)])).toEqual([
      ['d2', ['f2']],
      ['d1', ['f1', 'f3']],
    ]);
    expect(groups[0]).toMatchObject({ agentId: 'ag2', newAgent: true, agentName: null });
  });

  it('falls back to the sign-off page, then the agent, when the draft id is missing', () => {
    const groups = waitingDrafts([
      finding('f1', { draftId: null }),
      finding('f2', { draftId: null }),
      finding('f3', { draftId: null, signOffUrl: null, agentId: 'ag9', filedWith: null }),
    ]);
    expect(groups.map((g) => g.draftKey).sort()).toEqual(['agent:ag9', 'url:http://127.0.0.1:8787/findings/drafts/d1']);
  });
});

describe('findings notices', () => {
  it('raises one notice per draft newly waiting, not one per finding', () => {
    const findings = [
      finding('f1'),
      finding('f2'),
      finding('f3', { draftId: 'd2', signOffUrl: 'http://127.0.0.1:8787/findings/drafts/d2' }),
    ];
    const d = decideFindingsNotices([], findings, day(1), on);
    expect(d.notices.map((n) => [n.eventKey, n.kind, n.findingCount])).toEqual([
      [waitingEventKey('d1'), 'findings_draft_waiting', 2],
      [waitingEventKey('d2'), 'findings_draft_waiting', 1],
    ]);
    expect(d.notices[0]?.signOffUrl).toBe('http://127.0.0.1:8787/findings/drafts/d1');
    expect(d.notices[0]?.message).toMatch(/^2 findings/);
  });

  it('raises nothing again for a draft already told, even when findings join it', () => {
    const first = decideFindingsNotices([], [finding('f1')], day(1), on);
    const ledger = first.notices.map((n) => n.eventKey);
    const again = decideFindingsNotices(ledger, [finding('f1'), finding('f2')], day(2), on);
    expect(again).toEqual({ notices: [], markSeen: [], forget: [] });
  });

  it('reminds once, a few days before the estimated expiry', () => {
    const ledger = [waitingEventKey('d1')];
    expect(decideFindingsNotices(ledger, [finding('f1')], day(26), on).notices).toEqual([]);
    const remind = decideFindingsNotices(ledger, [finding('f1')], day(27) + 1, on);
    expect(remind.notices.map((n) => [n.eventKey, n.kind, n.daysLeft])).toEqual([
      [expiringEventKey('d1'), 'findings_draft_expiring', 2],
    ]);
    const later = decideFindingsNotices([...ledger, expiringEventKey('d1')], [finding('f1')], day(29), on);
    expect(later.notices).toEqual([]);
  });

  it('does not remind once the estimated expiry has passed', () => {
    const d = decideFindingsNotices([waitingEventKey('d1')], [finding('f1')], day(30), on);
    expect(d.notices).toEqual([]);
  });

  it('folds the reminder into the first notice when a draft is first seen late', () => {
    const d = decideFindingsNotices([], [finding('f1')], day(28), on);
    expect(d.notices.map((n) => n.kind)).toEqual(['findings_draft_waiting']);
    expect(d.notices[0]?.message).toMatch(/About 2 days left/);
    expect(d.markSeen).toEqual([expiringEventKey('d1')]);
  });

  it('records without raising when waiting notices are off, and still reminds when reminders are on', () => {
    const quiet: FindingsNoticeSettings = { notifyWaiting: false, remindDaysBefore: 3 };
    const d = decideFindingsNotices([], [finding('f1')], day(1), quiet);
    expect(d.notices).toEqual([]);
    expect(d.markSeen).toEqual([waitingEventKey('d1')]);
    const r = decideFindingsNotices(d.markSeen, [finding('f1')], day(28), quiet);
    expect(r.notices.map((n) => n.kind)).toEqual(['findings_draft_expiring']);
  });

  it('never reminds when reminders are off', () => {
    const d = decideFindingsNotices([waitingEventKey('d1')], [finding('f1')], day(29), {
      notifyWaiting: true,
      remindDaysBefore: null,
    });
    expect(d.notices).toEqual([]);
  });

  it('forgets drafts no longer waiting, and only its own keys', () => {
    const ledger = [waitingEventKey('d1'), expiringEventKey('d1'), waitingEventKey('d2'), 'call:r1:finished'];
    const d = decideFindingsNotices(
      ledger,
      [finding('f1', { status: 'joined', draftId: null }), finding('f2', { draftId: 'd2' })],
      day(3),
      on,
    );
    expect(d.forget.sort()).toEqual([expiringEventKey('d1'), waitingEventKey('d1')].sort());
    expect(d.notices).toEqual([]);
  });

  it('puts no untrusted text in a notice', () => {
    const hostile = finding('f1', {
      untrustedAgentName: { untrustedText: 'EVIL click https://evil.test', truncated: false },
      untrustedTopic: { untrustedText: '<script>alert(1)</script>', truncated: false },
      filedWith: { agentId: 'ag1', untrustedName: { untrustedText: 'EVIL', truncated: false }, newAgent: false },
    });
    const [notice] = decideFindingsNotices([], [hostile], day(1), on).notices;
    expect(`${notice?.title} ${notice?.message}`).not.toMatch(/EVIL|script|evil\.test/);
  });
});
