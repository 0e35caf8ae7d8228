import { Dexie, type EntityTable, type Table } from 'dexie';
import { BUILD_DB_VERSIONS } from './build-versions';
import { DB_NAME, type DbVersion } from './schema';
import type { AnswerDraftRow } from './tables/answer-drafts';
import type { ApprovalRow } from './tables/approvals';
import type { CallRow } from './tables/calls';
import type { CapabilityRow } from './tables/capabilities';
import type { ConnectionRow } from './tables/connection';
import type { DownloadRow } from './tables/downloads';
import type { FindingRow } from './tables/findings';
import type { FindRow } from './tables/finds';
import type { NotificationRow } from './tables/notifications';
import type { PlanRow } from './tables/plans';
import type { SessionRow } from './tables/sessions';
import type { SettingsRow } from './tables/settings';
import type { SharedProjectRow } from './tables/shared-projects';
import type { ShareRow } from './tables/shares';
import type { TextDraftRow } from './tables/text-drafts';
import type { UiRow } from './tables/ui';

export class AppDb extends Dexie {
  connection!: EntityTable<ConnectionRow, 'id'>;
  finds!: EntityTable<FindRow, 'id'>;
  calls!: EntityTable<CallRow, 'localId'>;
  sessions!: EntityTable<SessionRow, 'sessionId'>;
  approvals!: EntityTable<ApprovalRow, 'approvalId'>;
  findings!: EntityTable<FindingRow, 'findingId'>;
  notifications!: EntityTable<NotificationRow, 'eventKey'>;
  ui!: EntityTable<UiRow, 'key'>;
  downloads!: EntityTable<DownloadRow, 'id'>;
  answerDrafts!: Table<AnswerDraftRow, [string, string]>;
  textDrafts!: EntityTable<TextDraftRow, 'id'>;
  plans!: EntityTable<PlanRow, 'sessionId'>;
  settings!: EntityTable<SettingsRow, 'key'>;
  shares!: EntityTable<ShareRow, 'draftId'>;
  sharedProjects!: EntityTable<SharedProjectRow, 'projectId'>;
  capabilities!: Table<CapabilityRow, [string, string]>;

  constructor(name: string = DB_NAME, versions: readonly DbVersion[] = BUILD_DB_VERSIONS) {
    // Dexie's query cache keeps a live query's rows for 3 s after its view is left: the find view's heap after
    // ten pages of history was 16 MB with it, 6 MB without. Each live query reads IndexedDB instead, as fast
    // in the bench's history and session figures (issue 44).
    super(name, { cache: 'disabled' });
    const last = versions[versions.length - 1];
    // Dexie upgrades from the schema it finds on disk, so it needs only the versions with an upgrade step and
    // the last (each schema lists every table): each version declared cost every start about 100 KB of
    // allocations (issue 29).
    for (const v of versions) {
      if (!v.upgrade && v !== last) continue;
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
    // Dexie 4 opens a database of a higher version than declared as it is: an older build would then read and
    // write rows it does not know. Refused instead (a downgrade), in the member's words (storage-errors).
    // Dexie keeps IndexedDB's version at ten times its own.
    const declared = last?.version ?? 0;
    this.on(
      'ready',
      (db) => {
        const found = Math.round(db.backendDB().version / 10);
        if (found > declared)
          throw new DOMException(
            `The database is at version ${found}; this build reads up to ${declared}.`,
            'VersionError',
          );
      },
      true,
    );
  }
}

/**
 * The one database of the extension (one per extension origin: background and pages share it). The worker builds
 * its own on first use (entrypoints/background/index.ts); pure, so its bundle drops this one.
 */
export const db = /* @__PURE__ */ new AppDb();
