/** Sessions (G14): open one, read it, answer its questions, rewrite its request, read its plan. */
import { Hono } from 'hono';
import { CreateSessionRequestSchema, PutAnswersRequestSchema, PutDetailsRequestSchema } from '@/lib/contract/sessions';
import { hasSecret } from '@/lib/safety/secret-guard';
import { listedAgents } from '@/emulator/domain/agents';
import {
  answerProblems,
  askable,
  keepAnswers,
  newSession,
  planView,
  putDetails,
  questionsView,
  runRead,
  sessionView,
  visibleSession,
} from '@/emulator/domain/sessions';
import { ApiError, notFound } from '@/emulator/errors';
import { type AppEnv, originOf, readJson } from '@/emulator/http';
import { requireUnscoped } from './agents';

export const sessionRoutes = new Hono<AppEnv>();

sessionRoutes.post('/sessions', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  const conn = c.get('conn');
  const body = readJson(c, CreateSessionRequestSchema);
  if (hasSecret(body.details ?? '')) throw new ApiError(400, 'secret_in_details');
  const agent = world.store.agents.get(body.agentId);
  if (!agent || !listedAgents(world).includes(agent)) {
    if (agent && !agent.behaviour.live) throw new ApiError(409, 'agent_unavailable');
    throw notFound();
  }
  const now = world.now();
  const session = newSession(world, conn, agent, body.way, body.details ?? null, now);
  if (body.way === 'plan') runRead(world, session, now);
  return c.json(sessionView(world, session, conn, originOf(c), now), 201);
});

sessionRoutes.get('/sessions/:sessionId', (c) => {
  const world = c.get('world');
  const session = visibleSession(world, c.get('conn'), c.req.param('sessionId'));
  return c.json(sessionView(world, session, c.get('conn'), originOf(c), world.now()));
});

sessionRoutes.put('/sessions/:sessionId/answers', (c) => {
  const world = c.get('world');
  const conn = c.get('conn');
  const body = readJson(c, PutAnswersRequestSchema);
  const session = visibleSession(world, conn, c.req.param('sessionId'));
  const agent = world.store.agents.get(session.agentId);
  if (!agent) throw notFound();
  const owns = Object.values(body.answers).flatMap((a) => (a.kind === 'own' ? [a.own] : []));
  if (owns.some(hasSecret)) throw new ApiError(400, 'secret_in_details');
  if (session.status !== 'open') throw new ApiError(409, 'session_closed');
  const problems = answerProblems(askable(session, agent, session.way), body.answers);
  if (problems.length > 0) throw new ApiError(400, 'invalid_answers', { problems });
  keepAnswers(world, session, body.answers, world.now());
  return c.json(questionsView(world, session, conn));
});

sessionRoutes.put('/sessions/:sessionId/details', (c) => {
  const world = c.get('world');
  const conn = c.get('conn');
  const body = readJson(c, PutDetailsRequestSchema);
  const session = visibleSession(world, conn, c.req.param('sessionId'));
  if (hasSecret(body.details)) throw new ApiError(400, 'secret_in_details');
  putDetails(world, session, body.details, world.now());
  return c.json(questionsView(world, session, conn));
});

sessionRoutes.get('/sessions/:sessionId/plan', (c) => {
  const world = c.get('world');
  return c.json(planView(visibleSession(world, c.get('conn'), c.req.param('sessionId'))));
});
