/**
 * The seed: the site's settings, members, connections and agents the emulator starts from and returns to
 * on reset. JSON validated here, so a broken seed fails at start with the path of the bad field.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CONNECTION_KEY_PATTERN } from '@/lib/contract/connection';
import { DOWNLOAD_BYTES_PER_DAY } from '@/lib/contract/limits';
import { CONTRIBUTION_STATES, FINDING_KINDS, FINDING_STATUSES, SOURCE_KINDS } from '@/lib/contract/findings';
import { QUESTION_KEY_PATTERN } from '@/lib/contract/sessions';

/** The ten accent colors an agent card may carry, by id. */
export const ACCENTS = [
  'amber',
  'azure',
  'coral',
  'emerald',
  'indigo',
  'lime',
  'magenta',
  'slate',
  'teal',
  'violet',
] as const;

export const SwitchesSeedSchema = z.object({
  sharing: z.boolean(),
  files: z.boolean(),
  spending: z.boolean(),
  askBeforeNewAgent: z.boolean(),
  tryNewAgents: z.boolean(),
});
export type SwitchesRec = z.infer<typeof SwitchesSeedSchema>;

/** The member sets these on the site: sessions from 1, calls from 10 (contract, Limits). */
export const LimitsSeedSchema = z.object({
  sessionsPerDay: z.number().int().min(1),
  callsPerDay: z.number().int().min(10),
  openCallsMax: z.number().int().min(1),
  approvalMinutes: z.number().int().min(1),
  downloadBytesPerDay: z.number().int().min(0),
});
export type LimitsRec = z.infer<typeof LimitsSeedSchema>;

/** A file a call hands in: text, raw bytes, a filler of a given size, or a zip of text entries. */
const FileSpecSchema = z.object({
  path: z.string().min(1),
  text: z.string().optional(),
  base64: z.string().optional(),
  /** Filler bytes of this size (for download allowance tests). */
  sizeBytes: z
    .number()
    .int()
    .min(0)
    .max(64 * 1024 * 1024)
    .optional(),
  /** Entries of a zip archive built from text. */
  archive: z.array(z.object({ path: z.string().min(1), text: z.string() })).optional(),
});
export type FileSpec = z.infer<typeof FileSpecSchema>;

const FindingSpecSchema = z.object({
  kind: z.enum(FINDING_KINDS),
  topic: z.string(),
  takeaway: z.string(),
  source: z
    .object({ url: z.string(), kind: z.enum(SOURCE_KINDS) })
    .nullable()
    .default(null),
  learnedAt: z.iso.date().nullable().default(null),
  appliesTo: z.array(z.string()).default([]),
  /** Where the finding is filed: the calling agent, another agent by id, or none (it waits). */
  fileWith: z.string().default('self'),
});

/** How an agent's calls behave. The control API replaces any part of it (PUT .../behaviour). */
export const BehaviourSchema = z.object({
  /** The agent is live; off answers 409 agent_unavailable. */
  live: z.boolean().default(true),
  durationSeconds: z.number().min(0).default(3),
  /** When the call has written something (stop after this hands in a partial result); default half. */
  writesAfterSeconds: z.number().min(0).nullable().default(null),
  checkingSeconds: z.number().min(0).default(1),
  /** pass: passes its checks. fail: fails while running, nothing returned. miss_check: misses a check. */
  outcome: z.enum(['pass', 'fail', 'miss_check']).default('pass'),
  failReason: z.string().default("The agent's tools stopped answering before it finished."),
  /** The call reaches its limit and hands in what it has, even within the credits. */
  partial: z.boolean().default(false),
  /** Whether a partial result (stopped or limited) still passes its checks. */
  partialPassesChecks: z.boolean().default(true),
  runningCostMicros: z.number().int().min(0).default(120_000),
  upchargeMicros: z.number().int().min(0).default(30_000),
  laterTriesNotCharged: z.number().int().min(0).default(0),
  checks: z.array(z.string()).min(1).default(['Handed in a result', 'Answers the request']),
  note: z.string().default('Here is the result.'),
  /** A revising apply call hands the plan back as it was (planUnchanged). */
  planUnchanged: z.boolean().default(false),
  files: z.array(FileSpecSchema).default([]),
  findings: z.array(FindingSpecSchema).default([]),
  /** Question reads: on, or skipped/failed as the site would answer. */
  reads: z.enum(['on', 'switched_off', 'site_budget', 'fail']).default('on'),
  shortChecks: z.enum(['on', 'site_budget', 'fail']).default('on'),
  /** Room in the agent's day for signed-off findings; without it they wait. */
  findingsRoom: z.boolean().default(true),
  /** Seconds the site's checks of a kept finding take before it goes into the draft. */
  findingCheckSeconds: z.number().min(0).default(2),
});
export type Behaviour = z.infer<typeof BehaviourSchema>;
export const BehaviourPatchSchema = BehaviourSchema.partial();

