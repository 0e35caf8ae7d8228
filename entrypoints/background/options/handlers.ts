/** The options commands' handlers (lib/protocol/options.ts), each a call into this folder's modules. */
import type { optionsCommands } from '@/lib/protocol/options';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { setSettings } from './settings';

export function optionsHandlers(ctx: Ctx): HandlersOf<typeof optionsCommands> {
  return {
    setSettings: (p) => setSettings(ctx, p),
  };
}
