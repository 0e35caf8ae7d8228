/** Finding agents (contract: POST /find and its agent cards; GET /agents and GET /agents/{agentId}, G14). */
import * as z from 'zod/mini';
import { chars, count, deprecatedNull, tolerantEnum, UntrustedTextSchema } from './conventions';
import { lazySchema } from './lazy-schema';
import { MAX_FIND_DESCRIPTION_CHARS, MIN_FIND_DESCRIPTION_CHARS } from './limits';

/** The agent card's `connection` field: may this connection call the agent without asking. */
const CONNECTION_STATES = ['allowed', 'pending', 'blocked', 'not_asked'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** G14: kind of a call an agent offers. */
const AGENT_CALL_KINDS = ['apply', 'question', 'starting_files', 'custom'] as const;

/** A description to find by (POST /find, and POST /sharing/coverage, G14). */
export const findDescription = () => chars(MIN_FIND_DESCRIPTION_CHARS, MAX_FIND_DESCRIPTION_CHARS);

export const AgentCardSchema = lazySchema(() =>
  z.object({
    agentId: z.string(),
    slug: z.string(),
    untrustedName: UntrustedTextSchema,
    untrustedStyleLine: z.nullable(UntrustedTextSchema),
    accent: z.string(),
    untrustedKnows: UntrustedTextSchema,
    isNew: z.boolean(),
    contributors: count(),
    countedCalls: count(),
    connection: tolerantEnum(CONNECTION_STATES),
    matchBps: z.number().check(z.int()),
    usualCents: deprecatedNull(),
    neverMoreThanCents: deprecatedNull(),
    usualSource: deprecatedNull(),
    helpRateBps: deprecatedNull(),
    likelyToCostLess: deprecatedNull(),
  }),
);
export type AgentCard = z.infer<typeof AgentCardSchema>;
export type AgentCardInput = z.input<typeof AgentCardSchema>;

export const FindRequestSchema = lazySchema(() =>
  z.object({
    description: findDescription(),
  }),
);

export const FindAnswerSchema = lazySchema(() =>
  z.object({
    agents: z.array(AgentCardSchema),
  }),
);
export type FindAnswer = z.infer<typeof FindAnswerSchema>;
export type FindAnswerInput = z.input<typeof FindAnswerSchema>;

export const AgentsAnswerSchema = lazySchema(() =>
  z.object({
    agents: z.array(AgentCardSchema),
  }),
);

export const AgentDetailSchema = lazySchema(() =>
  z.object({
    agent: AgentCardSchema,
    calls: z.array(
      z.object({
        callId: z.string(),
        untrustedName: UntrustedTextSchema,
        kind: tolerantEnum(AGENT_CALL_KINDS),
      }),
    ),
  }),
);
