/**
 * Zod schemas of the rows, for the edges where a stored row is trusted to act on: the background reads the
 * outbox after a restart before it resends, and the migration tests open each version's fixture with the
 * current code. zod/mini, like lib/api, because the background bundles them. API answers inside rows were parsed by lib/api before they were stored (and may hold
 * tolerant `{ unknown }` values), so they are checked here only for being objects.
 *
 * Background and tests only: the panel reads rows without zod.
 */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/api/lazy-schema';
import { CAPABILITIES } from '@/lib/api/capabilities';
import { StartCallRequestSchema, UntrustedTextSchema } from '@/lib/api/request-schemas';
import {
  type AnswerDraftRow,
  type ApprovalRow,
  type CallRow,
  type CapabilityRow,
  type ConnectionRow,
  type DownloadRow,
  type FindingRow,
  type FindRow,
  type NotificationRow,
  type PlanRow,
  type SessionRow,
  type SettingsRow,
  type SharedProjectRow,
  type ShareRow,
  type TextDraftRow,
  type UiRow,
  CALL_STATES,
} from './types';
import { MemberErrorSchema } from './member-error';
import { isJsonObject } from '@/lib/api/json-object';

const apiObject = () => z.custom<object>(isJsonObject);
const iso = () => z.string().check(z.minLength(1));

const ConnectionRowSchema = lazySchema(() =>
  z.object({
    id: z.literal('current'),
    siteUrl: z.string(),
    origin: z.string(),
    connectionId: z.string(),
    name: z.string(),
    sessionId: z.nullable(z.string()),
    switches: apiObject(),
    env: z.array(z.object({ variable: z.string(), ask: z.string() })),
    me: z.nullable(apiObject()),
    meAt: z.nullable(iso()),
    privacyLine: z.nullable(z.string()),
    privacyLineShown: z.boolean(),
    status: z.enum(['connected', 'revoked', 'disconnected']),
    connectedAt: iso(),
    statusAt: iso(),
    error: z.nullable(MemberErrorSchema),
  }),
);

const FindRowSchema = lazySchema(() =>
  z.object({
    id: z.optional(z.number().check(z.int())),
    requestId: z.string(),
    text: z.string(),
    cut: z.boolean(),
    source: z.enum(['panel', 'menu', 'shortcut']),
    status: z.enum(['running', 'done', 'refused', 'failed']),
    agents: z.array(apiObject()),
    error: z.nullable(MemberErrorSchema),
    at: iso(),
    doneAt: z.nullable(iso()),
  }),
);

const CallStateSchema = lazySchema(() => z.enum(CALL_STATES));

export const CallRowSchema = lazySchema(() =>
  z.object({
    localId: z.string().check(z.minLength(1)),
    connectionId: z.string(),
    // The request is what will be sent again: checked with the API's own request schema.
    request: StartCallRequestSchema,
    idempotencyKey: z.string().check(z.minLength(1), z.maxLength(255)),
    approvalId: z.nullable(z.string()),
    agentName: z.nullable(UntrustedTextSchema),
    callName: z.nullable(UntrustedTextSchema),
    state: CallStateSchema,
    attempts: z.number().check(z.int(), z.minimum(0)),
    firstSentAt: z.optional(z.nullable(iso())),
    sendingBy: z.optional(z.nullable(z.string())),
    nextSendAt: z.nullable(z.number()),
    runId: z.nullable(z.string()),
    sessionId: z.nullable(z.string()),
    holdCents: z.nullable(z.number().check(z.int())),
    spendableAfterCents: z.nullable(z.number().check(z.int())),
    privacyLine: z.nullable(z.string()),
    today: z.nullable(apiObject()),
    result: z.nullable(apiObject()),
    resultReadAt: z.nullable(iso()),
    error: z.nullable(MemberErrorSchema),
    stop: z.nullable(
      z.object({
        idempotencyKey: z.string(),
        requestedAt: iso(),
        firstRequestedAt: z.optional(iso()),
        done: z.boolean(),
        error: z.nullable(MemberErrorSchema),
      }),
    ),
    report: z.nullable(
      z.object({
        idempotencyKey: z.string(),
        verdict: z.enum(['helped', 'partly', 'did_not_help']),
        reasonKind: z.nullable(z.enum(['wrong', 'outdated', 'not_relevant'])),
        reason: z.nullable(z.string()),
        requestedAt: iso(),
        firstRequestedAt: z.optional(iso()),
        recorded: z.nullable(apiObject()),
        error: z.nullable(MemberErrorSchema),
      }),
    ),
    createdAt: iso(),
    updatedAt: iso(),
    sentAt: z.nullable(iso()),
    startedAt: z.nullable(iso()),
    finishedAt: z.nullable(iso()),
    nextPollAt: z.nullable(z.number()),
    polls: z.number().check(z.int(), z.minimum(0)),
    expectedRunMs: z.optional(z.nullable(z.number().check(z.minimum(0)))),
  }),
);

