/**
 * The key: Authorization: Bearer gpc_... A missing or unknown key (or a signed-in agent's access token,
 * which works only at /mcp) is 401 unauthenticated; a revoked one 401 key_revoked; a suspended member's
 * 403 account_suspended. Then the connection's request rate (G18).
 */
import type { MiddlewareHandler } from 'hono';
import { MINUTE } from '@/emulator/clock';
import { pruneTimes } from '@/emulator/domain/usage';
import { ApiError } from '@/emulator/errors';
import { hashKey } from '@/emulator/ids';
import type { AppEnv } from '@/emulator/http';

/** Endpoints that take no key. */
function isPublic(method: string, path: string): boolean {
  return (
    (method === 'POST' && path === '/api/v1/connections/claim') ||
    (method === 'GET' && path.startsWith('/api/v1/files/'))
  );
}

export const auth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isPublic(c.req.method, new URL(c.req.url).pathname)) return next();
  const world = c.get('world');
  const header = c.req.header('Authorization') ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const connId = match?.[1] ? world.store.connectionsByKeyHash.get(hashKey(match[1])) : undefined;
  const conn = connId ? world.store.connections.get(connId) : undefined;
  if (!conn) throw new ApiError(401, 'unauthenticated');
  if (conn.status === 'revoked') throw new ApiError(401, 'key_revoked');
  const member = world.store.members.get(conn.memberId);
  if (!member) throw new ApiError(401, 'unauthenticated');
  if (member.suspended) throw new ApiError(403, 'account_suspended');
  const now = world.now();
  pruneTimes(conn.requestTimes, now, MINUTE);
  if (conn.requestTimes.length >= world.site.requestsPerMinute) {
    const retryAfter = Math.max(1, Math.ceil(((conn.requestTimes[0] ?? now) + MINUTE - now) / 1000));
    throw new ApiError(429, 'rate_limited', {}, { 'Retry-After': String(retryAfter) });
  }
  conn.requestTimes.push(now);
  c.set('conn', conn);
  c.set('member', member);
  return next();
};
