/** The options page's settings. */
import * as z from 'zod/mini';
import { command, Empty } from './command';

export const optionsCommands = () => ({
  /** Change some of the options page's settings. */
  setSettings: command(
    z.object({
      notify: z.optional(
        z.object({
          callFinished: z.boolean(),
          approvals: z.boolean(),
          findingsSignOff: z.boolean(),
          findingsReminder: z.boolean(),
        }),
      ),
      reminderDaysBefore: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(29)))),
      retention: z.optional(
        z.object({
          maxAgeDays: z.nullable(z.int().check(z.minimum(1), z.maximum(9_999_999))),
          maxCount: z.nullable(z.int().check(z.minimum(1), z.maximum(9_999_999))),
        }),
      ),
      keyUntilBrowserCloses: z.optional(z.boolean()),
      quiet: z.optional(z.boolean()),
      rememberSearches: z.optional(z.boolean()),
    }),
    Empty,
  ),
});