const SessionRowSchema = lazySchema(() =>
  z.object({ sessionId: z.string(), session: apiObject(), readAt: iso(), listedAt: iso() }),
);

const ApprovalRowSchema = lazySchema(() =>
  z.object({
    approvalId: z.string().check(z.minLength(1)),
    localId: z.string().check(z.minLength(1)),
    connectionId: z.optional(z.string()),
    approvalUrl: z.string(),
    reason: z.nullable(z.union([z.string(), z.object({ unknown: z.string() })])),
    request: StartCallRequestSchema,
    expiresAt: iso(),
    status: z.enum(['pending', 'ran', 'declined', 'expired', 'refused']),
    siteStatus: z.nullable(z.string()),
    createdAt: iso(),
    updatedAt: iso(),
    nextCheckAt: z.number(),
    checks: z.number().check(z.int(), z.minimum(0)),
    cameBackAt: z.nullable(z.number()),
    resends: z.number().check(z.int(), z.minimum(0)),
    lastResendAt: z.nullable(z.number()),
    pageTabId: z.nullable(z.number()),
  }),
);

const CapabilityRowSchema = lazySchema(() =>
  z.object({
    origin: z.string().check(z.minLength(1)),
    capability: z.enum(CAPABILITIES),
    offered: z.nullable(z.boolean()),
    at: z.number(),
    seen: z.optional(
      z.nullable(z.object({ status: z.number(), code: z.string(), at: z.number(), about: z.nullable(z.string()) })),
    ),
  }),
);

const FindingRowSchema = lazySchema(() => z.object({ findingId: z.string(), finding: apiObject(), readAt: iso() }));

const NotificationRowSchema = lazySchema(() =>
  z.object({
    eventKey: z.string().check(z.minLength(1)),
    notificationId: z.string().check(z.minLength(1)),
    kind: z.enum([
      'call_finished',
      'approval_needed',
      'approval_outcome',
      'findings_draft_waiting',
      'findings_draft_expiring',
    ]),
    localId: z.nullable(z.string()),
    url: z.nullable(z.string()),
    raisedAt: iso(),
    toldAt: z.optional(z.nullable(iso())),
    clickedAt: z.nullable(iso()),
  }),
);

const UiRowSchema = lazySchema(() =>
  z.object({
    key: z.literal('background'),
    offline: z.boolean(),
    offlineSince: z.nullable(iso()),
    error: z.nullable(MemberErrorSchema),
    pausedUntil: z.nullable(z.number()),
    updatedAt: iso(),
  }),
);

const DownloadRowSchema = lazySchema(() =>
  z.object({
    id: z.optional(z.number().check(z.int())),
    localId: z.string(),
    fileId: z.string(),
    bytes: z.number().check(z.int(), z.minimum(0)),
    at: z.number(),
  }),
);

const AnswerDraftRowSchema = lazySchema(() =>
  z.object({
    sessionId: z.string().check(z.minLength(1)),
    key: z.string().check(z.minLength(1)),
    draft: z.object({
      choice: z.nullable(z.enum(['option', 'own', 'left_to_agent'])),
      optionKeys: z.array(z.string()),
      own: z.string(),
    }),
    siteProblem: z.nullable(z.string()),
    updatedAt: iso(),
  }),
);

