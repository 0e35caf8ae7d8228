/** The `findings` table: each finding as last read. */
import * as z from 'zod/mini';
import type { Finding } from '@/lib/contract/findings';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { apiObject, iso } from './fields';

export const FINDINGS_INDEXES = 'findingId';

export const FindingRowSchema = lazySchema(() =>
  z.object({ findingId: z.string(), finding: apiObject<Finding>(), readAt: iso() }),
);

export type FindingRow = z.infer<typeof FindingRowSchema>;
