/**
 * Starting calls. The request and its Idempotency-Key are written to IndexedDB before anything is sent, and
 * every resend of that intent (network failure, a 429's wait, worker restart, a claim whose worker stopped or
 * whose send never came back, the member's retry of an unsent call) uses them again, so one intent is one call
 * on the site. No call stays `sending`: a claim names its worker and lapses (SEND_LEASE_MS); past the key's
 * safe age (rule 8) a call is not sent again on its own but ends in words that say it may have started.
 */
import { ApiError } from '@/lib/api/errors';
import type { StartCallAnswer } from '@/lib/contract/calls';
import { StartCallRequestSchema, type CallRequest } from '@/lib/contract/calls';
import { callKeyFirstSentAt, mayResendCallKey } from '@/lib/api/idempotency';
import { type CallRow, type CallState, getConnection, type MemberError, recentRunDurations } from '@/lib/db';
import { CallRowSchema } from '@/lib/db/tables/calls';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { backoffMs, expectedRunMs, nextPollAt } from '@/lib/schedule';
import { markApprovalRan, recordApprovalNotUsable, recordNeedsApproval } from './approval-records';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { pausedUntil } from '@/entrypoints/background/core/status';
import { isNetworkFailure, NOT_CONNECTED, toMemberError } from '@/entrypoints/background/core/member-error';
import { isPausedFailure, withApi } from '@/entrypoints/background/core/with-api';
import { t, tnNamed } from '@/lib/i18n';

/** Sends of one intent the background makes by itself before it waits for the member's retry. */
export const MAX_AUTO_SENDS = 5;

/**
 * How long a claim holds a call for its sender (issue 55). One send is at most three attempts of the client's
 * 25 s timeout and its two short waits (core/api), well under this: a claim older than that is of a worker
 * that stopped (an update, the browser stopping it) or of an await that never came back, and the call goes
 * back to the outbox with its key, whoever claimed it.
 */
export const SEND_LEASE_MS = 2 * 60 * 1000;

export interface StartCallInput {
  localId?: string;
  request: CallRequest;
  agentName?: CallRow['agentName'];
  callName?: CallRow['callName'];
}

export async function startCall(ctx: Ctx, input: StartCallInput): Promise<CommandReply<'startCall'>> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') throw NOT_CONNECTED();
  const parsed = StartCallRequestSchema.safeParse(input.request);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? 'request')))];
    throw new CommandFailure(
      localError('invalid_input', tnNamed('background.fieldsInvalid', fields.length, { fields: fields.join(', ') }), {
        kind: 'fix_request',
        fields,
      }),
    );
  }
  const localId = input.localId ?? ctx.newId();
  const now = isoNow(ctx);
  const row: CallRow = {
    localId,
    connectionId: conn.connectionId,
    request: parsed.data,
    idempotencyKey: ctx.newId(),
    approvalId: null,
    agentName: input.agentName ?? null,
    callName: input.callName ?? null,
    state: 'outbox',
    attempts: 0,
    nextSendAt: null,
    runId: null,
    sessionId: parsed.data.sessionId ?? null,
    holdCents: null,
    spendableAfterCents: null,
    privacyLine: null,
    today: null,
    result: null,
    resultReadAt: null,
    error: null,
    stop: null,
    report: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    startedAt: null,
    finishedAt: null,
    nextPollAt: null,
    polls: 0,
  };
  // A second delivery of the same click, or the same intent started from another window's panel, finds
  // its row and makes no second call. The same intent with another request was changed on the way: it is
  // refused rather than dropped in silence or sent as a second call.
  const created = await ctx.db.transaction('rw', ctx.db.calls, async () => {
    const existing = await ctx.db.calls.get(localId);
    if (existing) return sameRequest(existing.request, row.request) ? false : 'changed';
    await ctx.db.calls.add(row);
    return true;
  });
  if (created === 'changed') {
    throw new CommandFailure(localError('intent_changed', t('background.intentChanged'), { kind: 'none' }));
  }
  // Once stored, the row tells what happened: a failure past this point is not a reason to click again.
  if (created) await sendCall(ctx, localId).catch(() => undefined);
  const after = await ctx.db.calls.get(localId);
  return { localId, state: after?.state ?? 'outbox' };
}

