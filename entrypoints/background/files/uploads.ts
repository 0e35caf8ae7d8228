/**
 * POST /files for one file the member chose in the panel (G14). The panel checked it and built the body;
 * the background is the last stop before the network, so the same checks (name, 64 KB body, the secret
 * guard on text) run again on the bytes that will actually leave. Uploads are sent once: whoever holds the
 * answer's fileId (a call's stored request, a share draft) reuses it and never uploads the file again.
 */
import { readAmount } from '@/lib/contract/tolerant';
import type { UploadFileRequest } from '@/lib/contract/files';
import { getConnection } from '@/lib/db';
import { checkContent } from '@/lib/files/upload-checks';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { NOT_CONNECTED } from '@/entrypoints/background/core/member-error';
import { offeredOrSay, tryOffered } from '@/entrypoints/background/core/capabilities';
import { t } from '@/lib/i18n';

export interface UploadInput {
  name: string;
  contentBase64: string;
  sessionId?: string | null;
  type?: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard padded base64 to bytes; null when it is not that. */
export function decodeBase64(text: string): Uint8Array | null {
  if (!BASE64.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function uploadFile(ctx: Ctx, input: UploadInput): Promise<CommandReply<'uploadFile'>> {
  const conn = await getConnection(ctx.db);
  if (conn?.status !== 'connected') throw NOT_CONNECTED();
  const bytes = decodeBase64(input.contentBase64);
  if (bytes === null) throw new CommandFailure(localError('file_unreadable', t('background.fileUnreadable')));
  const verdict = checkContent({ name: input.name, type: input.type ?? '', sizeBytes: bytes.length }, bytes, {
    sessionId: input.sessionId,
  });
  if (!verdict.ok) {
    const error = localError(`file_${verdict.reason}`, t('background.fileRefused', { problem: verdict.message }));
    if (verdict.secrets) error.extras.found = verdict.secrets.map((s) => s.label);
    throw new CommandFailure(error);
  }
  const request: UploadFileRequest = { name: input.name, contentBase64: input.contentBase64 };
  if (input.sessionId !== undefined) request.sessionId = input.sessionId;
  const uploaded = offeredOrSay(await tryOffered(ctx, 'uploadFile', (api) => api.uploadFile(request)), () =>
    t('background.notOffered.files'),
  );
  // A size the site sent that cannot be one (G34): the bytes read here are what was sent.
  const sizeBytes = readAmount(uploaded.sizeBytes) ?? bytes.length;
  return { fileId: uploaded.fileId, sizeBytes, active: uploaded.active };
}
