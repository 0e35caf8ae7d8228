/**
 * Stop and report, each with its own Idempotency-Key stored on the call before it is sent. A key is reused
 * when the last attempt's outcome is not known (no answer, an unreadable one, a failure on the site's side,
 * or the site still working on that key) and the site surely still remembers it (SAME_KEY_RESEND_MS); after
 * a refusal, or past that age, a new click is a new intent (a second stop or report is refused, not charged).
 */
import { ApiError } from '@/lib/api/errors';
import { checkNoSecrets } from '@/lib/api/request-checks';
import { keyStillRemembered } from '@/lib/api/idempotency';
import type { ReportRequest } from '@/lib/contract/calls';
import { type CallRow, callByRunId, type MemberError } from '@/lib/db';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { type Ctx, isoNow } from '@/entrypoints/background/core/context';
import { toMemberError } from '@/entrypoints/background/core/member-error';
import { withApi } from '@/entrypoints/background/core/with-api';
import { t } from '@/lib/i18n';

/** Failures after which the same request goes again with the same key (the outbox treats them alike). */
const OUTCOME_UNKNOWN: ReadonlySet<string> = new Set([
  'offline',
  'timeout',
  'malformed_answer',
  'server_error',
  'rate_limited',
  'idempotency_in_progress',
]);

/** When a stop's or report's key first went out (rows from before it was kept: its last send). */
function firstSent(request: { requestedAt: string; firstRequestedAt?: string }): string {
  return request.firstRequestedAt ?? request.requestedAt;
}

function unanswered(error: MemberError | null): boolean {
  return error === null || OUTCOME_UNKNOWN.has(error.code);
}

async function callFor(ctx: Ctx, runId: string): Promise<CallRow> {
  const row = await callByRunId(ctx.db, runId);
  if (!row) throw new CommandFailure(localError('not_found', t('background.noSuchCall')));
  return row;
}

export async function stopCall(ctx: Ctx, runId: string): Promise<CommandReply<'stopCall'>> {
  const row = await callFor(ctx, runId);
  const last = row.stop;
  const again = last !== null && !last.done && unanswered(last.error) && keyStillRemembered(firstSent(last), ctx.now());
  const idempotencyKey = again ? last.idempotencyKey : ctx.newId();
  const firstRequestedAt = again ? firstSent(last) : isoNow(ctx);
  await ctx.db.calls.update(row.localId, {
    stop: { idempotencyKey, requestedAt: isoNow(ctx), firstRequestedAt, done: false, error: null },
  });
  try {
    await withApi(ctx, (api) => api.stopCall(runId, { idempotencyKey }));
  } catch (err) {
    let error = toMemberError(err);
    if (err instanceof ApiError && (err.code === 'invalid_state' || err.code === 'agent_busy')) {
      // The result is being checked (or the call has ended): the contract's "try again in a moment".
      error = { ...error, message: t('errors.checking') };
    }
    await ctx.db.calls.update(row.localId, {
      stop: { idempotencyKey, requestedAt: isoNow(ctx), firstRequestedAt, done: false, error },
    });
    throw new CommandFailure(error);
  }
  // Read it soon: a stopped call hands in what it had.
  await ctx.db.calls.update(row.localId, {
    stop: { idempotencyKey, requestedAt: isoNow(ctx), firstRequestedAt, done: true, error: null },
    ...(row.state === 'started' ? { nextPollAt: ctx.now() } : {}),
  });
  await ctx.reschedule();
  return { stopped: true };
}

export async function reportCall(
  ctx: Ctx,
  p: {
    runId: string;
    verdict: ReportRequest['verdict'];
    reasonKind: ReportRequest['reasonKind'];
    reason: ReportRequest['reason'];
  },
): Promise<CommandReply<'reportCall'>> {
  const row = await callFor(ctx, p.runId);
  // The secret guard every typed text passes, before the report is stored: a reason that looks like it holds
  // a key stays out of the cache as well as off the site (the panel keeps it in its field).
  try {
    checkNoSecrets({ reason: p.reason });
  } catch (err) {
    throw new CommandFailure(toMemberError(err));
  }
  // The first report stands: once the site recorded one, that is the answer.
  if (row.report?.recorded) return { recorded: row.report.recorded };
  // The same request again (same body) after an unknown outcome keeps its key; a changed report is a new one.
  const last = row.report;
  const again =
    last !== null &&
    unanswered(last.error) &&
    keyStillRemembered(firstSent(last), ctx.now()) &&
    last.verdict === p.verdict &&
    last.reasonKind === (p.reasonKind ?? null) &&
    last.reason === (p.reason ?? null);
  const idempotencyKey = again && last ? last.idempotencyKey : ctx.newId();
  const report = {
    idempotencyKey,
    firstRequestedAt: again && last ? firstSent(last) : isoNow(ctx),
    verdict: p.verdict,
    reasonKind: p.reasonKind ?? null,
    reason: p.reason ?? null,
    requestedAt: isoNow(ctx),
    recorded: null,
    error: null,
  };
  await ctx.db.calls.update(row.localId, { report });
  try {
    const recorded = await withApi(ctx, (api) =>
      api.reportCall(
        p.runId,
        { verdict: p.verdict, reasonKind: report.reasonKind, reason: report.reason },
        { idempotencyKey },
      ),
    );
    await ctx.db.calls.update(row.localId, { report: { ...report, recorded } });
    return { recorded };
  } catch (err) {
    const error = toMemberError(err);
    // After a refusal (e.g. 409 while the call runs) the next click is a new intent; after no answer, not.
    await ctx.db.calls.update(row.localId, { report: { ...report, error } });
    throw new CommandFailure(error);
  }
}