/** The call may have started on the site, and its key is too old to send again: the member decides (issue 41). */
function tooLateError(): MemberError {
  return localError('too_late_to_resend', t('background.tooLateToResend'), { kind: 'none' });
}

/**
 * The call's key went out through an earlier connection, whose answer never came: it may be running on the
 * site, and it is never sent with this connection's key. It ends as a lost answer past its key's age does
 * (the same code, so the same words and choices: look for it on the site, or start it as a new call).
 */
function earlierConnectionMayHaveStarted(): MemberError {
  return localError('too_late_to_resend', t('background.earlierConnectionMayHaveStarted'), { kind: 'none' });
}

/** Whether the call's current key ever went out (an attempt, or a first send kept). */
function keyWentOut(row: CallRow): boolean {
  return row.attempts > 0 || callKeyFirstSentAt(row) !== null;
}

/**
 * Takes the call for sending if it is in the outbox: only one sender at a time gets it, and the claim names
 * this worker (a later worker's start recovers only claims it did not make). A key past its safe age is not
 * sent: the row is unsent with words that say the call may have started.
 */
async function claimForSend(ctx: Ctx, localId: string): Promise<CallRow | null> {
  return ctx.db.transaction('rw', ctx.db.calls, async () => {
    const row = await ctx.db.calls.get(localId);
    if (row?.state !== 'outbox') return null;
    if (!mayResendCallKey(row, ctx.now())) {
      await ctx.db.calls.update(localId, {
        state: 'unsent',
        error: tooLateError(),
        nextSendAt: null,
        updatedAt: isoNow(ctx),
      });
      return null;
    }
    const claimed: CallRow = {
      ...row,
      state: 'sending',
      sendingBy: ctx.workerId,
      attempts: row.attempts + 1,
      firstSentAt: callKeyFirstSentAt(row) ?? isoNow(ctx),
      sentAt: isoNow(ctx),
      updatedAt: isoNow(ctx),
    };
    await ctx.db.calls.put(claimed);
    return claimed;
  });
}

/**
 * Writes what came of one send only if the row is still in the claim it was sent from (compare and set): a
 * later claim of the same row (another sender, a worker start) owns it, and its outcome is not overwritten.
 */
async function settleSend(
  ctx: Ctx,
  claimed: CallRow,
  state: CallState,
  patch: Partial<CallRow> = {},
): Promise<boolean> {
  return ctx.db.transaction('rw', ctx.db.calls, async () => {
    const now = await ctx.db.calls.get(claimed.localId);
    if (now?.state !== 'sending' || now.attempts !== claimed.attempts || now.sendingBy !== claimed.sendingBy) {
      return false;
    }
    await ctx.db.calls.update(claimed.localId, { ...patch, state, sendingBy: null, updatedAt: isoNow(ctx) });
    return true;
  });
}

/** Sends a call from the outbox once, and records what came of it. */
export async function sendCall(ctx: Ctx, localId: string): Promise<void> {
  // During the site's pause (429 Retry-After) the call waits in the outbox, stored, until the pause ends.
  const paused = await pausedUntil(ctx);
  if (paused !== null) {
    await ctx.db.calls
      .where('localId')
      .equals(localId)
      .and((r) => r.state === 'outbox')
      .modify({ nextSendAt: paused });
    await ctx.reschedule();
    return;
  }
  const before = await ctx.db.calls.get(localId);
  const row = before ? await claimForSend(ctx, localId) : null;
  if (!before || !row) return;
  // A stored row is acted on only when it is still what this code writes (the request goes out again).
  const valid = CallRowSchema.safeParse(row);
  if (!valid.success) {
    await settleSend(ctx, row, 'refused', {
      error: localError('internal', t('background.storedUnreadable')),
    });
    return;
  }
  const body = row.approvalId !== null ? { ...row.request, approvalId: row.approvalId } : row.request;
  inFlight.add(flightKey(ctx, localId));
  try {
    let answer: StartCallAnswer;
    try {
      answer = await withApi(ctx, (api) => api.startCall(body, { idempotencyKey: row.idempotencyKey }));
    } catch (err) {
      await recordSendFailure(ctx, row, before, err);
      await ctx.reschedule();
      return;
    }
    // The site started it: a failure to write that down is not a refusal. The row stays `sending`, and the
    // next round (sendDue) sends the same key again, which answers the same 202.
    await recordStarted(ctx, row, answer);
    await ctx.reschedule();
  } finally {
    inFlight.delete(flightKey(ctx, localId));
  }
}

