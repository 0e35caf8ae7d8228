/** The files commands' handlers (lib/protocol/files.ts), each a call into this folder's modules. */
import type { filesCommands } from '@/lib/protocol/files';
import type { HandlersOf } from '@/lib/protocol/commands';
import type { Ctx } from '@/entrypoints/background/core/context';
import { downloadFile } from './downloads';
import { uploadFile } from './uploads';

export function filesHandlers(ctx: Ctx): HandlersOf<typeof filesCommands> {
  return {
    downloadFile: (p) => downloadFile(ctx, p),
    uploadFile: (p) => uploadFile(ctx, p),
  };
}
