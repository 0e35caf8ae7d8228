/** Find AI Agents for text the member typed (the menu and the shortcut start finds in the background). */
import * as z from 'zod/mini';
import { command, str } from './command';

export const findCommands = () => ({
  /** POST /find with text typed in the panel. The cards land in the finds table (row findId). */
  find: command(z.object({ text: str(0, 100_000) }), z.object({ findId: z.number(), requestId: z.string() })),
});