/** Whether two stored requests are the same request (key order aside). */
export function sameRequest(a: CallRow['request'], b: CallRow['request']): boolean {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, x]) => x !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([k, x]) => [k, canonical(x)]),
          )
        : v;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

async function recordStarted(ctx: Ctx, row: CallRow, answer: StartCallAnswer): Promise<void> {
  // How long this agent's calls ran lately: the first read waits for that (at most QUIET_CAP_MS).
  const expected = expectedRunMs(await recentRunDurations(ctx.db, row.request.agentId, row.request.callId));
  await ctx.db.transaction('rw', ctx.db.calls, ctx.db.connection, async () => {
    // The site started it, whichever send of this key it answered: that is written over any state a send
    // left, but never over a call already started or finished (a second 202 for the same key is a replay).
    const current = await ctx.db.calls.get(row.localId);
    if (!current || current.state === 'started' || current.state === 'finished') return;
    await ctx.db.calls.update(row.localId, {
      state: 'started',
      updatedAt: isoNow(ctx),
      sendingBy: null,
      runId: answer.runId,
      sessionId: answer.sessionId ?? current.sessionId,
      holdCents: answer.holdCents,
      spendableAfterCents: answer.spendableAfterCents,
      privacyLine: answer.privacyLine,
      today: answer.today,
      error: null,
      nextSendAt: null,
      startedAt: isoNow(ctx),
      polls: 0,
      expectedRunMs: expected,
      nextPollAt: nextPollAt(ctx.now(), ctx.now(), { expectedRunMs: expected }),
    });
    // G8: a privacy line on the 202 the member has not read yet (a new one, or one never shown) is shown with
    // the result; the same line the member already read before this first call is not told twice.
    if (answer.privacyLine !== null) {
      const conn = await ctx.db.connection.get('current');
      const read = conn?.privacyLineShown === true && (conn.privacyLine ?? conn.me?.privacyLine) === answer.privacyLine;
      if (!read) {
        await ctx.db.connection.update('current', { privacyLine: answer.privacyLine, privacyLineShown: false });
      }
    }
  });
  if (row.approvalId !== null) await markApprovalRan(ctx, row.approvalId);
}

/**
 * Sends this module's worker has in flight, by worker and call. A row this worker claimed but is no longer
 * sending (its result could not be written: a full disk) goes back to the outbox at the next round, not only
 * at the next worker's start.
 */
const inFlight = new Set<string>();
const flightKey = (ctx: Ctx, localId: string) => `${ctx.workerId}\n${localId}`;

/** Whether the row is still in the claim `claimed` was sent from (no later claim took it over). */
async function stillClaimed(ctx: Ctx, claimed: CallRow): Promise<boolean> {
  const now = await ctx.db.calls.get(claimed.localId);
  return now?.state === 'sending' && now.attempts === claimed.attempts && now.sendingBy === claimed.sendingBy;
}

