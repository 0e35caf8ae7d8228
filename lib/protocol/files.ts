/** Result files saved through the browser's downloads, and files the member hands to a call. */
import * as z from 'zod/mini';
import { command, id, str } from './command';

export const filesCommands = () => ({
  /**
   * Save a result file through the browser's downloads (never opened). An active file needs the member's
   * confirmation; a file that would not fit today's 20 MB is refused; an expired link is renewed first.
   */
  downloadFile: command(
    z.object({ localId: str(1, 64), fileId: str(1, 255), confirmedActive: z.boolean() }),
    z.object({ filename: z.string() }),
  ),
  /**
   * POST /files for one file the member chose (body built in the panel with lib/files buildUploadRequest).
   * The background checks it again (size, secret guard) before it leaves. Sent once: a call's or a draft's
   * fileIds are kept by the panel, so a resend of the call never uploads again.
   */
  uploadFile: command(
    z.object({
      // Lengths in code points are the background's check (G19); these only bound the message.
      name: str(1, 1024),
      contentBase64: str(0, 100_000),
      sessionId: z.optional(z.nullable(id())),
      /** The type the browser gave, so the background sniffs text as the panel did. */
      type: z.optional(str(0, 255)),
    }),
    z.object({ fileId: z.string(), sizeBytes: z.number(), active: z.boolean() }),
  ),
});
