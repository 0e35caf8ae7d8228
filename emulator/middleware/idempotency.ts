/**
 * Idempotency-Key on POST /calls, /calls/{runId}/stop and /calls/{runId}/report (G16): required; an answer
 * that started or changed something (2xx) is remembered for 24 hours and answered again to a resend with
 * the same key and body; another body answers 422; a resend while the first still runs answers 409.
 * Refusals are not remembered, so the same intent may be sent again once the member fixed the cause.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_MEMORY_MS } from '@/lib/contract/limits';
import { isValidIdempotencyKey } from '@/lib/contract/calls';
import { canonicalJson } from '@/emulator/canonical';
import { ApiError } from '@/emulator/errors';
import type { AppEnv } from '@/emulator/http';
import type { Store } from '@/emulator/store';

const IDEMPOTENT = /^\/api\/v1\/calls(?:\/[^/]+\/(?:stop|report))?$/;

function fingerprint(method: string, path: string, raw: string): string {
  let body = raw;
  try {
    body = canonicalJson(JSON.parse(raw));
  } catch {
    // Not JSON: compared as sent.
  }
  return createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
}

function forget(store: Store, now: number): void {
  for (const [key, rec] of store.idempotency) {
    if (rec.createdAt > now - IDEMPOTENCY_MEMORY_MS) break;
    store.idempotency.delete(key);
  }
}

export const idempotency: MiddlewareHandler<AppEnv> = async (c, next) => {
  const path = new URL(c.req.url).pathname;
  if (c.req.method !== 'POST' || !IDEMPOTENT.test(path)) return next();
  const key = c.req.header('Idempotency-Key');
  if (key === undefined || !isValidIdempotencyKey(key)) throw new ApiError(400, 'idempotency_key_required');
  const world = c.get('world');
  const { store } = world;
  const now = world.now();
  forget(store, now);
  const id = `${c.get('conn').id}\u0000${key}`;
  const fp = fingerprint(c.req.method, path, c.get('rawBody'));
  const known = store.idempotency.get(id);
  if (known) {
    if (known.fingerprint !== fp) throw new ApiError(422, 'idempotency_key_reused');
    if (known.state === 'running') throw new ApiError(409, 'idempotency_in_progress');
    return c.body(known.body, known.status as ContentfulStatusCode, {
      'Content-Type': 'application/json',
      'Idempotent-Replayed': 'true',
    });
  }
  store.idempotency.set(id, { fingerprint: fp, state: 'running', status: 0, body: '', createdAt: now });
  try {
    await next();
  } finally {
    const res = c.res;
    if (res.status >= 200 && res.status < 300) {
      store.idempotency.set(id, {
        fingerprint: fp,
        state: 'done',
        status: res.status,
        body: await res.clone().text(),
        createdAt: now,
      });
    } else {
      store.idempotency.delete(id);
    }
  }
};
