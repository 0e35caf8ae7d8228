/**
 * G34: a field the contract gives no shape (or the client does not need to act safely) never refuses an
 * answer, and a money amount or count that no amount can be is `{ notRead }` in its place only. Parsed from
 * the fixtures alone, no emulator.
 */
import { describe, expect, it } from 'vitest';
import { AgentCardSchema } from '@/lib/contract/find';
import { ApprovalSchema, CallResultSchema, PreviewSchema, StartCallAnswerSchema } from '@/lib/contract/calls';
import { ConnectionSchema } from '@/lib/contract/connection';
import { UploadedFileSchema } from '@/lib/contract/files';
import { SessionSchema } from '@/lib/contract/sessions';
import { ShareDraftSchema } from '@/lib/contract/shares';
import { isNotRead, readAmount } from '@/lib/contract/tolerant';
import {
  agentCard,
  approval,
  callResult,
  connection,
  preview,
  questions,
  session,
  shareDraft,
  startCallAnswer,
  ut,
} from '@/test/fixtures/api';

/** The two `pass.fit` values a validating mock sent (issue 54), and other shapes "object or null" allows. */
const ODD_FITS: unknown[] = [{ et_5f: -87677952.16 }, { consequat08: 'dolore aute' }, {}, 'off', 7, []];

function sessionWithFit(fit: unknown) {
  const q = questions();
  return { ...session({ results: [callResult()] }), questions: { ...q, pass: { ...q.pass, fit } } };
}

describe('lenient where the contract gives no shape (G34)', () => {
  it.each(ODD_FITS.map((fit) => [fit]))(
    'a session whose pass.fit is %j is read, with its questions and results',
    (fit) => {
      const parsed = SessionSchema.parse(sessionWithFit(fit));
      expect(parsed.questions?.pass.fit?.sentence ?? null).toBeNull();
      expect(parsed.questions?.pass.verdict).toBe(questions().pass.verdict);
      expect(parsed.questions?.shown.map((q) => q.key)).toEqual(questions().shown.map((q) => q.key));
      expect(parsed.results.map((r) => r.runId)).toEqual([callResult().runId]);
    },
  );

  it("pass.fit in the preview's shape still gives its sentence; null stays null", () => {
    const fit = { verdict: 'another_agent', sentence: ut('About a React app'), otherAgent: null, choice: null };
    expect(SessionSchema.parse(sessionWithFit(fit)).questions?.pass.fit?.sentence).toEqual(ut('About a React app'));
    expect(SessionSchema.parse(sessionWithFit({ sentence: 'plain text' })).questions?.pass.fit).toEqual({
      sentence: null,
    });
    expect(SessionSchema.parse(sessionWithFit(null)).questions?.pass.fit).toBeNull();
  });

  it('questions.followUps and questions.forQuestion ("always empty") in any shape do not refuse the session', () => {
    const q = questions();
    const inner = q.questions ?? { opening: [], followUps: [], required: [], forQuestion: [] };
    const odd = { ...inner, followUps: { a: 1 }, forQuestion: 'none' };
    const parsed = SessionSchema.parse({ ...session(), questions: { ...q, questions: odd } });
    expect(parsed.questions?.questions?.followUps).toBeNull();
    expect(parsed.questions?.questions?.forQuestion).toBeNull();
    expect(parsed.questions?.questions?.required).toEqual(inner.required);
  });

  it('a question\'s forQuestion ("always false") as anything does not refuse the session', () => {
    const q = questions();
    const shown = (q.questions?.opening ?? []).map((s) => ({ ...s, forQuestion: 'yes' }));
    expect(shown.length).toBeGreaterThan(0);
    const parsed = SessionSchema.parse({ ...session(), questions: { ...q, shown } });
    expect(parsed.questions?.shown.map((s) => s.forQuestion)).toEqual(shown.map(() => null));
  });

  it('GET /me: apiVersion and privacyLineShownAt in another shape are read as null, the rest as sent', () => {
    const parsed = ConnectionSchema.parse({ ...connection(), apiVersion: 2, privacyLineShownAt: 'yesterday' });
    expect(parsed.apiVersion).toBeNull();
    expect(parsed.privacyLineShownAt).toBeNull();
    expect(parsed.balance.spendableCents).toBe(connection().balance.spendableCents);
  });

  it('the preview: chargedFor and the deprecated numbers in another shape do not refuse it', () => {
    const parsed = PreviewSchema.parse({
      ...preview(),
      chargedFor: { what: 'it uses' },
      largestCallCents: 'same as the limit',
      neverMoreThanCents: 12.5,
    });
    expect(parsed.chargedFor).toBeNull();
    expect(parsed.largestCallCents).toBeNull();
    expect(parsed.neverMoreThanCents).toBeNull();
    expect(parsed.limitCents).toBe(preview().limitCents);
  });

  it('the charge: deprecated usualCents and neverMoreThanCents in another shape are read as null', () => {
    const result = callResult();
    const charge = { ...result.charge, usualCents: '5', neverMoreThanCents: -1.5 };
    const parsed = CallResultSchema.parse({ ...result, charge });
    expect(parsed.charge?.usualCents).toBeNull();
    expect(parsed.charge?.neverMoreThanCents).toBeNull();
  });

  it('the approval record: what the resend does not act on is read when it can be; status and expiry stay strict', () => {
    const odd = {
      ...approval(),
      approvalUrl: 5,
      reason: ['x'],
      agentId: null,
      callId: {},
      maxCents: 'ten',
      createdAt: 'today',
      approvedAt: 3,
    };
    const parsed = ApprovalSchema.parse(odd);
    expect(parsed).toMatchObject({
      approvalId: approval().approvalId,
      status: approval().status,
      approvalUrl: null,
      reason: null,
      agentId: null,
      callId: null,
      maxCents: null,
      createdAt: null,
      approvedAt: null,
    });
    expect(ApprovalSchema.safeParse({ ...approval(), status: 1 }).success).toBe(false);
    expect(ApprovalSchema.safeParse({ ...approval(), expiresAt: 'later' }).success).toBe(false);
  });

  it('where the contract gives a shape it stays strict: a UT as a plain string still refuses', () => {
    const q = questions();
    expect(SessionSchema.safeParse({ ...session(), questions: { ...q, untrustedDetails: 'plain' } }).success).toBe(
      false,
    );
    expect(PreviewSchema.safeParse({ ...preview(), fit: { verdict: 'fits' } }).success).toBe(false);
  });
});

