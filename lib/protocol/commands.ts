/**
 * The one protocol between the extension's pages (side panel, options) and the background: every feature's
 * commands in one registry. Commands go down, data comes up through IndexedDB (lib/db): most replies are
 * small (an id, a state) and the panel renders the rows through liveQuery. The envelope (envelope.ts), the
 * sender check (sender.ts), the page's sender (send.ts) and the background's dispatcher (dispatch.ts) are
 * their own modules; each feature declares its commands beside the others of its name.
 */
import type * as z from 'zod/mini';
import type { MemberError } from '@/lib/db/member-error';
import { approvalsCommands } from './approvals';
import { callsCommands } from './calls';
import { connectionCommands } from './connection';
import { filesCommands } from './files';
import { findCommands } from './find';
import { findingsCommands } from './findings';
import { historyCommands } from './history';
import { optionsCommands } from './options';
import { platformCommands } from './platform';
import { previewCommands } from './preview';
import { sessionsCommands } from './sessions';
import { sharingCommands } from './sharing';
import { storageCommands } from './storage';

/**
 * The registry, built on its first use: a worker's start registers its listeners before any command is read,
 * and most of the work of a start was building schemas (issue 29).
 */
const buildCommands = () => ({
  ...connectionCommands(),
  ...findCommands(),
  ...previewCommands(),
  ...callsCommands(),
  ...approvalsCommands(),
  ...sessionsCommands(),
  ...findingsCommands(),
  ...historyCommands(),
  ...storageCommands(),
  ...optionsCommands(),
  ...filesCommands(),
  ...platformCommands(),
  ...sharingCommands(),
});
let built: ReturnType<typeof buildCommands> | undefined;

export function commands(): ReturnType<typeof buildCommands> {
  built ??= buildCommands();
  return built;
}

type Commands = ReturnType<typeof buildCommands>;
export type CommandName = keyof Commands;
export type CommandPayload<N extends CommandName> = z.input<Commands[N]['payload']>;
export type CommandReply<N extends CommandName> = z.output<Commands[N]['reply']>;
export type CommandResult<N extends CommandName> =
  | { ok: true; value: CommandReply<N> }
  | { ok: false; error: MemberError };

export function isCommandName(name: string): name is CommandName {
  return Object.hasOwn(commands(), name);
}

/** A reply with nothing in it may be left out: the dispatcher answers `{}`. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing is typed Promise<void>, which undefined does not accept.
type HandlerReply<R> = Record<string, never> extends R ? R | void : R;

/** A feature's handlers: one per command of its registry, given the checked payload. */
export type HandlersOf<F extends () => Record<string, { payload: z.ZodMiniType; reply: z.ZodMiniType }>> = {
  [N in keyof ReturnType<F>]: (
    payload: z.output<ReturnType<F>[N]['payload']>,
  ) => Promise<HandlerReply<z.output<ReturnType<F>[N]['reply']>>>;
};

export type CommandHandlers = HandlersOf<typeof buildCommands>;
