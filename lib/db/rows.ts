/**
 * The schema of each table's rows, by table name, for the edges where stored rows are trusted to act on: the
 * migration tests open each version's fixture with the current code. Each table's schema, type and indexes are
 * its own file in ./tables. Background and tests only: the panel reads rows without zod.
 */
import { AnswerDraftRowSchema } from './tables/answer-drafts';
import { ApprovalRowSchema } from './tables/approvals';
import { CallRowSchema } from './tables/calls';
import { CapabilityRowSchema } from './tables/capabilities';
import { ConnectionRowSchema } from './tables/connection';
import { FindingRowSchema } from './tables/findings';
import { FindRowSchema } from './tables/finds';
import { NotificationRowSchema } from './tables/notifications';
import { PlanRowSchema } from './tables/plans';
import { SessionRowSchema } from './tables/sessions';
import { SettingsRowSchema } from './tables/settings';
import { SharedProjectRowSchema } from './tables/shared-projects';
import { ShareRowSchema } from './tables/shares';
import { TextDraftRowSchema } from './tables/text-drafts';
import { UiRowSchema } from './tables/ui';
import { DownloadRowSchema } from './tables/downloads';

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
