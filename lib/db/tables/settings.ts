/** The `settings` table (version 3): the options page's settings, each stored as its own row (key → value). */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';

export const SETTINGS_INDEXES = 'key';

/** Days, at least one; null for none. */
const days = () => z.nullable(z.number().check(z.int(), z.minimum(1)));

export const SettingsRowSchema = lazySchema(() =>
  z.discriminatedUnion('key', [
    /** Which events raise a notification (options page). */
    z.object({
      key: z.literal('notify'),
      value: z.object({
        callFinished: z.boolean(),
        approvals: z.boolean(),
        /** A draft newly waiting for the member's sign-off. */
        findingsSignOff: z.boolean(),
        /** A reminder before a draft expires. */
        findingsReminder: z.boolean(),
      }),
    }),
    /** How many days before a draft expires the reminder comes; null for no reminder. */
    z.object({ key: z.literal('reminderDaysBefore'), value: days() }),
    /** Cached results beyond this are pruned (lib/storage/pruning). */
    z.object({ key: z.literal('retention'), value: z.object({ maxAgeDays: days(), maxCount: days() }) }),
    /**
     * Keep the connection's key in storage.session (memory, gone when the browser closes: the member connects
     * again after a restart) instead of storage.local. Calls and history stay either way.
     */
    z.object({ key: z.literal('keyUntilBrowserCloses'), value: z.boolean() }),
    /** Quiet: no notification at all (the ledger still records each event, so none is raised later). */
    z.object({ key: z.literal('quiet'), value: z.boolean() }),
    /**
     * Find lists the member's recent searches and the agents they called. Off: neither is shown, and the finds
     * table keeps only the latest find (the one Find shows).
     */
    z.object({ key: z.literal('rememberSearches'), value: z.boolean() }),
  ]),
);

export type SettingsRow = z.infer<typeof SettingsRowSchema>;
export type SettingKey = SettingsRow['key'];
/** The settings as one object, each row's value under its key. */
export type Settings = { [R in SettingsRow as R['key']]: R['value'] };
/** Which events raise a notification (options page). */
export type NotifySettings = Settings['notify'];
