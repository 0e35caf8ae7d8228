// The POST /files body (G14: { name, contentBase64, sessionId? }, whole body at most 64 KB) and its exact
// size. The size is the UTF-8 length of the JSON text the client sends, so it is computed from the same
// object the client stringifies, without encoding the file first: base64 is plain ASCII and needs no
// JSON escaping, so it adds exactly its own length.
import type { UploadFileRequest } from '@/lib/contract/files';
import { base64Length, encodeBase64, maxBytesForBase64Chars } from './base64';
import { MAX_BODY_BYTES } from '@/lib/contract/limits';

const encoder = new TextEncoder();

function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The request for one file. `sessionId` is left out of the body when undefined. */
export function buildUploadRequest(
  name: string,
  content: ArrayBuffer | ArrayBufferView,
  sessionId?: string | null,
): UploadFileRequest {
  const body: UploadFileRequest = { name, contentBase64: encodeBase64(content) };
  if (sessionId !== undefined) body.sessionId = sessionId;
  return body;
}

function bodyWithoutContent(name: string, sessionId?: string | null): UploadFileRequest {
  const body: UploadFileRequest = { name, contentBase64: '' };
  if (sessionId !== undefined) body.sessionId = sessionId;
  return body;
}

/** Bytes of the JSON body that would carry `contentBytes` bytes of file under this name. */
export function uploadBodyBytes(name: string, contentBytes: number, sessionId?: string | null): number {
  return utf8Length(JSON.stringify(bodyWithoutContent(name, sessionId))) + base64Length(contentBytes);
}

/** The largest file, in bytes, that fits one POST /files body under this name. */
export function maxUploadContentBytes(name: string, sessionId?: string | null): number {
  const room = MAX_BODY_BYTES - utf8Length(JSON.stringify(bodyWithoutContent(name, sessionId)));
  return maxBytesForBase64Chars(room);
}
