/**
 * The control API for tests and demos, under /_emulator/ (never under /api/v1): reset, the clock, connect
 * codes, the member's own actions (switches, limits, revoke, approve, sign off), suspension, credits, agent
 * behaviour, faults and the request log. It acts as the member and the site; it takes no key.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { iso } from './clock';
import { approvalView, approve, decline } from '@/emulator/domain/approvals';
import { heldCents, spendableCents } from '@/emulator/domain/balance';
import { makeConnectCode, patchConnection, revokeConnection } from '@/emulator/domain/connections';
import { discardDraft, signOffDraft } from '@/emulator/domain/findings';
import { settle } from '@/emulator/domain/settle';
import { discardShare, signOffShare } from '@/emulator/domain/sharing';
import { ApiError, notFound } from './errors';
import { type AppEnv, jsonBody, originOf, validate } from './http';
import { newId } from './ids';
import { BehaviourPatchSchema, BehaviourSchema, LimitsSeedSchema, SwitchesSeedSchema } from './seed';

export const control = new Hono<AppEnv>();

const CONTROL_BODY_MAX = 1_048_576;

function body<S extends z.ZodType>(c: Parameters<typeof jsonBody>[0], schema: S): z.output<S> {
  return validate(schema, jsonBody(c, { maxBytes: CONTROL_BODY_MAX, emptyIsObject: true }));
}

control.post('/reset', (c) => {
  const world = c.get('world');
  world.reset();
  return c.json({ reset: true, now: iso(world.now()) });
});

const ClockSchema = z.object({
  advanceSeconds: z
    .number()
    .min(0)
    .max(10 * 365 * 24 * 3600),
});

control.post('/clock', (c) => {
  const world = c.get('world');
  const { advanceSeconds } = body(c, ClockSchema);
  world.clock.advance(advanceSeconds);
  settle(world);
  return c.json({ now: iso(world.now()) });
});

control.get('/clock', (c) => c.json({ now: iso(c.get('world').now()) }));

const ConnectCodeSchema = z.object({
  name: z.string().max(80).optional(),
  switches: SwitchesSeedSchema.partial().optional(),
  limits: LimitsSeedSchema.partial().optional(),
  keepsFindings: z.boolean().nullable().optional(),
  sessionId: z.string().nullable().optional(),
  memberId: z.string().optional(),
});

control.post('/connect-codes', (c) => {
  const world = c.get('world');
  const req = body(c, ConnectCodeSchema);
  const memberId = req.memberId ?? world.store.members.keys().next().value;
  if (!memberId || !world.store.members.has(memberId)) throw notFound();
  if (req.sessionId) {
    const session = world.store.sessions.get(req.sessionId);
    if (!session || session.memberId !== memberId) throw notFound();
  }
  return c.json(makeConnectCode(world, { ...req, memberId }, world.now()), 201);
});

const ConnectionPatchSchema = z.object({
  name: z.string().max(80).optional(),
  switches: SwitchesSeedSchema.partial().optional(),
  limits: LimitsSeedSchema.partial().optional(),
  keepsFindings: z.boolean().nullable().optional(),
});

function connectionOf(c: Parameters<typeof jsonBody>[0]) {
  const conn = c.get('world').store.connections.get(c.req.param('id') ?? '');
  if (!conn) throw notFound();
  return conn;
}

function connectionAnswer(conn: ReturnType<typeof connectionOf>) {
  return {
    id: conn.id,
    memberId: conn.memberId,
    name: conn.name,
    status: conn.status,
    switches: conn.switches,
    limits: conn.limits,
    keepsFindings: conn.keepsFindings,
    sessionId: conn.sessionId,
  };
}

control.patch('/connections/:id', (c) => {
  const conn = connectionOf(c);
  patchConnection(conn, body(c, ConnectionPatchSchema));
  return c.json(connectionAnswer(conn));
});

control.post('/connections/:id/revoke', (c) => {
  const conn = connectionOf(c);
  revokeConnection(c.get('world'), conn);
  return c.json(connectionAnswer(conn));
});

function memberOf(c: Parameters<typeof jsonBody>[0]) {
  const member = c.get('world').store.members.get(c.req.param('id') ?? '');
  if (!member) throw notFound();
  return member;
}

function memberAnswer(c: Parameters<typeof jsonBody>[0], member: ReturnType<typeof memberOf>) {
  const held = heldCents(c.get('world'), member.id);
  return {
    id: member.id,
    name: member.name,
    suspended: member.suspended,
    purchasedCents: member.purchasedCents,
    earnedCents: member.earnedCents,
    promoCents: member.promoCents,
    heldCents: held,
    spendableCents: spendableCents(member, held),
    spentUnreadable: member.spentUnreadable,
  };
}

control.post('/members/:id/suspend', (c) => {
  const member = memberOf(c);
  member.suspended = body(c, z.object({ suspended: z.boolean().default(true) })).suspended;
  return c.json(memberAnswer(c, member));
});

const CreditsSchema = z.object({
  purchasedCents: z.number().int().min(0).optional(),
  promoCents: z.number().int().min(0).optional(),
  /** null: unreadable right now. */
  earnedCents: z.number().int().min(0).nullable().optional(),
  /** Spending totals on GET /me unreadable (null). */
  spentUnreadable: z.boolean().optional(),
});

