/** The platform commands' handlers (lib/protocol/platform.ts), each a call into this folder's modules. */
import type { platformCommands } from '@/lib/protocol/platform';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { openExternalUrl } from './external-url';
import { openSitePage } from './open-site-page';

export function platformHandlers(ctx: Ctx): HandlersOf<typeof platformCommands> {
  return {
    openExternalUrl: (p) => openExternalUrl(p.url),
    openSitePage: (p) => openSitePage(ctx, p.url),
  };
}