const OptionSeedSchema = z.object({
  key: z.string().regex(QUESTION_KEY_PATTERN),
  label: z.string(),
  description: z.string(),
});

const QuestionSeedSchema = z.object({
  key: z.string().regex(QUESTION_KEY_PATTERN),
  ask: z.string(),
  why: z.string(),
  detail: z.string(),
  options: z.array(OptionSeedSchema).min(2).max(4),
  recommended: z.string(),
  recommendedWhy: z.string(),
  multiple: z.boolean().default(false),
  /** The apply call waits for an answer to this one. */
  required: z.boolean().default(false),
});
export type QuestionSeed = z.infer<typeof QuestionSeedSchema>;

const CallSeedSchema = z.object({
  callId: z.string().min(1).max(64),
  name: z.string(),
  kind: z.enum(['apply', 'question', 'starting_files', 'custom']),
  /** The least this call needs to start, in cents. */
  minCents: z.number().int().min(1).default(10),
});
export type CallSeed = z.infer<typeof CallSeedSchema>;

const AgentSeedSchema = z
  .object({
    id: z.string().min(1).max(64),
    slug: z.string().min(1),
    name: z.string(),
    styleLine: z.string().nullable().default(null),
    accent: z.enum(ACCENTS),
    knows: z.string(),
    /** Extra words the offline matcher reads besides name and knows. */
    keywords: z.array(z.string()).default([]),
    contributors: z.number().int().min(0),
    contributorMemberIds: z.array(z.string()).default([]),
    countedCalls: z.number().int().min(0),
    calls: z.array(CallSeedSchema).min(1),
    questions: z.array(QuestionSeedSchema).max(4).default([]),
    behaviour: BehaviourSchema.default(BehaviourSchema.parse({})),
  })
  .check((ctx) => {
    for (const [i, q] of ctx.value.questions.entries()) {
      if (!q.options.some((o) => o.key === q.recommended)) {
        ctx.issues.push({
          code: 'custom',
          input: q.recommended,
          path: ['questions', i, 'recommended'],
          message: 'recommended must be one of the option keys',
        });
      }
    }
  });
export type AgentSeed = z.infer<typeof AgentSeedSchema>;

const MemberSeedSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  purchasedCents: z.number().int().min(0),
  earnedCents: z.number().int().min(0).nullable(),
  promoCents: z.number().int().min(0),
  suspended: z.boolean().default(false),
});

const ConnectionSeedSchema = z.object({
  id: z.string().min(1),
  memberId: z.string(),
  name: z.string(),
  /** A key fixed in the seed, handy with curl; shown in the README, stored only as a hash. */
  key: z.string().regex(CONNECTION_KEY_PATTERN),
  switches: SwitchesSeedSchema.partial().default({}),
  limits: LimitsSeedSchema.partial().default({}),
  keepsFindings: z.boolean().nullable().default(null),
});

/** Findings a member already has (history shown by GET /findings). */
const FindingSeedSchema = z.object({
  memberId: z.string(),
  agentId: z.string(),
  kind: z.enum(FINDING_KINDS),
  topic: z.string(),
  takeaway: z.string(),
  source: z
    .object({ url: z.string(), kind: z.enum(SOURCE_KINDS) })
    .nullable()
    .default(null),
  learnedAt: z.iso.date().nullable().default(null),
  appliesTo: z.array(z.string()).default([]),
  status: z.enum(FINDING_STATUSES),
  reason: z.string().nullable().default(null),
  contributionState: z.enum(CONTRIBUTION_STATES).nullable().default(null),
  daysAgo: z.number().min(0).default(1),
});

const SharedProjectSeedSchema = z.object({
  memberId: z.string(),
  title: z.string(),
  agentId: z.string(),
  contributionState: z.enum(CONTRIBUTION_STATES).nullable(),
  daysAgo: z.number().min(0).default(1),
});

