/** POST /files (files switch) and GET /files/{fileId} through a signed link, no key (G14); also the strict profile's file host. */
import { type Context, Hono } from 'hono';
import { UploadFileRequestSchema } from '@/lib/contract/files';
import { download, uploadFile } from '@/emulator/domain/files';
import { visibleSession } from '@/emulator/domain/sessions';
import { ApiError, notFound, sessionScoped } from '@/emulator/errors';
import { requestLog } from '@/emulator/middleware/request-log';
import { faults } from '@/emulator/middleware/faults';
import { settle } from '@/emulator/domain/settle';
import type { World } from '@/emulator/world';
import { type AppEnv, readJson } from '@/emulator/http';

export const fileRoutes = new Hono<AppEnv>();

fileRoutes.post('/files', (c) => {
  const world = c.get('world');
  const conn = c.get('conn');
  const body = readJson(c, UploadFileRequestSchema);
  if (conn.sessionId !== null && body.sessionId !== conn.sessionId) throw sessionScoped();
  if (body.sessionId) {
    const session = visibleSession(world, conn, body.sessionId);
    if (session.status !== 'open') throw new ApiError(409, 'session_closed');
  }
  return c.json(uploadFile(world, conn, body, world.now()), 201);
});

fileRoutes.get('/files/:fileId', (c) => serveDownload(c, c.req.param('fileId')));

/** A signed link's file: on the site's origin (default profile) or the strict profile's file host. */
function serveDownload(c: Context<AppEnv>, fileId: string): Response {
  const world = c.get('world');
  const file = download(world, fileId, c.req.query('exp'), c.req.query('sig'), world.now());
  // Handed over as an attachment, never rendered: an active file must not be opened.
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${
      file.path
        .split(/[\\/]/)
        .pop()
        ?.replace(/[^\w.-]/g, '_') ?? 'file'
    }"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
}

/**
 * The strict profile's file host: signed links on a host of their own (a storage host, as many services
 * serve downloads), at a path of their own. No key is asked for or looked at; requests are logged like the API's.
 */
export function fileHostApp(world: World): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('world', world);
    c.set('rawBody', '');
    settle(world);
    await next();
  });
  // The control API's faults reach the file host too (a storage host answering 401, 429 or failing).
  app.use('*', requestLog, faults);
  app.get('/dl/:fileId', (c) => serveDownload(c, c.req.param('fileId')));
  app.notFound((c) => c.json(notFound().body(), 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return c.json(error.body(), error.status);
    }
    return c.json(new ApiError(500, 'server_error').body(), 500);
  });
  return app;
}
