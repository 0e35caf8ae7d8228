/** Reads the body once, as text, so the log, the idempotency check and the route all see the same bytes. */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '@/emulator/errors';
import type { AppEnv } from '@/emulator/http';

/** Bodies above this are refused unread; anything smaller is read so G5's order (invalid_json first) holds. */
const READ_MAX_BYTES = 16 * 1024 * 1024;

export const readBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('rawBody', '');
  c.set('rawBodyBytes', 0);
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'DELETE') return next();
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > READ_MAX_BYTES) throw new ApiError(413, 'too_large');
  const bytes = Buffer.from(await c.req.arrayBuffer());
  if (bytes.length > READ_MAX_BYTES) throw new ApiError(413, 'too_large');
  c.set('rawBody', bytes.toString('utf8'));
  c.set('rawBodyBytes', bytes.length);
  return next();
};
