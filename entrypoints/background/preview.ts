/**
 * The preview before a call runs (G14): GET .../preview while nothing is typed, POST /calls/quote once
 * there are details, a question or answers, so the fit reads the real text. Nothing is stored or held.
 */
import { StartCallRequestSchema } from '../../lib/api/schemas';
import { type CallRequestPayload, CommandFailure, type CommandReply, localError } from '../../lib/messages';
import type { Ctx } from './context';
import { withApi } from './with-api';

function hasText(p: CallRequestPayload): boolean {
  return (
    (p.details ?? '').trim() !== '' ||
    (p.question ?? '').trim() !== '' ||
    Object.keys(p.answers ?? {}).length > 0 ||
    (p.fileIds ?? []).length > 0
  );
}

export async function preview(ctx: Ctx, p: CallRequestPayload): Promise<CommandReply<'preview'>> {
  if (!hasText(p)) {
    const answer = await withApi(ctx, (api) => api.preview(p.agentId, p.callId, { sessionId: p.sessionId ?? null }));
    return { preview: answer };
  }
  const body = StartCallRequestSchema.safeParse(p);
  if (!body.success) throw new CommandFailure(localError('invalid_input', 'Not sent: the request is not valid.', { kind: 'fix_request', fields: [] }));
  return { preview: await withApi(ctx, (api) => api.quoteCall(body.data)) };
}