control.post('/members/:id/credits', (c) => {
  const member = memberOf(c);
  const req = body(c, CreditsSchema);
  if (req.purchasedCents !== undefined) member.purchasedCents = req.purchasedCents;
  if (req.promoCents !== undefined) member.promoCents = req.promoCents;
  if (req.earnedCents !== undefined) member.earnedCents = req.earnedCents;
  if (req.spentUnreadable !== undefined) member.spentUnreadable = req.spentUnreadable;
  return c.json(memberAnswer(c, member));
});

for (const action of ['approve', 'decline'] as const) {
  control.post(`/approvals/:id/${action}`, (c) => {
    const world = c.get('world');
    const approval = world.store.approvals.get(c.req.param('id'));
    if (!approval) throw notFound();
    (action === 'approve' ? approve : decline)(world, approval, world.now());
    return c.json(approvalView(world, approval, originOf(c), world.now()));
  });
}

for (const action of ['sign-off', 'discard'] as const) {
  control.post(`/drafts/:draftId/${action}`, (c) => {
    const world = c.get('world');
    const id = c.req.param('draftId');
    const findingsDraft = world.store.drafts.get(id);
    if (findingsDraft) {
      (action === 'sign-off' ? signOffDraft : discardDraft)(world, findingsDraft);
      return c.json({ draftId: id, kind: 'findings', status: findingsDraft.status });
    }
    const share = world.store.shareDrafts.get(id);
    if (!share) throw notFound();
    if (action === 'sign-off') signOffShare(world, share, world.now());
    else discardShare(share);
    return c.json({ draftId: id, kind: 'share', status: share.status });
  });
}

control.put('/agents/:agentId/behaviour', (c) => {
  const agent = c.get('world').store.agents.get(c.req.param('agentId'));
  if (!agent) throw notFound();
  const raw = jsonBody(c, { maxBytes: CONTROL_BODY_MAX, emptyIsObject: true });
  const patch = validate(BehaviourPatchSchema, raw);
  // Parts left out keep their value (the partial schema would fill in defaults, so only sent keys count);
  // running calls keep the behaviour they started with.
  const sent = Object.fromEntries(Object.entries(patch).filter(([key]) => Object.hasOwn(raw as object, key)));
  agent.behaviour = BehaviourSchema.parse({ ...agent.behaviour, ...sent });
  return c.json({ agentId: agent.id, behaviour: agent.behaviour });
});

const SessionPatchSchema = z.object({
  status: z.enum(['open', 'closed', 'archived', 'deleted']).optional(),
  movedNote: z.string().nullable().optional(),
  questionsUnreadable: z.boolean().optional(),
});

