/**
 * The database's versions. Each entry is frozen once released: a change adds a new version with its
 * `upgrade`, and a fixture of the previous version (test/unit/db/fixtures/) is opened by the current code in
 * a test. Indexes only: Dexie stores every other field as it is.
 */
import type { Transaction } from 'dexie';
import { listedAt } from './session-row';

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
 */
export const STORES_V6 = {
  ...STORES_V5,
  sessions: 'sessionId, session.agentId, readAt, listedAt, [session.agentId+listedAt]',
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

const LAST_RELEASED = DB_VERSIONS[DB_VERSIONS.length - 1]!;

/**
 * The version after the last released one, as the next schema change will add it: the same stores and an
 * upgrade step that reads every row of every table and writes it back. Never in a store package: the
 * migration test opens each fixture through it, and the e2e "next" build (VITE_E2E_NEXT=1, the update test's
 * N+1) carries it so a real upgrade runs in the browser with calls in flight.
 */
export const REHEARSAL_VERSION: DbVersion = {
  version: LAST_RELEASED.version + 1,
  stores: LAST_RELEASED.stores,
  upgrade: async (tx) => {
    for (const table of tx.storeNames) {
      const rows = await tx.table(table).toArray();
      await tx.table(table).bulkPut(rows);
    }
  },
};

/** The versions this build opens the database with. */
export const BUILD_DB_VERSIONS: readonly DbVersion[] =
  typeof import.meta.env === 'object' && import.meta.env.MODE === 'e2e' && import.meta.env.VITE_E2E_NEXT === '1'
    ? [...DB_VERSIONS, REHEARSAL_VERSION]
    : DB_VERSIONS;

export const CURRENT_DB_VERSION = BUILD_DB_VERSIONS[BUILD_DB_VERSIONS.length - 1]!.version;
