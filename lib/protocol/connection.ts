/** Connect with a one-time code, disconnect, read the connection again. */
import * as z from 'zod/mini';
import { command, Empty, str } from './command';

export const connectionCommands = () => ({
  /** Claim a connect code for the site at siteUrl. The panel asks for the site's origin permission first. */
  connect: command(
    z.object({ siteUrl: str(1, 2048), code: str(1, 100) }),
    z.object({ connectionId: z.string(), name: z.string(), sessionId: z.nullable(z.string()) }),
  ),
  /** Forget the key locally; history stays. */
  disconnect: command(Empty, Empty),
  /** Read GET /me again into the connection row. */
  refreshMe: command(Empty, z.object({ at: z.string() })),
  /** The panel showed the privacy line prominently once. */
  markPrivacyLineShown: command(Empty, Empty),
});
