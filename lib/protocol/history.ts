/** What the member spent since a date. */
import * as z from 'zod/mini';
import { command, str } from './command';

export const historyCommands = () => ({
  /** GET /me with spentSince: held and charged since then (null while the site cannot read it). */
  spending: command(
    z.object({ since: str(1, 64) }),
    z.object({ since: z.string(), spentSinceCents: z.nullable(z.number()), at: z.string() }),
  ),
});
