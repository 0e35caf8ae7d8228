/** POST /calls, POST /calls/quote, GET /calls/{runId}, stop and report. */
import { Hono } from 'hono';
import { ReportRequestSchema } from '@/lib/contract/calls';
import { StartCallRequestSchema, type StartCallRequest } from '@/lib/contract/calls';
import { callView } from '@/emulator/domain/call-view';
import { reportCall, startCall, stopCall, visibleCall } from '@/emulator/domain/calls';
import { preview } from '@/emulator/domain/preview';
import { invalidInput } from '@/emulator/errors';
import { type AppContext, type AppEnv, jsonBody, originOf, readJson, validate } from '@/emulator/http';
import { requireUnscoped } from './agents';

export const callRoutes = new Hono<AppEnv>();

/** The POST /calls body: a body carrying keepFindings is refused (the findings choice is the member's). */
function callBody(c: AppContext): StartCallRequest {
  const value = jsonBody(c);
  if (value !== null && typeof value === 'object' && 'keepFindings' in value) {
    throw invalidInput(['keepFindings'], 'keepFindings cannot be sent: the findings choice is made on the site.');
  }
  return validate(StartCallRequestSchema, value);
}

callRoutes.post('/calls', (c) => {
  const world = c.get('world');
  const answer = startCall(world, c.get('conn'), callBody(c), originOf(c), world.now());
  return c.json(answer, 202);
});

callRoutes.post('/calls/quote', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  return c.json(preview(world, c.get('conn'), callBody(c), originOf(c), world.now(), true));
});

callRoutes.get('/calls/:runId', (c) => {
  const world = c.get('world');
  const call = visibleCall(world, c.get('conn'), c.req.param('runId'));
  return c.json(callView(world, call, originOf(c), world.now()));
});

callRoutes.post('/calls/:runId/stop', (c) => {
  const world = c.get('world');
  jsonBody(c, { emptyIsObject: true });
  const call = visibleCall(world, c.get('conn'), c.req.param('runId'));
  return c.json(stopCall(world, call, world.now()));
});

callRoutes.post('/calls/:runId/report', (c) => {
  const world = c.get('world');
  const body = readJson(c, ReportRequestSchema);
  const call = visibleCall(world, c.get('conn'), c.req.param('runId'));
  return c.json(reportCall(call, body, world.now()));
});
