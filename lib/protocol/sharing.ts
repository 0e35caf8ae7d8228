/** Sharing: which agent covers a project, share drafts, the member's shared projects. */
import { isJsonObject } from '@/lib/api/json-object';
import * as z from 'zod/mini';
import type { CoverageAnswer } from '@/lib/contract/shares';
import { MAX_FILES_PER_SHARE } from '@/lib/contract/limits';
import { command, Empty, id, str } from './command';

export const sharingCommands = () => ({
  /** POST /sharing/coverage: which agent covers a kind of project. Not stored: the reply carries it. */
  askCoverage: command(
    z.object({ description: str(1, 8000) }),
    z.object({ answer: z.custom<CoverageAnswer>(isJsonObject) }),
  ),
  /** POST /shares: a new share draft, stored in the shares table. */
  createShare: command(
    z.object({ title: str(1, 800), description: z.optional(str(0, 8000)), agentId: z.optional(z.nullable(id())) }),
    z.object({ draftId: z.string() }),
  ),
  /** PUT /shares/{draftId}/files: the draft's whole list of uploaded files (1 to 20). */
  putShareFiles: command(
    z.object({
      draftId: str(1, 255),
      fileIds: z.array(str(1, 255)).check(z.minLength(1), z.maxLength(MAX_FILES_PER_SHARE)),
    }),
    z.object({ draftId: z.string() }),
  ),
  /** POST /shares/{draftId}/package, after the 1 MB check on the stored draft. Then it waits for sign-off. */
  packageShare: command(z.object({ draftId: str(1, 255) }), z.object({ draftId: z.string(), status: z.string() })),
  /** GET /shares/{draftId} now (and polling of a waiting draft starts again at its fast pace). */
  refreshShare: command(z.object({ draftId: str(1, 255) }), Empty),
  /** GET /shared-projects into the sharedProjects table. */
  refreshSharedProjects: command(Empty, z.object({ count: z.number() })),
});
