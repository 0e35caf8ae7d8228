/** The preview of a call before anything runs. */
import { isJsonObject } from '@/lib/api/json-object';
import * as z from 'zod/mini';
import type { Preview } from '@/lib/contract/calls';
import { command } from './command';
import { CallRequestSchema } from '@/lib/contract/calls';

export const previewCommands = () => ({
  /**
   * The preview of a call before anything runs: GET .../preview before anything is typed, POST /calls/quote
   * once details or a question are there (G14). Not stored: the reply carries it. requestChecked: the site
   * judged the typed request (false for the kind of call only, e.g. a site without the quote).
   */
  preview: command(
    CallRequestSchema,
    z.object({ preview: z.custom<Preview>(isJsonObject), requestChecked: z.boolean() }),
  ),
});
