/** Sharing endpoints (G14): coverage, share drafts, their files and package, shared projects. */
import { Hono } from 'hono';
import { CoverageRequestSchema, CreateShareRequestSchema, PutShareFilesRequestSchema } from '@/lib/contract/shares';
import { MAX_PACKAGE_BODY_BYTES } from '@/lib/contract/limits';
import { hasSecret } from '@/lib/safety/secret-guard';
import {
  coverage,
  createShare,
  packageShare,
  putShareFiles,
  requireSharing,
  shareView,
  sharedProjects,
  visibleShare,
} from '@/emulator/domain/sharing';
import { ApiError } from '@/emulator/errors';
import { type AppEnv, jsonBody, originOf, readJson } from '@/emulator/http';

export const sharingRoutes = new Hono<AppEnv>();

sharingRoutes.post('/sharing/coverage', (c) => {
  requireSharing(c.get('conn'));
  const body = readJson(c, CoverageRequestSchema);
  if (hasSecret(body.description)) throw new ApiError(400, 'secret_in_details');
  return c.json(coverage(c.get('world'), body.description));
});

sharingRoutes.post('/shares', (c) => {
  requireSharing(c.get('conn'));
  const world = c.get('world');
  const body = readJson(c, CreateShareRequestSchema);
  const draft = createShare(world, c.get('conn'), body, world.now());
  return c.json(shareView(world, draft, originOf(c)), 201);
});

sharingRoutes.put('/shares/:draftId/files', (c) => {
  requireSharing(c.get('conn'));
  const world = c.get('world');
  const body = readJson(c, PutShareFilesRequestSchema);
  const draft = visibleShare(world, c.get('conn'), c.req.param('draftId'));
  putShareFiles(world, c.get('conn'), draft, body.fileIds, world.now());
  return c.json(shareView(world, draft, originOf(c)));
});

sharingRoutes.post('/shares/:draftId/package', (c) => {
  requireSharing(c.get('conn'));
  const world = c.get('world');
  jsonBody(c, { maxBytes: MAX_PACKAGE_BODY_BYTES, emptyIsObject: true });
  const draft = visibleShare(world, c.get('conn'), c.req.param('draftId'));
  packageShare(world, draft);
  return c.json(shareView(world, draft, originOf(c)));
});

sharingRoutes.get('/shares/:draftId', (c) => {
  requireSharing(c.get('conn'));
  const world = c.get('world');
  return c.json(shareView(world, visibleShare(world, c.get('conn'), c.req.param('draftId')), originOf(c)));
});

sharingRoutes.get('/shared-projects', (c) => {
  requireSharing(c.get('conn'));
  const world = c.get('world');
  return c.json(sharedProjects(world, c.get('conn').memberId));
});
