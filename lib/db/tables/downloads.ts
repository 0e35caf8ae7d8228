/** The `downloads` table (version 2): result files downloaded through the extension, counted against 20 MB a day. */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { epochMs } from './fields';

export const DOWNLOADS_INDEXES = '++id, at';

export const DownloadRowSchema = lazySchema(() =>
  z.object({
    id: z.optional(z.number().check(z.int())),
    localId: z.string(),
    fileId: z.string(),
    bytes: z.number().check(z.int(), z.minimum(0)),
    at: epochMs(),
  }),
);

export type DownloadRow = z.infer<typeof DownloadRowSchema>;
