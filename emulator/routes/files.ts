/** POST /files (files switch) and GET /files/{fileId} through a signed link, no key (G14). */
import { Hono } from 'hono';
import { UploadFileRequestSchema } from '../../lib/api/schemas';
import { download, uploadFile } from '../domain/files';
import { visibleSession } from '../domain/sessions';
import { ApiError, sessionScoped } from '../errors';
import { type AppEnv, readJson } from '../http';

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

fileRoutes.get('/files/:fileId', (c) => {
  const world = c.get('world');
  const file = download(world, c.req.param('fileId'), c.req.query('exp'), c.req.query('sig'), world.now());
  // Handed over as an attachment, never rendered: an active file must not be opened.
  return c.body(new Uint8Array(file.bytes), 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${file.path.split(/[\\/]/).pop()?.replace(/[^\w.-]/g, '_') ?? 'file'}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  });
});