/** Numbers no money amount or count can be: below zero, fractional, past a safe integer. */
const NOT_AMOUNTS = [-96_367_809, -29_394_555, -1, 1.5, 2 ** 53, 1e300];

describe('money and counts that cannot be one are "could not be read" in that place only (G34)', () => {
  it.each(NOT_AMOUNTS)('an agent card with countedCalls %d is read, with the rest of the card', (n) => {
    const parsed = AgentCardSchema.parse(agentCard({ countedCalls: n }));
    expect(parsed.countedCalls).toEqual({ notRead: n });
    expect(parsed.contributors).toBe(agentCard().contributors);
    expect(parsed.untrustedName).toEqual(agentCard().untrustedName);
  });

  it.each(NOT_AMOUNTS)('a preview with holdCents %d is read, the limit still as sent', (n) => {
    const parsed = PreviewSchema.parse(preview({ holdCents: n }));
    expect(isNotRead(parsed.holdCents)).toBe(true);
    expect(parsed.limitCents).toBe(preview().limitCents);
  });

  it('zero and safe whole numbers are read as themselves', () => {
    for (const n of [0, 1, 2500, Number.MAX_SAFE_INTEGER]) {
      expect(AgentCardSchema.parse(agentCard({ countedCalls: n })).countedCalls).toBe(n);
    }
  });

  it('every money and count field of every answer', () => {
    const me = connection();
    const parsedMe = ConnectionSchema.parse({
      ...me,
      limits: { ...me.limits, sessionsPerDay: -1, callsPerDay: 0.5, openCallsMax: -2, approvalMinutes: -30 },
      today: { sessionsUsed: -1, callsUsed: 1.5 },
      spentInWindowCents: -100,
      spentSinceCents: 1e300,
      downloadsLeftBytes: -5,
      balance: { purchasedCents: -1, earnedCents: -2, promoCents: 0.5, heldCents: -3, spendableCents: -4 },
    });
    expect(Object.values(parsedMe.limits).filter(isNotRead)).toHaveLength(4);
    expect(readAmount(parsedMe.limits.downloadBytesPerDay)).toBe(me.limits.downloadBytesPerDay);
    expect(Object.values(parsedMe.today).every(isNotRead)).toBe(true);
    expect(Object.values(parsedMe.balance).every(isNotRead)).toBe(true);
    expect([parsedMe.spentInWindowCents, parsedMe.spentSinceCents, parsedMe.downloadsLeftBytes].every(isNotRead)).toBe(
      true,
    );

    const p = preview();
    const parsedPreview = PreviewSchema.parse({
      ...p,
      limitCents: -1,
      spendableCents: -2,
      today: { sessionsUsed: -1, sessionsAllowed: -2, callsUsed: -3, callsAllowed: 0.5 },
    });
    expect([parsedPreview.limitCents, parsedPreview.spendableCents].every(isNotRead)).toBe(true);
    expect(Object.values(parsedPreview.today).every(isNotRead)).toBe(true);

    const r = callResult();
    const parsedResult = CallResultSchema.parse({
      ...r,
      charge: { ...r.charge, chargedCents: -1, runningCostMicros: -2, upchargeMicros: 0.1, laterTriesNotCharged: -3 },
      files: r.files.map((f) => ({ ...f, sizeBytes: -10 })),
      researchCut: { limitCents: -5, limitBy: null },
    });
    const charge = parsedResult.charge;
    expect(
      [charge?.chargedCents, charge?.runningCostMicros, charge?.upchargeMicros, charge?.laterTriesNotCharged].every(
        isNotRead,
      ),
    ).toBe(true);
    expect(parsedResult.files.every((f) => isNotRead(f.sizeBytes))).toBe(true);
    expect(isNotRead(parsedResult.researchCut?.limitCents)).toBe(true);

    const parsedSession = SessionSchema.parse({ ...session(), calls: -1, chargedCents: -2 });
    expect([parsedSession.calls, parsedSession.chargedCents].every(isNotRead)).toBe(true);
    const q = questions();
    const withReads = SessionSchema.parse({ ...session(), questions: { ...q, pass: { ...q.pass, readsLeft: -1 } } });
    expect(isNotRead(withReads.questions?.pass.readsLeft)).toBe(true);

    const started = StartCallAnswerSchema.parse({
      ...startCallAnswer(),
      holdCents: -29_394_555,
      spendableAfterCents: -1,
    });
    expect(started.holdCents).toEqual({ notRead: -29_394_555 });
    expect(isNotRead(started.spendableAfterCents)).toBe(true);

    const draft = shareDraft();
    const parsedDraft = ShareDraftSchema.parse({
      ...draft,
      packageBytes: -1,
      files: [{ fileId: 'f1', untrustedPath: ut('a.md'), sizeBytes: 0.5, active: false }],
    });
    expect(isNotRead(parsedDraft.packageBytes)).toBe(true);
    expect(parsedDraft.files[0]?.sizeBytes).toEqual({ notRead: 0.5 });

    const uploaded = UploadedFileSchema.parse({
      fileId: 'f1',
      untrustedPath: ut('a.md'),
      sizeBytes: -1,
      active: false,
      expiresAt: '2026-05-01T10:00:00Z',
    });
    expect(isNotRead(uploaded.sizeBytes)).toBe(true);
    expect(isNotRead(ApprovalSchema.parse({ ...approval(), maxCents: -1 }).maxCents)).toBe(true);
  });

  it('a value that is not a number still refuses, as a wrong type does', () => {
    expect(AgentCardSchema.safeParse({ ...agentCard(), countedCalls: '12' }).success).toBe(false);
    expect(PreviewSchema.safeParse({ ...preview(), holdCents: null }).success).toBe(false);
  });
});