async function recordSendFailure(ctx: Ctx, row: CallRow, before: CallRow, err: unknown): Promise<void> {
  if (isPausedFailure(err)) {
    // Held back by the site's pause before it left: not sent, so not an attempt; it goes when the pause ends.
    const until = (await pausedUntil(ctx)) ?? ctx.now();
    await settleSend(ctx, row, 'outbox', {
      attempts: before.attempts,
      firstSentAt: callKeyFirstSentAt(before),
      nextSendAt: until,
    });
    return;
  }
  if (!(await stillClaimed(ctx, row))) return;
  const error = toMemberError(err);
  if (err instanceof ApiError && err.code === 'needs_approval') {
    await recordNeedsApproval(ctx, row, err);
    return;
  }
  if (err instanceof ApiError && err.code === 'approval_not_usable' && row.approvalId !== null) {
    await recordApprovalNotUsable(ctx, row, row.approvalId, error);
    return;
  }
  const transient = isNetworkFailure(err) || (err instanceof ApiError && err.retryable);
  if (transient || error.code === 'malformed_answer') {
    // The outcome is unknown or the site asked to wait: the same key goes again, later.
    if (row.attempts >= MAX_AUTO_SENDS || error.code === 'malformed_answer') {
      await settleSend(ctx, row, 'unsent', { error, nextSendAt: null });
      return;
    }
    const retryAfterMs = err instanceof ApiError && err.retryAfterSeconds !== null ? err.retryAfterSeconds * 1000 : 0;
    const wait = Math.max(backoffMs(row.attempts, ctx.random()), retryAfterMs);
    await settleSend(ctx, row, 'outbox', { error, nextSendAt: ctx.now() + wait });
    return;
  }
  await settleSend(ctx, row, 'refused', { error, nextSendAt: null });
}

/**
 * The member's retry. An unsent call goes again with its own key (its outcome is unknown) while the site surely
 * remembers that key; past that (SAME_KEY_RESEND_MS), or when it went out through an earlier connection, it
 * goes only as a new call (`asNewCall`), with a new key, because the first may have started. A refused,
 * declined or expired call is a new intent with a new key (the site answers a used key with its first answer).
 */
export async function retryCall(
  ctx: Ctx,
  localId: string,
  options: { asNewCall?: boolean } = {},
): Promise<CommandReply<'retryCall'>> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') throw NOT_CONNECTED();
  const ready = await ctx.db.transaction('rw', ctx.db.calls, async () => {
    const row = await ctx.db.calls.get(localId);
    if (!row) return 'missing' as const;
    const base = { state: 'outbox' as const, attempts: 0, nextSendAt: null, updatedAt: isoNow(ctx) };
    const fresh = { idempotencyKey: ctx.newId(), firstSentAt: null, approvalId: null, error: null };
    if (row.connectionId !== conn.connectionId) {
      // Sent through an earlier connection, it may have started: never sent again with its key, but the
      // member may start it as a new call, through this connection.
      if (row.state !== 'unsent' && row.state !== 'outbox') return 'other_connection' as const;
      if (!keyWentOut(row)) return 'other_connection' as const;
      if (options.asNewCall === true && row.state === 'unsent') {
        await ctx.db.calls.update(localId, { ...base, ...fresh, connectionId: conn.connectionId });
        return 'ok' as const;
      }
      await ctx.db.calls.update(localId, {
        state: 'unsent',
        error: earlierConnectionMayHaveStarted(),
        nextSendAt: null,
        updatedAt: isoNow(ctx),
      });
      return 'may_have_started' as const;
    }
    if (row.state === 'unsent') {
      if (options.asNewCall === true) {
        await ctx.db.calls.update(localId, { ...base, ...fresh });
        return 'ok' as const;
      }
      if (!mayResendCallKey(row, ctx.now())) {
        await ctx.db.calls.update(localId, { error: tooLateError(), updatedAt: isoNow(ctx) });
        return 'too_late' as const;
      }
      await ctx.db.calls.update(localId, base);
      return 'ok' as const;
    }
    if (row.state === 'refused' || row.state === 'declined' || row.state === 'expired') {
      await ctx.db.calls.update(localId, { ...base, ...fresh });
      return 'ok' as const;
    }
    return 'not_retryable' as const;
  });
  if (ready === 'missing') throw new CommandFailure(localError('not_found', t('background.noSuchCall')));
  if (ready === 'other_connection') {
    throw new CommandFailure(localError('not_retryable', t('background.earlierConnection')));
  }
  if (ready === 'too_late') throw new CommandFailure(tooLateError());
  if (ready === 'may_have_started') throw new CommandFailure(earlierConnectionMayHaveStarted());
  if (ready === 'not_retryable') throw new CommandFailure(localError('not_retryable', t('background.onItsWay')));
  await sendCall(ctx, localId).catch(() => undefined);
  const after = await ctx.db.calls.get(localId);
  return { localId, state: after?.state ?? 'outbox' };
}

