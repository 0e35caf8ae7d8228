/** Logs every API request (method, path, Idempotency-Key, whether a key was sent, body) for tests to read. */
import type { MiddlewareHandler } from 'hono';
import { iso } from '@/emulator/clock';
import type { AppEnv } from '@/emulator/http';
import type { RequestLogRec } from '@/emulator/store';

/** Bodies are logged up to this many characters. */
const BODY_LOG_MAX = 65_536;

export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const world = c.get('world');
  const url = new URL(c.req.url);
  const raw = c.get('rawBody');
  let body: unknown = null;
  if (raw !== '') {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw.slice(0, BODY_LOG_MAX);
    }
  }
  const entry: RequestLogRec = {
    at: iso(world.now()),
    method: c.req.method,
    path: url.pathname,
    query: url.search,
    idempotencyKey: c.req.header('Idempotency-Key') ?? null,
    authorization: c.req.header('Authorization') !== undefined,
    body,
    status: null,
    retryAfter: null,
  };
  world.store.logRequest(entry);
  await next();
  entry.status = c.res.status;
  entry.retryAfter = c.res.headers.get('Retry-After');
};
