/** The `plans` table (version 3): the last GET /sessions/{id}/plan answer (null: the session has no plan yet). */
import * as z from 'zod/mini';
import type { Plan } from '@/lib/contract/sessions';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { apiObject, iso } from './fields';

export const PLANS_INDEXES = 'sessionId';

export const PlanRowSchema = lazySchema(() =>
  z.object({ sessionId: z.string(), plan: z.nullable(apiObject<Plan>()), readAt: iso() }),
);

export type PlanRow = z.infer<typeof PlanRowSchema>;