const TextDraftRowSchema = lazySchema(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    text: z.string(),
    updatedAt: iso(),
  }),
);

const PlanRowSchema = lazySchema(() =>
  z.object({ sessionId: z.string(), plan: z.nullable(apiObject()), readAt: iso() }),
);

const days = () => z.nullable(z.number().check(z.int(), z.minimum(1)));

const SettingsRowSchema = lazySchema(() =>
  z.discriminatedUnion('key', [
    z.object({
      key: z.literal('notify'),
      value: z.object({
        callFinished: z.boolean(),
        approvals: z.boolean(),
        findingsSignOff: z.boolean(),
        findingsReminder: z.boolean(),
      }),
    }),
    z.object({ key: z.literal('reminderDaysBefore'), value: days() }),
    z.object({ key: z.literal('retention'), value: z.object({ maxAgeDays: days(), maxCount: days() }) }),
    z.object({ key: z.literal('keyUntilBrowserCloses'), value: z.boolean() }),
    z.object({ key: z.literal('quiet'), value: z.boolean() }),
    z.object({ key: z.literal('rememberSearches'), value: z.boolean() }),
  ]),
);

const ShareRowSchema = lazySchema(() =>
  z.object({
    draftId: z.string(),
    draft: apiObject(),
    readAt: iso(),
    checks: z.optional(z.number().check(z.int(), z.minimum(0))),
    nextCheckAt: z.optional(z.nullable(z.number())),
  }),
);

const SharedProjectRowSchema = lazySchema(() =>
  z.object({ projectId: z.string(), project: apiObject(), readAt: iso() }),
);

/** The schema of each table's rows, by table name (the tables of the current version). */
export const ROW_SCHEMAS = {
  connection: ConnectionRowSchema,
  finds: FindRowSchema,
  calls: CallRowSchema,
  sessions: SessionRowSchema,
  approvals: ApprovalRowSchema,
  findings: FindingRowSchema,
  notifications: NotificationRowSchema,
  ui: UiRowSchema,
  downloads: DownloadRowSchema,
  answerDrafts: AnswerDraftRowSchema,
  textDrafts: TextDraftRowSchema,
  plans: PlanRowSchema,
  settings: SettingsRowSchema,
  shares: ShareRowSchema,
  sharedProjects: SharedProjectRowSchema,
  capabilities: CapabilityRowSchema,
} as const;

// The schemas must describe the row types: a field added to one and not the other fails to compile here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Keys<T> = keyof T;
const sameKeys: [
  Same<Keys<z.infer<typeof ConnectionRowSchema>>, Keys<ConnectionRow>>,
  Same<Keys<z.infer<typeof FindRowSchema>>, Keys<FindRow>>,
  Same<Keys<z.infer<typeof CallRowSchema>>, Keys<CallRow>>,
  Same<Keys<z.infer<typeof SessionRowSchema>>, Keys<SessionRow>>,
  Same<Keys<z.infer<typeof ApprovalRowSchema>>, Keys<ApprovalRow>>,
  Same<Keys<z.infer<typeof FindingRowSchema>>, Keys<FindingRow>>,
  Same<Keys<z.infer<typeof NotificationRowSchema>>, Keys<NotificationRow>>,
  Same<Keys<z.infer<typeof UiRowSchema>>, Keys<UiRow>>,
  Same<Keys<z.infer<typeof DownloadRowSchema>>, Keys<DownloadRow>>,
  Same<Keys<z.infer<typeof AnswerDraftRowSchema>>, Keys<AnswerDraftRow>>,
  Same<Keys<z.infer<typeof TextDraftRowSchema>>, Keys<TextDraftRow>>,
  Same<Keys<z.infer<typeof PlanRowSchema>>, Keys<PlanRow>>,
  Same<z.infer<typeof SettingsRowSchema>, SettingsRow>,
  Same<Keys<z.infer<typeof ShareRowSchema>>, Keys<ShareRow>>,
  Same<Keys<z.infer<typeof SharedProjectRowSchema>>, Keys<SharedProjectRow>>,
  Same<Keys<z.infer<typeof CapabilityRowSchema>>, Keys<CapabilityRow>>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void sameKeys;