/** Calls made before the emulator started: a session each, already ended (returned only here). */
const HistorySeedSchema = z.object({
  connectionId: z.string(),
  agentId: z.string(),
  callId: z.string(),
  status: z.enum(['passed', 'failed', 'returned']),
  daysAgo: z.number().min(0),
  question: z.string().nullable().default(null),
  note: z.string().default('An earlier result.'),
  chargedCents: z.number().int().min(0).default(0),
  limitCents: z.number().int().min(1).default(500),
});
export type HistorySeed = z.infer<typeof HistorySeedSchema>;

const SiteSeedSchema = z.object({
  name: z.string().default('Guild'),
  /** The site's safety ceiling on one call's limit (its value is not shown by the contract). */
  safetyCeilingCents: z.number().int().min(1).default(2500),
  /** G18: requests a minute per connection. */
  requestsPerMinute: z.number().int().min(1).default(6000),
  /** G18: claims a minute per address. */
  claimsPerMinute: z.number().int().min(1).default(20),
  /** Tries at one code in 15 minutes before 429 (G21). */
  claimTriesPerCode: z.number().int().min(1).default(10),
  privacyLine: z
    .string()
    .default(
      "A call's details go to the agent's maker, Guild, and to the AI models that do the work. Members who contributed to the agent never see them.",
    ),
  /** The clock's start (ISO 8601); the machine's time when null. */
  clockStartAt: z.iso.datetime({ offset: true }).nullable().default(null),
  defaultSwitches: SwitchesSeedSchema.default({
    sharing: false,
    files: false,
    spending: true,
    askBeforeNewAgent: false,
    tryNewAgents: true,
  }),
  defaultLimits: LimitsSeedSchema.default({
    sessionsPerDay: 3,
    callsPerDay: 20,
    openCallsMax: 3,
    approvalMinutes: 30,
    downloadBytesPerDay: DOWNLOAD_BYTES_PER_DAY,
  }),
});

const SeedSchema = z
  .object({
    site: SiteSeedSchema.default(SiteSeedSchema.parse({})),
    members: z.array(MemberSeedSchema).min(1),
    connections: z.array(ConnectionSeedSchema).default([]),
    agents: z.array(AgentSeedSchema).min(1),
    findings: z.array(FindingSeedSchema).default([]),
    sharedProjects: z.array(SharedProjectSeedSchema).default([]),
    history: z.array(HistorySeedSchema).default([]),
  })
  .check((ctx) => {
    const members = new Set(ctx.value.members.map((m) => m.id));
    const agents = new Set(ctx.value.agents.map((a) => a.id));
    const refs: [string, Set<string>, (string | number)[]][] = [];
    for (const [i, c] of ctx.value.connections.entries())
      refs.push([c.memberId, members, ['connections', i, 'memberId']]);
    for (const [i, f] of ctx.value.findings.entries()) {
      refs.push([f.memberId, members, ['findings', i, 'memberId']], [f.agentId, agents, ['findings', i, 'agentId']]);
    }
    for (const [i, p] of ctx.value.sharedProjects.entries()) {
      refs.push(
        [p.memberId, members, ['sharedProjects', i, 'memberId']],
        [p.agentId, agents, ['sharedProjects', i, 'agentId']],
      );
    }
    const connections = new Set(ctx.value.connections.map((c) => c.id));
    for (const [i, h] of ctx.value.history.entries()) {
      refs.push(
        [h.connectionId, connections, ['history', i, 'connectionId']],
        [h.agentId, agents, ['history', i, 'agentId']],
      );
      const agent = ctx.value.agents.find((a) => a.id === h.agentId);
      if (agent && !agent.calls.some((c) => c.callId === h.callId)) {
        ctx.issues.push({
          code: 'custom',
          input: h.callId,
          path: ['history', i, 'callId'],
          message: `the agent offers no call ${h.callId}`,
        });
      }
    }
    for (const [id, known, path] of refs) {
      if (!known.has(id)) ctx.issues.push({ code: 'custom', input: id, path, message: `unknown id ${id}` });
    }
  });
export type Seed = z.infer<typeof SeedSchema>;
export type SeedInput = z.input<typeof SeedSchema>;

export const DEFAULT_SEED_PATH = fileURLToPath(new URL('./seed/default.json', import.meta.url));

/** Validates a seed object; the error names each bad field's path. */
export function parseSeed(value: unknown): Seed {
  const result = SeedSchema.safeParse(value);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`The seed is not valid:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function loadSeedFile(path: string = DEFAULT_SEED_PATH): Seed {
  return parseSeed(JSON.parse(readFileSync(path, 'utf8')));
}
