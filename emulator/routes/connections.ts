/** POST /connections/claim (no key) and GET /me. */
import { Hono } from 'hono';
import { z } from 'zod';
import { ClaimRequestSchema } from '@/lib/contract/connection';
import { checkClaimRate, claim, meView } from '@/emulator/domain/connections';
import { invalidInput } from '@/emulator/errors';
import { normalizeCode } from '@/emulator/ids';
import { type AppEnv, jsonBody, originOf, validate } from '@/emulator/http';

export const connectionRoutes = new Hono<AppEnv>();

connectionRoutes.post('/connections/claim', (c) => {
  const world = c.get('world');
  const now = world.now();
  const value = jsonBody(c);
  const rawCode =
    typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'string' ? value.code : '';
  checkClaimRate(world, c.env.incoming.socket.remoteAddress ?? 'unknown', normalizeCode(rawCode), now);
  const body = validate(ClaimRequestSchema, value);
  return c.json(claim(world, body.code, originOf(c), now));
});

const SpentSinceSchema = z.iso.datetime({ offset: true });

connectionRoutes.get('/me', (c) => {
  const world = c.get('world');
  const since = c.req.query('spentSince');
  let sinceAt: number | null = null;
  if (since !== undefined) {
    if (!SpentSinceSchema.safeParse(since).success)
      throw invalidInput(['spentSince'], 'spentSince must be an ISO 8601 date-time with a zone.');
    sinceAt = Date.parse(since);
  }
  return c.json(meView(world, c.get('conn'), sinceAt, world.now()));
});
