/** The background's side of the protocol: the one listener, which checks sender and payload and runs a handler. */
import { browser } from 'wxt/browser';
import type { MemberError } from '@/lib/db/member-error';
import { t } from '@/lib/i18n';
import { type CommandHandlers, type CommandName, commands, isCommandName } from './commands';
import { CommandFailure, type CommandReplyEnvelope, EnvelopeSchema, localError } from './envelope';
import { isOwnExtensionPage, type SenderInfo } from './sender';

export interface HandleOptions {
  /** Turns anything a handler throws into the member's words (lib/api errors, CommandFailure, bugs). */
  toError: (err: unknown) => MemberError;
}

/** Checks sender and payload, runs the handler, checks its reply. Undefined for messages not of this protocol. */
export function handleCommandMessage(
  message: unknown,
  sender: SenderInfo,
  handlers: CommandHandlers,
  options: HandleOptions,
): Promise<CommandReplyEnvelope> | undefined {
  const envelope = EnvelopeSchema.safeParse(message);
  if (!envelope.success) return undefined;
  if (!isOwnExtensionPage(sender)) {
    return Promise.resolve({
      ok: false,
      error: localError('forbidden_sender', t('commands.forbidden')),
    });
  }
  const { name, payload } = envelope.data;
  if (!isCommandName(name)) {
    return Promise.resolve({ ok: false, error: localError('unknown_command', t('commands.unknown')) });
  }
  return run(name, payload, handlers, options);
}

async function run<N extends CommandName>(
  name: N,
  payload: unknown,
  handlers: CommandHandlers,
  options: HandleOptions,
): Promise<CommandReplyEnvelope> {
  const spec = commands()[name];
  const checked = spec.payload.safeParse(payload);
  if (!checked.success) {
    return { ok: false, error: localError('invalid_command', t('commands.invalid')) };
  }
  try {
    const handler = handlers[name] as (p: unknown) => Promise<unknown>;
    // A command whose reply is empty may answer nothing.
    const value = (await handler(checked.data)) ?? {};
    const reply = spec.reply.safeParse(value);
    if (!reply.success) {
      return { ok: false, error: localError('internal', t('background.internal')) };
    }
    return { ok: true, value: reply.data };
  } catch (err) {
    if (err instanceof CommandFailure) return { ok: false, error: err.error };
    return { ok: false, error: options.toError(err) };
  }
}

/** Registers the one runtime.onMessage listener of the protocol. Call synchronously in the background's main(). */
export function registerCommandHandlers(handlers: CommandHandlers, options: HandleOptions): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: SenderInfo) =>
    handleCommandMessage(message, sender, handlers, options),
  );
}
