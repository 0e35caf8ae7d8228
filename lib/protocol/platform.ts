/** Pages opened for the member: an address from untrusted content, and the member's own pages on the site. */
import * as z from 'zod/mini';
import { command, Empty, str } from './command';

export const platformCommands = () => ({
  /** Open an http or https address from untrusted content, only on the member's click; checked again here. */
  openExternalUrl: command(z.object({ url: str(1, 2048) }), Empty),
  /** Open one of the member's own pages on the site (G15). The background checks origin and path. */
  openSitePage: command(z.object({ url: str(1, 2048) }), Empty),
});
