/**
 * The database's versions. Each entry is frozen once released: a change adds a new version with its
 * `upgrade`, and a fixture of the previous version (test/unit/db/fixtures/) is opened by the current code in
 * a test. Indexes only: Dexie stores every other field as it is.
 */
import type { Transaction } from 'dexie';
import { listedAt } from './session-row';
import { ANSWER_DRAFTS_INDEXES } from './tables/answer-drafts';
import { APPROVALS_INDEXES } from './tables/approvals';
import { CALLS_INDEXES } from './tables/calls';
import { CAPABILITIES_INDEXES } from './tables/capabilities';
import { CONNECTION_INDEXES } from './tables/connection';
import { DOWNLOADS_INDEXES } from './tables/downloads';
import { FINDINGS_INDEXES } from './tables/findings';
import { FINDS_INDEXES } from './tables/finds';
import { NOTIFICATIONS_INDEXES } from './tables/notifications';
import { PLANS_INDEXES } from './tables/plans';
import { SESSIONS_INDEXES } from './tables/sessions';
import { SETTINGS_INDEXES } from './tables/settings';
import { SHARED_PROJECTS_INDEXES } from './tables/shared-projects';
import { SHARES_INDEXES } from './tables/shares';
import { TEXT_DRAFTS_INDEXES } from './tables/text-drafts';
import { UI_INDEXES } from './tables/ui';

export const DB_NAME = 'agent-connection';

export interface DbVersion {
  version: number;
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

export const STORES_V1 = {
  connection: 'id',
  finds: '++id, requestId, at',
  calls: 'localId, state, runId, sessionId, connectionId, createdAt',
  sessions: 'sessionId',
  approvals: 'approvalId, localId, status',
  findings: 'findingId',
  notifications: 'eventKey, notificationId',
  ui: 'key',
} as const;

/** Version 2: the downloads ledger; calls know when their result was read (file links last 300 s). */
export const STORES_V2 = { ...STORES_V1, downloads: '++id, at' } as const;

/**
 * Version 3: sessions, findings and history. Drafts the member is typing (answers per question, free text
 * such as `revise:<sessionId>`), plans read from GET /sessions/{id}/plan, the options' settings, share
 * drafts and shared projects (files and sharing), and the indexes history filters by (agent of a call or
 * session, newest first).
 */
export const STORES_V3 = {
  ...STORES_V2,
  calls: 'localId, state, runId, sessionId, connectionId, createdAt, request.agentId',
  sessions: 'sessionId, session.agentId, readAt',
  answerDrafts: '[sessionId+key], sessionId',
  textDrafts: 'id',
  plans: 'sessionId',
  settings: 'key',
  shares: 'draftId',
  sharedProjects: 'projectId',
} as const;

/**
 * Version 4: what each site offers beyond the contract's shaped endpoints (lib/api/capabilities), per origin;
 * approvals remember when the member came back from the approval page and how often the call was resent.
 */
export const STORES_V4 = { ...STORES_V3, capabilities: '[origin+capability], origin' } as const;

/**
 * Version 5: an agent's calls newest first by one index, so the history's agent filter reads its page, not
 * every call of the agent (issue 29: 100,000 cached calls).
 */
export const STORES_V5 = {
  ...STORES_V4,
  calls: 'localId, state, runId, sessionId, connectionId, createdAt, request.agentId, [request.agentId+createdAt]',
} as const;

/**
 * Version 6: sessions listed newest first by one index (`listedAt`, their last call or when they were read),
 * so the Sessions tab and the history's sessions read their page, not every session (issue 29: 1,000
 * sessions of 20 results).
 *
 * The current version: each table's indexes are written beside its schema (./tables). The test of released
 * stores holds them to version 6's fixture, so a change of indexes comes as version 7, with version 6 then
 * written out here as it was.
 */
export const STORES_V6 = {
  connection: CONNECTION_INDEXES,
  finds: FINDS_INDEXES,
  calls: CALLS_INDEXES,
  sessions: SESSIONS_INDEXES,
  approvals: APPROVALS_INDEXES,
  findings: FINDINGS_INDEXES,
  notifications: NOTIFICATIONS_INDEXES,
  ui: UI_INDEXES,
  downloads: DOWNLOADS_INDEXES,
  answerDrafts: ANSWER_DRAFTS_INDEXES,
  textDrafts: TEXT_DRAFTS_INDEXES,
  plans: PLANS_INDEXES,
  settings: SETTINGS_INDEXES,
  shares: SHARES_INDEXES,
  sharedProjects: SHARED_PROJECTS_INDEXES,
  capabilities: CAPABILITIES_INDEXES,
} as const;

export const DB_VERSIONS: readonly DbVersion[] = [
  { version: 1, stores: STORES_V1 },
  {
    version: 2,
    stores: STORES_V2,
    upgrade: async (tx) => {
      await tx
        .table('calls')
        .toCollection()
        .modify((call: { resultReadAt?: string | null }) => {
          if (call.resultReadAt === undefined) call.resultReadAt = null;
        });
    },
  },
  // New tables and indexes only: existing rows need no change.
  { version: 3, stores: STORES_V3 },
  {
    version: 4,
    stores: STORES_V4,
    upgrade: async (tx) => {
      await tx
        .table('approvals')
        .toCollection()
        .modify(
          (a: {
            cameBackAt?: number | null;
            resends?: number;
            lastResendAt?: number | null;
            pageTabId?: number | null;
          }) => {
            a.cameBackAt ??= null;
            a.resends ??= 0;
            a.lastResendAt ??= null;
            a.pageTabId ??= null;
          },
        );
    },
  },
  // A new index only: existing rows need no change.
  { version: 5, stores: STORES_V5 },
  {
    version: 6,
    stores: STORES_V6,
    upgrade: async (tx) => {
      await tx
        .table('sessions')
        .toCollection()
        .modify((row: { session: { lastCallAt?: string | null }; readAt: string; listedAt?: string }) => {
          row.listedAt = listedAt(row.session.lastCallAt ?? null, row.readAt);
        });
    },
  },
];
