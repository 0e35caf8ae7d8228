/** Files (contract: a call result's files; POST /files and the signed download at /files/{fileId}, G14). */
import * as z from 'zod/mini';
import { chars, count, requestId, UntrustedTextSchema } from './conventions';
import { lazySchema } from './lazy-schema';
import { MAX_FILE_NAME_CHARS } from './limits';
import { dateTime } from './times';

export const CallFileSchema = lazySchema(() =>
  z.object({
    fileId: z.string(),
    untrustedPath: UntrustedTextSchema,
    sizeBytes: count(),
    active: z.boolean(),
    url: z.string(),
    expiresAt: dateTime(),
  }),
);
export type CallFile = z.infer<typeof CallFileSchema>;
export type CallFileInput = z.input<typeof CallFileSchema>;

export const UploadFileRequestSchema = lazySchema(() =>
  z.object({
    name: chars(1, MAX_FILE_NAME_CHARS),
    contentBase64: z.base64(),
    sessionId: z.optional(z.nullable(requestId())),
  }),
);
export type UploadFileRequest = z.infer<typeof UploadFileRequestSchema>;

export const UploadedFileSchema = lazySchema(() =>
  z.object({
    fileId: z.string(),
    untrustedPath: UntrustedTextSchema,
    sizeBytes: count(),
    active: z.boolean(),
    expiresAt: dateTime(),
  }),
);
export type UploadedFile = z.infer<typeof UploadedFileSchema>;
