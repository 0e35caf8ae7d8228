/**
 * Files: uploads sent with a call (files switch), files a call hands in, signed download links good for
 * 300 seconds (G14), and the download allowance of 20 MB in any 24 hours per connection.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { CallFileInput, UploadFileRequest, UploadedFile } from '@/lib/contract/files';
import { hasSecret } from '@/lib/safety/secret-guard';
import { DAY, SECOND, iso } from '@/emulator/clock';
import { ApiError, notFound } from '@/emulator/errors';
import { newId } from '@/emulator/ids';
import type { FileSpec } from '@/emulator/seed';
import type { CallRec, ConnectionRec, FileRec } from '@/emulator/store';
import { ut } from '@/emulator/text';
import { buildZip } from '@/emulator/zip';
import type { World } from '@/emulator/world';
import { isActiveFile } from './active';
import { downloadedBytes } from './usage';

const LINK_SECONDS = 300;
const UPLOAD_KEPT_MS = DAY;

export function fileVisible(file: FileRec | undefined, conn: ConnectionRec, now: number): file is FileRec {
  return file !== undefined && file.memberId === conn.memberId && (file.expiresAt === null || file.expiresAt > now);
}

/** POST /files. The body is already validated; the session, when named, is checked by the caller. */
export function uploadFile(world: World, conn: ConnectionRec, body: UploadFileRequest, now: number): UploadedFile {
  if (!conn.switches.files) throw new ApiError(403, 'switched_off', { reason: 'files' });
  const bytes = Buffer.from(body.contentBase64, 'base64');
  if (hasSecret(body.name) || hasSecret(bytes.toString('utf8'))) throw new ApiError(400, 'secret_in_details');
  const file: FileRec = {
    id: newId('fil'),
    memberId: conn.memberId,
    connectionId: conn.id,
    sessionId: body.sessionId ?? null,
    runId: null,
    path: body.name,
    bytes,
    active: isActiveFile(body.name, bytes),
    createdAt: now,
    expiresAt: now + UPLOAD_KEPT_MS,
  };
  world.store.files.set(file.id, file);
  return {
    fileId: file.id,
    untrustedPath: ut(file.path),
    sizeBytes: bytes.length,
    active: file.active,
    expiresAt: iso(now + UPLOAD_KEPT_MS),
  };
}

export function bytesOf(spec: FileSpec): Buffer {
  if (spec.archive) return buildZip(spec.archive.map((e) => ({ path: e.path, data: Buffer.from(e.text, 'utf8') })));
  if (spec.base64 !== undefined) return Buffer.from(spec.base64, 'base64');
  const text = Buffer.from(spec.text ?? '', 'utf8');
  if (spec.sizeBytes === undefined) return text;
  const out = Buffer.alloc(spec.sizeBytes, 0x2e);
  text.copy(out, 0, 0, Math.min(text.length, out.length));
  return out;
}

/** The files a passed call hands in. */
export function handInFiles(world: World, call: CallRec, now: number): string[] {
  return call.behaviour.files.map((spec) => {
    const bytes = bytesOf(spec);
    const file: FileRec = {
      id: newId('fil'),
      memberId: call.memberId,
      connectionId: call.connectionId,
      sessionId: call.sessionId,
      runId: call.runId,
      path: spec.path,
      bytes,
      active: isActiveFile(spec.path, bytes),
      createdAt: now,
      expiresAt: null,
    };
    world.store.files.set(file.id, file);
    return file.id;
  });
}

function signature(world: World, fileId: string, exp: number): string {
  return createHmac('sha256', world.signingSecret).update(`${fileId}:${exp}`).digest('hex');
}

/** A result file with a fresh link, good for 300 seconds from this read. */
export function resultFileView(world: World, file: FileRec, origin: string, now: number): CallFileInput {
  const exp = Math.floor(now / SECOND) + LINK_SECONDS;
  // The strict profile serves links from a host of its own, at a path of its own.
  const base = world.fileOrigin === null ? `${origin}/api/v1/files/` : `${world.fileOrigin}/dl/`;
  const url = `${base}${encodeURIComponent(file.id)}?exp=${exp}&sig=${signature(world, file.id, exp)}`;
  return {
    fileId: file.id,
    untrustedPath: ut(file.path),
    sizeBytes: file.bytes.length,
    active: file.active,
    url,
    expiresAt: iso(exp * SECOND),
  };
}

/** GET /files/{fileId}?exp&sig: no key; the signature names the file and the link's end. */
export function download(
  world: World,
  fileId: string,
  expText: string | undefined,
  sig: string | undefined,
  now: number,
): FileRec {
  const file = world.store.files.get(fileId);
  const exp = Number(expText);
  if (!file || file.runId === null || !Number.isSafeInteger(exp) || !sig || !/^[0-9a-f]{64}$/.test(sig))
    throw notFound();
  const expected = Buffer.from(signature(world, fileId, exp), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) throw notFound();
  if (now > exp * SECOND) throw new ApiError(403, 'link_expired');
  const conn = world.store.connections.get(file.connectionId);
  if (!conn) throw notFound();
  const used = downloadedBytes(conn, now);
  if (used + file.bytes.length > conn.limits.downloadBytesPerDay) {
    // The allowance frees up as the oldest downloads leave the 24-hour window.
    let freed = conn.limits.downloadBytesPerDay - used;
    let until = now + DAY;
    for (const d of conn.downloads) {
      freed += d.bytes;
      if (freed >= file.bytes.length) {
        until = d.at + DAY;
        break;
      }
    }
    const retryAfter = Math.max(1, Math.ceil((until - now) / SECOND));
    throw new ApiError(429, 'download_limit', { until: iso(until) }, { 'Retry-After': String(retryAfter) });
  }
  conn.downloads.push({ at: now, bytes: file.bytes.length });
  return file;
}