/** When a claim's lease ends: from the claim (its `sentAt`), or from the row's last write if that does not read. */
export function claimLeaseEndsAt(row: Pick<CallRow, 'sentAt' | 'updatedAt'>): number {
  const at = Date.parse(row.sentAt ?? row.updatedAt);
  return (Number.isFinite(at) ? at : 0) + SEND_LEASE_MS;
}

/**
 * Whether a `sending` row goes back to the outbox now: this worker claimed it and no longer has it in flight
 * (what came of it could not be written), or its lease is past (its worker is gone, or the send never came
 * back). The same key goes again, so a send that did reach the site is answered with its first answer.
 */
function claimLapsed(ctx: Ctx, row: CallRow): boolean {
  if (row.sendingBy === ctx.workerId && !inFlight.has(flightKey(ctx, row.localId))) return true;
  return claimLeaseEndsAt(row) <= ctx.now();
}

/**
 * Sends every call of this connection whose time has come (after a failure's wait, or after a restart), takes
 * back claims whose sender is gone, and ends those an earlier connection left waiting.
 */
export async function sendDue(ctx: Ctx): Promise<void> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') return;
  await ctx.db.calls
    .where('state')
    .equals('sending')
    .and((row) => claimLapsed(ctx, row))
    .modify({ state: 'outbox', sendingBy: null, nextSendAt: null });
  // A call waiting under an earlier connection is never sent with this one's key: it ends, said in words. One
  // never sent is started again; one whose key went out may have started on the site (issue 55): the member
  // looks for it there before starting it again, never invited to pay for it twice.
  await ctx.db.calls
    .where('state')
    .anyOf(['outbox', 'unsent'])
    .and((row) => row.connectionId !== conn.connectionId && !(row.state === 'unsent' && !keyWentOut(row)))
    .and((row) => row.error?.code !== 'too_late_to_resend')
    .modify((row) => {
      const sent = keyWentOut(row);
      row.state = sent ? 'unsent' : 'refused';
      row.error = sent
        ? earlierConnectionMayHaveStarted()
        : localError('earlier_connection', t('background.earlierConnection'), { kind: 'none' });
      row.nextSendAt = null;
      row.updatedAt = isoNow(ctx);
    });
  const rows = await ctx.db.calls.where('state').equals('outbox').toArray();
  const now = ctx.now();
  for (const row of rows) {
    if (row.connectionId === conn.connectionId && (row.nextSendAt ?? 0) <= now) await sendCall(ctx, row.localId);
  }
}

/**
 * At the worker's start nothing an earlier start sent is in flight: a call it left in `sending` goes back to the
 * outbox, same key. A claim of this start (the command that woke the worker may already be sending) is left alone.
 * A claim made after this ran (by a worker still stopping), or one this could not take back (a full disk), is
 * taken back by sendDue once its lease is past (SEND_LEASE_MS): a `sending` row is due then (calls/job).
 */
export async function recoverInterruptedSends(ctx: Ctx): Promise<void> {
  await ctx.db.calls
    .where('state')
    .equals('sending')
    .and((row) => row.sendingBy !== ctx.workerId)
    .modify({ state: 'outbox', sendingBy: null, nextSendAt: null });
}
