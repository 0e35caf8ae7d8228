/** The `sharedProjects` table (version 3): a project the member shared, from GET /shared-projects. */
import * as z from 'zod/mini';
import type { SharedProjectsAnswer } from '@/lib/contract/shares';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { apiObject, iso } from './fields';

export const SHARED_PROJECTS_INDEXES = 'projectId';

export const SharedProjectRowSchema = lazySchema(() =>
  z.object({
    projectId: z.string(),
    project: apiObject<SharedProjectsAnswer['projects'][number]>(),
    readAt: iso(),
  }),
);

export type SharedProjectRow = z.infer<typeof SharedProjectRowSchema>;
