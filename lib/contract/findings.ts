/** Findings (contract: GET /findings): what an agent researched, and where its sharing stands. */
import * as z from 'zod/mini';
import { tolerantEnum, UntrustedTextSchema } from './conventions';
import { lazySchema } from './lazy-schema';
import { dateTime, day } from './times';

export const FINDING_STATUSES = [
  'received',
  'discarded',
  'refused',
  'declined',
  'checking',
  'in_draft',
  'joined',
  'waiting',
  'expired',
  'removed',
] as const;
export type FindingStatus = (typeof FINDING_STATUSES)[number];

export const FINDING_KINDS = [
  'requirement',
  'research',
  'decision',
  'pitfall',
  'failure',
  'structure',
  'template',
  'checklist',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

export const SOURCE_KINDS = ['official_docs', 'changelog', 'release_note'] as const;

/** Where a contribution stands (a finding's, and a shared project's). */
export const CONTRIBUTION_STATES = [
  'person_review',
  'source_check',
  'canary',
  'trial',
  'kept',
  'dropped',
  'withdrawn',
  'removed',
  'replaced',
] as const;
export type ContributionState = (typeof CONTRIBUTION_STATES)[number];

export const FindingSchema = lazySchema(() =>
  z.object({
    findingId: z.string(),
    agentId: z.string(),
    untrustedAgentName: UntrustedTextSchema,
    sessionId: z.nullable(z.string()),
    kind: tolerantEnum(FINDING_KINDS),
    untrustedTopic: UntrustedTextSchema,
    untrustedTakeaway: UntrustedTextSchema,
    source: z.nullable(
      z.object({
        untrustedUrl: z.string(),
        kind: tolerantEnum(SOURCE_KINDS),
      }),
    ),
    learnedAt: z.nullable(day()),
    untrustedAppliesTo: z.array(z.string()),
    status: tolerantEnum(FINDING_STATUSES),
    filedWith: z.nullable(
      z.object({
        agentId: z.string(),
        untrustedName: z.nullable(UntrustedTextSchema),
        newAgent: z.boolean(),
      }),
    ),
    draftId: z.nullable(z.string()),
    signOffUrl: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    contributionState: z.nullable(tolerantEnum(CONTRIBUTION_STATES)),
    createdAt: dateTime(),
  }),
);
export type Finding = z.infer<typeof FindingSchema>;
export type FindingInput = z.input<typeof FindingSchema>;

export const FindingsAnswerSchema = lazySchema(() =>
  z.object({
    findings: z.array(FindingSchema),
  }),
);
export type FindingsAnswer = z.infer<typeof FindingsAnswerSchema>;
