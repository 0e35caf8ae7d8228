/**
 * Zod schemas of the rows, for the edges where a stored row is trusted to act on: the background reads the
 * outbox after a restart before it resends, and the migration tests open each version's fixture with the
 * current code. API answers inside rows were parsed by lib/api before they were stored (and may hold
 * tolerant `{ unknown }` values), so they are checked here only for being objects.
 *
 * Background and tests only: the panel reads rows without zod.
 */
import { z } from 'zod';
import { StartCallRequestSchema } from '../api/schemas';
import type {
  AnswerDraftRow,
  ApprovalRow,
  CallRow,
  ConnectionRow,
  DownloadRow,
  FindingRow,
  FindRow,
  NotificationRow,
  PlanRow,
  SessionRow,
  SettingsRow,
  SharedProjectRow,
  ShareRow,
  TextDraftRow,
  UiRow,
} from './types';

const apiObject = () => z.custom<object>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
const iso = () => z.string().min(1);
const ut = z.object({ untrustedText: z.string(), truncated: z.boolean() });

export const MemberErrorRowSchema = z.object({
  code: z.string(),
  message: z.string(),
  nextStep: apiObject().optional(),
  status: z.number().int().optional(),
  extras: apiObject(),
});

export const ConnectionRowSchema = z.object({
  id: z.literal('current'),
  siteUrl: z.string(),
  origin: z.string(),
  connectionId: z.string(),
  name: z.string(),
  sessionId: z.string().nullable(),
  switches: apiObject(),
  env: z.array(z.object({ variable: z.string(), ask: z.string() })),
  me: apiObject().nullable(),
  meAt: iso().nullable(),
  privacyLine: z.string().nullable(),
  privacyLineShown: z.boolean(),
  status: z.enum(['connected', 'revoked', 'disconnected']),
  connectedAt: iso(),
  statusAt: iso(),
  error: MemberErrorRowSchema.nullable(),
});

export const FindRowSchema = z.object({
  id: z.number().int().optional(),
  requestId: z.string(),
  text: z.string(),
  cut: z.boolean(),
  source: z.enum(['panel', 'menu', 'shortcut']),
  status: z.enum(['running', 'done', 'refused', 'failed']),
  agents: z.array(apiObject()),
  error: MemberErrorRowSchema.nullable(),
  at: iso(),
  doneAt: iso().nullable(),
});

export const CallStateSchema = z.enum([
  'outbox',
  'sending',
  'unsent',
  'needs_approval',
  'started',
  'finished',
  'refused',
  'declined',
  'expired',
]);

export const CallRowSchema = z.object({
  localId: z.string().min(1),
  connectionId: z.string(),
  // The request is what will be sent again: checked with the API's own request schema.
  request: StartCallRequestSchema,
  idempotencyKey: z.string().min(1).max(255),
  approvalId: z.string().nullable(),
  agentName: ut.nullable(),
  callName: ut.nullable(),
  state: CallStateSchema,
  attempts: z.number().int().min(0),
  nextSendAt: z.number().nullable(),
  runId: z.string().nullable(),
  sessionId: z.string().nullable(),
  holdCents: z.number().int().nullable(),
  spendableAfterCents: z.number().int().nullable(),
  privacyLine: z.string().nullable(),
  today: apiObject().nullable(),
  result: apiObject().nullable(),
  resultReadAt: iso().nullable(),
  error: MemberErrorRowSchema.nullable(),
  stop: z
    .object({ idempotencyKey: z.string(), requestedAt: iso(), done: z.boolean(), error: MemberErrorRowSchema.nullable() })
    .nullable(),
  report: z
    .object({
      idempotencyKey: z.string(),
      verdict: z.enum(['helped', 'partly', 'did_not_help']),
      reasonKind: z.enum(['wrong', 'outdated', 'not_relevant']).nullable(),
      reason: z.string().nullable(),
      requestedAt: iso(),
      recorded: apiObject().nullable(),
      error: MemberErrorRowSchema.nullable(),
    })
    .nullable(),
  createdAt: iso(),
  updatedAt: iso(),
  sentAt: iso().nullable(),
  startedAt: iso().nullable(),
  finishedAt: iso().nullable(),
  nextPollAt: z.number().nullable(),
  polls: z.number().int().min(0),
});

export const SessionRowSchema = z.object({ sessionId: z.string(), session: apiObject(), readAt: iso() });

export const ApprovalRowSchema = z.object({
  approvalId: z.string().min(1),
  localId: z.string().min(1),
  approvalUrl: z.string(),
  reason: z.union([z.string(), z.object({ unknown: z.string() })]).nullable(),
  request: StartCallRequestSchema,
  expiresAt: iso(),
  status: z.enum(['pending', 'ran', 'declined', 'expired', 'refused']),
  siteStatus: z.string().nullable(),
  createdAt: iso(),
  updatedAt: iso(),
  nextCheckAt: z.number(),
  checks: z.number().int().min(0),
});

export const FindingRowSchema = z.object({ findingId: z.string(), finding: apiObject(), readAt: iso() });

export const NotificationRowSchema = z.object({
  eventKey: z.string().min(1),
  notificationId: z.string().min(1),
  kind: z.enum(['call_finished', 'approval_needed', 'approval_outcome', 'findings_draft_waiting', 'findings_draft_expiring']),
  localId: z.string().nullable(),
  url: z.string().nullable(),
  raisedAt: iso(),
  clickedAt: iso().nullable(),
});

export const UiRowSchema = z.object({
  key: z.literal('background'),
  offline: z.boolean(),
  offlineSince: iso().nullable(),
  error: MemberErrorRowSchema.nullable(),
  pausedUntil: z.number().nullable(),
  updatedAt: iso(),
});

export const DownloadRowSchema = z.object({
  id: z.number().int().optional(),
  localId: z.string(),
  fileId: z.string(),
  bytes: z.number().int().min(0),
  at: z.number(),
});

export const AnswerDraftRowSchema = z.object({
  sessionId: z.string().min(1),
  key: z.string().min(1),
  draft: z.object({
    choice: z.enum(['option', 'own', 'left_to_agent']).nullable(),
    optionKeys: z.array(z.string()),
    own: z.string(),
  }),
  siteProblem: z.string().nullable(),
  updatedAt: iso(),
});

export const TextDraftRowSchema = z.object({ id: z.string().min(1), text: z.string(), updatedAt: iso() });

export const PlanRowSchema = z.object({ sessionId: z.string(), plan: apiObject().nullable(), readAt: iso() });

const days = () => z.number().int().min(1).nullable();

export const SettingsRowSchema = z.discriminatedUnion('key', [
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
]);

export const ShareRowSchema = z.object({
  draftId: z.string(),
  draft: apiObject(),
  readAt: iso(),
  checks: z.number().int().min(0).optional(),
  nextCheckAt: z.number().nullable().optional(),
});

export const SharedProjectRowSchema = z.object({ projectId: z.string(), project: apiObject(), readAt: iso() });

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
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
void sameKeys;
