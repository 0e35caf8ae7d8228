// The member's options (options page) with their defaults. Stored one row per key in the settings table
// (db v3); a key never written reads as its default, so a fresh install needs no setup step.
import type { AppDb } from '@/lib/db/db';
import type { NotificationKind } from '@/lib/db/tables/notifications';
import type { SettingKey, Settings, SettingsRow } from '@/lib/db/tables/settings';
import { DEFAULT_REMIND_DAYS_BEFORE, type FindingsNoticeSettings } from '@/lib/findings/notices';
import { DEFAULT_RETENTION, type RetentionPolicy } from '@/lib/storage/pruning';

const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  notify: { callFinished: true, approvals: true, findingsSignOff: true, findingsReminder: true },
  reminderDaysBefore: DEFAULT_REMIND_DAYS_BEFORE,
  retention: { ...DEFAULT_RETENTION },
  keyUntilBrowserCloses: false,
  quiet: false,
  // The same default as lib/db/queries' rememberSearchesIn, which reads the one row for the panel.
  rememberSearches: true,
});

/** The stored rows over the defaults; rows of a key this version does not know are ignored. */
function settingsFromRows(rows: readonly SettingsRow[]): Settings {
  const out: Settings = {
    notify: { ...DEFAULT_SETTINGS.notify },
    reminderDaysBefore: DEFAULT_SETTINGS.reminderDaysBefore,
    retention: { ...DEFAULT_SETTINGS.retention },
    keyUntilBrowserCloses: DEFAULT_SETTINGS.keyUntilBrowserCloses,
    quiet: DEFAULT_SETTINGS.quiet,
    rememberSearches: DEFAULT_SETTINGS.rememberSearches,
  };
  for (const row of rows) {
    switch (row.key) {
      case 'notify':
        out.notify = { ...out.notify, ...row.value };
        break;
      case 'reminderDaysBefore':
        out.reminderDaysBefore = row.value;
        break;
      case 'retention':
        out.retention = { ...row.value };
        break;
      case 'keyUntilBrowserCloses':
        out.keyUntilBrowserCloses = row.value;
        break;
      case 'quiet':
        out.quiet = row.value;
        break;
      case 'rememberSearches':
        out.rememberSearches = row.value;
        break;
      default:
        break;
    }
  }
  return out;
}

export async function readSettings(d: AppDb): Promise<Settings> {
  return settingsFromRows(await d.settings.toArray());
}

/** Rows to put for a partial change (one row per key given). */
export function settingsRows(change: Partial<Settings>): SettingsRow[] {
  const rows: SettingsRow[] = [];
  for (const key of Object.keys(change) as SettingKey[]) {
    const value = change[key];
    if (value === undefined) continue;
    // key and value come from the same entry of Settings, which TypeScript cannot follow through a loop.
    rows.push({ key, value } as SettingsRow);
  }
  return rows;
}

/** Whether the member wants a notification of this kind (none at all while quiet). */
export function notifies(settings: Settings, kind: NotificationKind): boolean {
  if (settings.quiet) return false;
  switch (kind) {
    case 'call_finished':
      return settings.notify.callFinished;
    case 'approval_needed':
    case 'approval_outcome':
      return settings.notify.approvals;
    case 'findings_draft_waiting':
      return settings.notify.findingsSignOff;
    case 'findings_draft_expiring':
      return settings.notify.findingsReminder;
  }
}

export function noticeSettings(settings: Settings): FindingsNoticeSettings {
  return {
    notifyWaiting: settings.notify.findingsSignOff,
    remindDaysBefore: settings.notify.findingsReminder ? settings.reminderDaysBefore : null,
  };
}

export function retentionPolicy(settings: Settings): RetentionPolicy {
  return { maxAgeDays: settings.retention.maxAgeDays, maxCount: settings.retention.maxCount };
}
