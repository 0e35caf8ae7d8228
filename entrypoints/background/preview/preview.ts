/**
 * The preview before a call runs: GET .../preview (shaped) while nothing is typed; POST /calls/quote (named
 * without a shape, G14) once there are details, a question or answers, so the fit reads the real text. A site
 * that does not offer the quote gets the GET preview, and the reply says the typed request was not checked.
 * Nothing is stored or held.
 */
import { StartCallRequestSchema, type CallRequest } from '@/lib/contract/calls';
import { CommandFailure, localError } from '@/lib/protocol/envelope';
import type { CommandReply } from '@/lib/protocol/commands';
import { tryOffered } from '@/entrypoints/background/core/capabilities';
import type { Ctx } from '@/entrypoints/background/core/context';
import { withApi } from '@/entrypoints/background/core/with-api';
import { t } from '@/lib/i18n';

function hasText(p: CallRequest): boolean {
  return (
    (p.details ?? '').trim() !== '' ||
    (p.question ?? '').trim() !== '' ||
    Object.keys(p.answers ?? {}).length > 0 ||
    (p.fileIds ?? []).length > 0
  );
}

export async function preview(ctx: Ctx, p: CallRequest): Promise<CommandReply<'preview'>> {
  const kindOnly = () => withApi(ctx, (api) => api.preview(p.agentId, p.callId, { sessionId: p.sessionId ?? null }));
  if (!hasText(p)) return { preview: await kindOnly(), requestChecked: false };
  const body = StartCallRequestSchema.safeParse(p);
  if (!body.success)
    throw new CommandFailure(
      localError('invalid_input', t('background.requestInvalid'), { kind: 'fix_request', fields: [] }),
    );
  const quote = await tryOffered(ctx, 'quoteCall', (api) => api.quoteCall(body.data), { about: p.agentId });
  if (quote.offered) return { preview: quote.value, requestChecked: true };
  return { preview: await kindOnly(), requestChecked: false };
}
