import { Dexie, type EntityTable, type Table } from 'dexie';
import { DB_NAME, DB_VERSIONS } from './schema';
import type {
  AnswerDraftRow,
  ApprovalRow,
  CallRow,
  CapabilityRow,
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

  constructor(name: string = DB_NAME) {
    super(name);
    for (const v of DB_VERSIONS) {
      const version = this.version(v.version).stores(v.stores);
      if (v.upgrade) version.upgrade(v.upgrade);
    }
  }
}

/** The one database of the extension (one per extension origin: background and pages share it). */
export const db = new AppDb();
