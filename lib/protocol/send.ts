/** The pages' side of the protocol: a command sent to the background, its reply checked. */
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { type CommandName, type CommandPayload, type CommandReply, type CommandResult, commands } from './commands';
import { envelope, localError, ReplyEnvelopeSchema } from './envelope';

const SEND_RETRIES = 2;
const SEND_RETRY_MS = 150;
/**
 * Commands sent again when the worker took them and stopped before answering (the message's channel closed
 * with no reply): each carries its intent's id, which the outbox stores once, so a second send is the same
 * call, or its stored state. Others (a connect code works once, for one) are not: their member is told.
 */
const RESENT_WHEN_UNANSWERED: ReadonlySet<CommandName> = new Set(['startCall', 'retryCall']);

/** Send a command to the background. Never throws: an error comes back as `{ ok: false, error }`. */
export async function sendCommand<N extends CommandName>(
  name: N,
  payload: CommandPayload<N>,
): Promise<CommandResult<N>> {
  const spec = commands()[name];
  const checked = spec.payload.safeParse(payload);
  if (!checked.success) {
    return { ok: false, error: localError('invalid_command', t('commands.invalid')) };
  }
  let raw: unknown;
  // A worker being stopped or started at that instant can miss a message ("Receiving end does not exist"):
  // sent again, twice at most. Safe for every command: a start carries its intent id, so it is one call.
  for (let attempt = 0; ; attempt++) {
    try {
      raw = await browser.runtime.sendMessage(envelope(name, checked.data));
      if (raw === undefined && attempt < SEND_RETRIES && RESENT_WHEN_UNANSWERED.has(name)) {
        await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_MS * (attempt + 1)));
        continue;
      }
      break;
    } catch {
      if (attempt >= SEND_RETRIES) {
        return {
          ok: false,
          error: localError('background_unreachable', t('commands.noAnswer')),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, SEND_RETRY_MS * (attempt + 1)));
    }
  }
  // No reply at all: the worker stopped before it answered.
  if (raw === undefined) return { ok: false, error: localError('background_unreachable', t('commands.noAnswer')) };
  const reply = ReplyEnvelopeSchema.safeParse(raw);
  if (!reply.success) {
    return { ok: false, error: localError('bad_reply', t('commands.unexpected')) };
  }
  if (!reply.data.ok) return { ok: false, error: reply.data.error };
  const value = spec.reply.safeParse(reply.data.value);
  if (!value.success) {
    return { ok: false, error: localError('bad_reply', t('commands.unexpected')) };
  }
  return { ok: true, value: value.data as CommandReply<N> };
}

/**
 * The failures that say nothing of what the background did (no reply, a reply not read, a handler that threw):
 * the command may have been carried out, so what it started is looked for, never made again.
 */
export function saysNothingDone(error: { code: string }): boolean {
  return error.code === 'background_unreachable' || error.code === 'bad_reply' || error.code === 'internal';
}
