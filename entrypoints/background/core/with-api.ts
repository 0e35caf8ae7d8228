/**
 * The one way a background job talks to the site: reads the connection and its key, makes the client, and
 * watches every answer: network failures mark offline, 429 pauses all requests, a revoked key is wiped.
 */
import { ApiError, RETRY_AFTER_MAX_SECONDS } from '@/lib/api/errors';
import { type ConnectionRow, getConnection } from '@/lib/db';
import type { Api } from './api';
import type { Ctx } from './context';
import { checkKeyKept } from './key-kept';
import { readKey } from './key-store';
import { isNetworkFailure, NOT_CONNECTED, toMemberError } from './member-error';
import { handleRevoked } from './revoked';
import { markOffline, markOnline, pausedUntil, pauseUntil } from './status';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import { t } from '@/lib/i18n';

/**
 * `keyless`: the job's request carries no key (a signed file link, wherever it points): its answers are the
 * file's, never the site's word on the key. A 401 from it revokes nothing; a 429 or an outage pauses or marks
 * offline only when it came from the site's own origin (`origin`, the address it went to).
 */
export async function withApi<T>(
  ctx: Ctx,
  job: (api: Api, conn: ConnectionRow) => Promise<T>,
  keyless: { origin: string } | null = null,
): Promise<T> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') throw NOT_CONNECTED();
  // The site said 429 with Retry-After: nothing at all goes to it before then, whoever asks. Checked here and
  // again right before each attempt leaves (a pause can begin while this request waits for its turn).
  await holdIfPaused(ctx);
  const stored = await readKey();
  if (!stored) {
    await checkKeyKept(ctx);
    throw NOT_CONNECTED();
  }
  if (stored.connectionId !== conn.connectionId || stored.origin !== conn.origin) throw NOT_CONNECTED();
  const api = ctx.apiFor(conn.origin, stored.key, { beforeAttempt: () => holdIfPaused(ctx) });
  let value: T;
  try {
    value = await job(api, conn);
  } catch (err) {
    // The caller gets the site's answer whatever happens to these notes: a full disk must not turn an unknown
    // outcome or a 429 into a local failure (the outbox would end a call that may have started).
    if (keyless === null) await observeFailure(ctx, err).catch(() => undefined);
    else if (keyless.origin === conn.origin)
      await observeFailure(ctx, err, { mayRevoke: false }).catch(() => undefined);
    throw err;
  }
  // The answer stands whatever happens to this note: a failed write must not turn a 202 into a failure.
  if (keyless === null || keyless.origin === conn.origin) await markOnline(ctx).catch(() => undefined);
  return value;
}

const PAUSED = 'rate_limited';

/** The local refusal of a request held back by the site's pause: it was not sent. */
export function isPausedFailure(err: unknown): err is CommandFailure {
  return err instanceof CommandFailure && err.error.code === PAUSED;
}

async function holdIfPaused(ctx: Ctx): Promise<void> {
  const paused = await pausedUntil(ctx);
  if (paused === null) return;
  const seconds = Math.max(1, Math.ceil((paused - ctx.now()) / 1000));
  throw new CommandFailure(
    localError(PAUSED, t('background.paused', { seconds }), {
      kind: 'wait',
      seconds,
      until: null,
    }),
  );
}

async function observeFailure(ctx: Ctx, err: unknown, how = { mayRevoke: true }): Promise<void> {
  if (isNetworkFailure(err)) {
    await markOffline(ctx, toMemberError(err));
    return;
  }
  if (!(err instanceof ApiError)) return;
  // The pause first: every other request checks it before it goes.
  if (err.code === 'rate_limited') {
    const seconds = Math.min(err.retryAfterSeconds ?? 5, RETRY_AFTER_MAX_SECONDS);
    await pauseUntil(ctx, ctx.now() + seconds * 1000);
  }
  await markOnline(ctx);
  // Only an answer to a request that carried the key can say the key is gone.
  if (how.mayRevoke && err.status === 401 && (err.code === 'key_revoked' || err.code === 'unauthenticated')) {
    await handleRevoked(ctx, toMemberError(err));
  }
}