control.get('/sessions', (c) => {
  const memberId = c.req.query('memberId');
  const sessions = [...c.get('world').store.sessions.values()]
    .filter((s) => memberId === undefined || s.memberId === memberId)
    .map((s) => ({
      sessionId: s.id,
      memberId: s.memberId,
      agentId: s.agentId,
      way: s.way,
      status: s.status,
      calls: s.runIds.length,
    }));
  return c.json({ sessions });
});

control.patch('/sessions/:id', (c) => {
  const session = c.get('world').store.sessions.get(c.req.param('id'));
  if (!session) throw notFound();
  const req = body(c, SessionPatchSchema);
  if (req.status) session.status = req.status;
  if (req.movedNote !== undefined) session.movedNote = req.movedNote;
  if (req.questionsUnreadable !== undefined) session.questionsUnreadable = req.questionsUnreadable;
  return c.json({
    sessionId: session.id,
    status: session.status,
    movedNote: session.movedNote,
    questionsUnreadable: session.questionsUnreadable,
  });
});

const FaultSchema = z.object({
  method: z.string().toUpperCase().optional(),
  path: z.string().startsWith('/'),
  // 3xx only with redirectTo (a redirecting answer), 400–599 otherwise.
  status: z.number().int().min(300).max(599).optional(),
  code: z.string().optional(),
  /** Answer with this Location (status 307 unless a 3xx is given): a site or proxy sending the request elsewhere. */
  redirectTo: z.string().url().optional(),
  retryAfter: z.number().int().min(0).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
  drop: z.boolean().optional(),
  /** Processed, then these top-level fields are left out of its 2xx JSON answer (an answer off its shape). */
  omit: z.array(z.string().min(1)).max(20).optional(),
  /** Processed, then these fields (dotted paths) of its 2xx JSON answer are set to the given JSON values. */
  set: z
    .array(
      z.object({
        path: z.string().regex(/^[^.]+(\.[^.]+)*$/),
        value: z.unknown().refine((v) => v !== undefined, 'a JSON value'),
      }),
    )
    .max(20)
    .optional(),
  count: z.number().int().min(1).default(1),
});

control.post('/faults', (c) => {
  const req = body(c, FaultSchema);
  const edits = (req.omit?.length ?? 0) + (req.set?.length ?? 0);
  if (req.status === undefined && !req.delayMs && !req.drop && req.redirectTo === undefined && edits === 0) {
    throw new ApiError(
      400,
      'invalid_input',
      { fields: ['status'] },
      {},
      'A fault needs a status, a redirectTo, a delayMs, drop, omit or set.',
    );
  }
  // A 3xx needs a redirectTo; a redirectTo takes a 3xx or none (307).
  const redirectStatus = req.status !== undefined && req.status < 400;
  if (req.redirectTo === undefined ? redirectStatus : req.status !== undefined && !redirectStatus) {
    throw new ApiError(400, 'invalid_input', { fields: ['status', 'redirectTo'] }, {}, 'A 3xx goes with redirectTo.');
  }
  const fault = {
    id: newId('flt'),
    method: req.method ?? null,
    path: req.path,
    status: req.status ?? (req.redirectTo !== undefined ? 307 : null),
    code: req.code ?? null,
    redirectTo: req.redirectTo ?? null,
    retryAfter: req.retryAfter ?? null,
    delayMs: req.delayMs ?? null,
    drop: req.drop ?? false,
    omit: req.omit ?? [],
    set: (req.set ?? []).map(({ path, value }) => ({ path, value })),
    remaining: req.count,
  };
  c.get('world').store.faults.push(fault);
  return c.json({ faultId: fault.id, ...req }, 201);
});

control.get('/faults', (c) => c.json({ faults: c.get('world').store.faults }));

control.delete('/faults', (c) => {
  c.get('world').store.faults = [];
  return c.json({ cleared: true });
});

control.get('/requests', (c) => {
  const prefix = c.req.query('path');
  const requests = c.get('world').store.requests.filter((r) => prefix === undefined || r.path.startsWith(prefix));
  return c.json({ requests });
});

control.delete('/requests', (c) => {
  c.get('world').store.requests = [];
  return c.json({ cleared: true });
});
