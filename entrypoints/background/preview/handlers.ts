/** The preview commands' handlers (lib/protocol/preview.ts), each a call into this folder's modules. */
import type { previewCommands } from '@/lib/protocol/preview';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { preview } from './preview';

export function previewHandlers(ctx: Ctx): HandlersOf<typeof previewCommands> {
  return {
    preview: (p) => preview(ctx, p),
  };
}
