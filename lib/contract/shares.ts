/**
 * Sharing projects (contract: named without a shape; shaped in G14): POST /sharing/coverage, POST /shares,
 * PUT /shares/{draftId}/files, GET /shares/{draftId}, GET /shared-projects.
 */
import * as z from 'zod/mini';
import { chars, count, requestId, tolerantEnum, UntrustedTextSchema } from './conventions';
import { findDescription } from './find';
import { CONTRIBUTION_STATES } from './findings';
import { lazySchema } from './lazy-schema';
import { MAX_FILES_PER_SHARE, MAX_SHARE_DESCRIPTION_CHARS, MAX_SHARE_TITLE_CHARS } from './limits';
import { dateTime } from './times';

/** G14: status of a share draft. */
const SHARE_DRAFT_STATUSES = ['open', 'waiting_sign_off', 'signed_off', 'discarded'] as const;
export type ShareDraftStatus = (typeof SHARE_DRAFT_STATUSES)[number];

export const CoverageRequestSchema = lazySchema(() =>
  z.object({
    description: findDescription(),
  }),
);

export const CoverageAnswerSchema = lazySchema(() =>
  z.object({
    covered: z.boolean(),
    agents: z.array(
      z.object({
        agentId: z.string(),
        slug: z.string(),
        untrustedName: UntrustedTextSchema,
        matchBps: z.number().check(z.int()),
      }),
    ),
  }),
);
export type CoverageAnswer = z.infer<typeof CoverageAnswerSchema>;

export const CreateShareRequestSchema = lazySchema(() =>
  z.object({
    title: chars(1, MAX_SHARE_TITLE_CHARS),
    description: z.optional(chars(0, MAX_SHARE_DESCRIPTION_CHARS)),
    agentId: z.optional(z.nullable(requestId())),
  }),
);
export type CreateShareRequest = z.infer<typeof CreateShareRequestSchema>;

export const ShareDraftSchema = lazySchema(() =>
  z.object({
    draftId: z.string(),
    status: tolerantEnum(SHARE_DRAFT_STATUSES),
    untrustedTitle: UntrustedTextSchema,
    agentId: z.nullable(z.string()),
    files: z.array(
      z.object({
        fileId: z.string(),
        untrustedPath: UntrustedTextSchema,
        sizeBytes: count(),
        active: z.boolean(),
      }),
    ),
    packageBytes: z.nullable(count()),
    signOffUrl: z.nullable(z.string()),
    createdAt: dateTime(),
  }),
);
export type ShareDraft = z.infer<typeof ShareDraftSchema>;
export type ShareDraftInput = z.input<typeof ShareDraftSchema>;

export const PutShareFilesRequestSchema = lazySchema(() =>
  z.object({
    fileIds: z.array(z.string().check(z.minLength(1))).check(z.minLength(1), z.maxLength(MAX_FILES_PER_SHARE)),
  }),
);

export const SharedProjectsAnswerSchema = lazySchema(() =>
  z.object({
    projects: z.array(
      z.object({
        projectId: z.string(),
        untrustedTitle: UntrustedTextSchema,
        agentId: z.string(),
        untrustedAgentName: UntrustedTextSchema,
        contributionState: z.nullable(tolerantEnum(CONTRIBUTION_STATES)),
        createdAt: dateTime(),
      }),
    ),
  }),
);
export type SharedProjectsAnswer = z.infer<typeof SharedProjectsAnswerSchema>;
export type SharedProjectsAnswerInput = z.input<typeof SharedProjectsAnswerSchema>;
