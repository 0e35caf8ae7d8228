/** POST /find, GET /agents, GET /agents/{agentId} and the preview of a kind of call. None for session-scoped keys. */
import { Hono } from 'hono';
import { FindRequestSchema } from '@/lib/contract/find';
import { hasSecret } from '@/lib/safety/secret-guard';
import { cardView, find, listedAgents } from '@/emulator/domain/agents';
import { preview } from '@/emulator/domain/preview';
import { ApiError, invalidInput, notFound, sessionScoped } from '@/emulator/errors';
import { utName } from '@/emulator/text';
import { type AppContext, type AppEnv, originOf, readJson } from '@/emulator/http';

export const agentRoutes = new Hono<AppEnv>();

export function requireUnscoped(c: AppContext): void {
  if (c.get('conn').sessionId !== null) throw sessionScoped();
}

agentRoutes.post('/find', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  const body = readJson(c, FindRequestSchema);
  if (hasSecret(body.description)) throw new ApiError(400, 'secret_in_details');
  return c.json(find(world, c.get('conn'), body.description, world.now()));
});

agentRoutes.get('/agents', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  const limitText = c.req.query('limit') ?? '20';
  const limit = Number(limitText);
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > 50) throw invalidInput(['limit'], 'limit must be 1 to 50.');
  const now = world.now();
  const agents = listedAgents(world)
    .sort((a, b) => b.countedCalls - a.countedCalls || a.id.localeCompare(b.id))
    .slice(0, limit)
    .map((a) => cardView(world, c.get('conn'), a, 0, now));
  return c.json({ agents });
});

agentRoutes.get('/agents/:agentId', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  const agent = world.store.agents.get(c.req.param('agentId'));
  if (!agent) throw notFound();
  return c.json({
    agent: cardView(world, c.get('conn'), agent, 0, world.now()),
    calls: agent.calls.map((call) => ({ callId: call.callId, untrustedName: utName(call.name), kind: call.kind })),
  });
});

agentRoutes.get('/agents/:agentId/calls/:callId/preview', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  const agent = world.store.agents.get(c.req.param('agentId'));
  const callId = c.req.param('callId');
  if (!agent?.calls.some((call) => call.callId === callId)) throw notFound();
  const sessionId = c.req.query('sessionId');
  const body = { agentId: agent.id, callId, ...(sessionId !== undefined ? { sessionId } : {}) };
  return c.json(preview(world, c.get('conn'), body, originOf(c), world.now(), false));
});
