/** GET /findings (read-only; G12: 503 not_available when the member does not keep findings) and GET /approvals/{id}. */
import { Hono } from 'hono';
import { approvalView } from '@/emulator/domain/approvals';
import { findingView, findingsOf } from '@/emulator/domain/findings';
import { ApiError, notFound } from '@/emulator/errors';
import { type AppEnv, originOf } from '@/emulator/http';
import { requireUnscoped } from './agents';

export const findingRoutes = new Hono<AppEnv>();

findingRoutes.get('/findings', (c) => {
  requireUnscoped(c);
  const world = c.get('world');
  const conn = c.get('conn');
  if (conn.keepsFindings !== true) throw new ApiError(503, 'not_available', { reason: 'findings_not_kept' });
  const origin = originOf(c);
  return c.json({ findings: findingsOf(world, conn.memberId).map((f) => findingView(world, f, origin)) });
});

findingRoutes.get('/approvals/:approvalId', (c) => {
  const world = c.get('world');
  const approval = world.store.approvals.get(c.req.param('approvalId'));
  if (!approval || approval.connectionId !== c.get('conn').id) throw notFound();
  return c.json(approvalView(world, approval, originOf(c), world.now()));
});
