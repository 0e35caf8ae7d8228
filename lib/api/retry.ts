/**
 * Retries of one request. Only the very same request is sent again: GETs, and requests that carry an
 * Idempotency-Key (with the same key). 500 server_error (or any 5xx without a readable code) and network
 * failures back off exponentially from 0.5 s, doubling to a cap, with jitter; 429 rate_limited waits its
 * Retry-After; 409 idempotency_in_progress waits 2 s (G16). Waits are cancellable and reported through
 * onRetry before they start, so a caller can show "trying again in 2 s".
 */
import { AbortedError, ApiError, type ClientError, isClientError, MalformedAnswerError, NetworkError } from './errors';

/** Timers and time, injectable so tests run on a fake clock. */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Reads the global timers at call time, so a test's fake timers apply too. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay; each further retry doubles it. */
  baseDelayMs: number;
  /** Cap of the backoff delay (before jitter). */
  maxDelayMs: number;
  /** Wait after 409 idempotency_in_progress (G16). */
  inProgressDelayMs: number;
  /** A Retry-After longer than this is not waited for here: the error goes to the caller to schedule. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  inProgressDelayMs: 2_000,
  maxRetryAfterMs: 60_000,
};

type RetryReason = 'network' | 'timeout' | 'server_error' | 'rate_limited' | 'idempotency_in_progress';

export interface RetryInfo {
  /** Number of the attempt that will follow the wait (2 for the first retry). */
  attempt: number;
  delayMs: number;
  reason: RetryReason;
  /** The failure that led to the retry. */
  error: ClientError;
}

export type OnRetry = (info: RetryInfo) => void;

/** Exponential backoff for the n-th retry (1-based) with "equal jitter": half fixed, half random. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const full = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(full / 2 + random() * (full / 2));
}

/** How long to wait before the n-th retry after `error`, and why; null when it must not be retried. */
function retryDecision(
  error: unknown,
  retry: number,
  policy: RetryPolicy,
  random: () => number,
): { delayMs: number; reason: RetryReason } | null {
  if (error instanceof NetworkError) {
    return { delayMs: backoffDelay(retry, policy, random), reason: error.timedOut ? 'timeout' : 'network' };
  }
  if (error instanceof MalformedAnswerError) {
    return error.retryable ? { delayMs: backoffDelay(retry, policy, random), reason: 'server_error' } : null;
  }
  if (!(error instanceof ApiError) || !error.retryable) return null;
  const afterMs = error.retryAfterSeconds === null ? null : error.retryAfterSeconds * 1000;
  switch (error.code) {
    case 'server_error':
      return { delayMs: backoffDelay(retry, policy, random), reason: 'server_error' };
    case 'rate_limited':
      if (afterMs === null) return { delayMs: backoffDelay(retry, policy, random), reason: 'rate_limited' };
      return afterMs > policy.maxRetryAfterMs ? null : { delayMs: afterMs, reason: 'rate_limited' };
    case 'idempotency_in_progress':
      return { delayMs: Math.max(policy.inProgressDelayMs, afterMs ?? 0), reason: 'idempotency_in_progress' };
    default:
      return null;
  }
}

/** Waits `ms` on `clock`; rejects with AbortedError as soon as `signal` aborts. */
function sleep(ms: number, clock: Clock, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new AbortedError());
      return;
    }
    const onAbort = () => {
      clock.clearTimeout(handle);
      reject(new AbortedError());
    };
    const handle = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface WithRetryOptions {
  /** False for requests that must not be sent twice (POSTs without an Idempotency-Key). */
  mayRetry: boolean;
  policy: RetryPolicy;
  clock: Clock;
  random: () => number;
  signal?: AbortSignal;
  onRetry?: OnRetry;
  /**
   * Called right before every attempt, the first too; what it throws ends the request unsent (e.g. the site
   * asked the whole connection to pause: the check belongs as close to the send as it can be).
   */
  beforeAttempt?: () => Promise<void>;
}

/** Runs `attempt` until it succeeds, fails in a way that is not retried, or runs out of retries. */
export async function withRetry<T>(attempt: () => Promise<T>, options: WithRetryOptions): Promise<T> {
  for (let retry = 1; ; retry++) {
    await options.beforeAttempt?.();
    try {
      return await attempt();
    } catch (error) {
      if (!options.mayRetry || retry > options.policy.maxRetries || !isClientError(error)) throw error;
      const decision = retryDecision(error, retry, options.policy, options.random);
      if (decision === null) throw error;
      options.onRetry?.({ attempt: retry + 1, delayMs: decision.delayMs, reason: decision.reason, error });
      await sleep(decision.delayMs, options.clock, options.signal);
    }
  }
}
