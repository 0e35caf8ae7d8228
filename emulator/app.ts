/**
 * The emulator's HTTP surface: /api/v1 (the Connection API), retired paths (410), the member's site pages,
 * and the control API under /_emulator. The order of the API middleware is the order of refusals:
 * faults, the retired check, the key (401/403/429), the Idempotency-Key, then the route's own checks.
 */
import { Hono } from 'hono';
import { control } from './control';
import { ApiError, notFound } from './errors';
import type { AppEnv } from './http';
import { auth } from '@/emulator/middleware/auth';
import { readBody } from '@/emulator/middleware/body';
import { faultDelay, faults } from '@/emulator/middleware/faults';
import { idempotency } from '@/emulator/middleware/idempotency';
import { localOnly } from '@/emulator/middleware/local-only';
import { requestLog } from '@/emulator/middleware/request-log';
import { accountPages } from '@/emulator/pages/account';
import { approvalPages } from '@/emulator/pages/approvals';
import { connectionPages } from '@/emulator/pages/connections';
import { draftPages } from '@/emulator/pages/drafts';
import { html, pageResponse } from '@/emulator/pages/html';
import { agentRoutes } from '@/emulator/routes/agents';
import { callRoutes } from '@/emulator/routes/calls';
import { connectionRoutes } from '@/emulator/routes/connections';
import { fileRoutes } from '@/emulator/routes/files';
import { findingRoutes } from '@/emulator/routes/findings';
import { sessionRoutes } from '@/emulator/routes/sessions';
import { sharingRoutes } from '@/emulator/routes/sharing';
import { isUnshaped } from './site-paths';
import { settle } from '@/emulator/domain/settle';
import type { World } from './world';

/** Version 3 of the site (retired in 2.0.0), v2, and shown keys (replaced by connect codes in 2.2.0). */
const RETIRED = [/^\/api\/v[23](?:\/|$)/, /^\/api\/v1\/keys(?:\/|$)/];

export function createApp(world: World): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('world', world);
    settle(world);
    await next();
  });
  app.use('/api/*', readBody, requestLog, faults);
  // The strict profile: a site without any endpoint the contract names without a shape (G14 is our reading).
  if (world.profile === 'strict') {
    app.use('/api/*', async (c, next) => {
      // A site without the route: its server's own 404 page, not the API's JSON code (lib/api/capabilities).
      if (isUnshaped(c.req.method, new URL(c.req.url).pathname)) return c.text('404 Not Found', 404);
      await next();
    });
  }
  app.use('/api/*', async (c, next) => {
    if (RETIRED.some((re) => re.test(new URL(c.req.url).pathname))) throw new ApiError(410, 'retired');
    await next();
  });
  app.use('/api/v1/*', auth, idempotency, faultDelay);
  for (const routes of [
    connectionRoutes,
    agentRoutes,
    callRoutes,
    sessionRoutes,
    findingRoutes,
    fileRoutes,
    sharingRoutes,
  ]) {
    app.route('/api/v1', routes);
  }

  // Only the developer's own tools: a loopback Host, no other site's Origin, JSON bodies said as JSON.
  app.use('/_emulator/*', readBody, localOnly);
  app.route('/_emulator', control);

  // The member's pages act only for the member signed in on the site: a request carrying a connection's
  // key (or any bearer token) never approves, signs off, or changes a switch or limit (contract, Authentication 8).
  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname;
    const isPage = !path.startsWith('/api/') && !path.startsWith('/_emulator/');
    if (isPage && c.req.method !== 'GET' && c.req.header('Authorization') !== undefined) {
      return pageResponse(
        c,
        'Only you can do this',
        html`<p>Approvals, sign-off, switches and limits are changed only by the member on these pages. A connection's key cannot do it.</p>`,
        world.site.name,
        403,
      );
    }
    await next();
  });
  for (const pages of [accountPages(world.paths), connectionPages, approvalPages(world.paths), draftPages(world.paths)])
    app.route('/', pages);

  app.notFound((c) => {
    const path = new URL(c.req.url).pathname;
    if (path.startsWith('/api/') || path.startsWith('/_emulator/')) {
      const error = notFound();
      return c.json(error.body(), 404);
    }
    return pageResponse(c, 'Not found', html`<p>There is no page at this address.</p>`, world.site.name, 404);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body(), error.status);
    }
    console.error('emulator: unexpected error', error);
    return c.json(new ApiError(500, 'server_error').body(), 500);
  });

  return app;
}
