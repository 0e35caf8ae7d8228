/**
 * The one way a background job talks to the site: reads the connection and its key, makes the client, and
 * watches every answer: network failures mark offline, 429 pauses all requests, a revoked key is wiped.
 */
import { ApiError } from '@/lib/api/errors';
import { type ConnectionRow, getConnection } from '@/lib/db';
import type { Api } from './api';
import type { Ctx } from '@/entrypoints/background/context';
import { checkKeyKept } from './key-kept';
import { readKey } from './key-store';
import { isNetworkFailure, NOT_CONNECTED, toMemberError } from '@/entrypoints/background/member-error';
import { handleRevoked } from './revoked';
import { markOffline, markOnline, pausedUntil, pauseUntil } from './status';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import { t } from '@/lib/i18n';

export async function withApi<T>(ctx: Ctx, job: (api: Api, conn: ConnectionRow) => Promise<T>): Promise<T> {
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
    await observeFailure(ctx, err);
    throw err;
  }
  // The answer stands whatever happens to this note: a failed write must not turn a 202 into a failure.
  await markOnline(ctx).catch(() => undefined);
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

async function observeFailure(ctx: Ctx, err: unknown): Promise<void> {
  if (isNetworkFailure(err)) {
    await markOffline(ctx, toMemberError(err));
    return;
  }
  if (!(err instanceof ApiError)) return;
  // The pause first: every other request checks it before it goes.
  if (err.code === 'rate_limited') await pauseUntil(ctx, ctx.now() + (err.retryAfterSeconds ?? 5) * 1000);
  await markOnline(ctx);
  if (err.status === 401 && (err.code === 'key_revoked' || err.code === 'unauthenticated')) {
    await handleRevoked(ctx, toMemberError(err));
  }
}
