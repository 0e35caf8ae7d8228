/** Read the findings again. */
import * as z from 'zod/mini';
import { command, Empty } from './command';

export const findingsCommands = () => ({
  /** Read GET /findings into the findings table. */
  refreshFindings: command(Empty, z.object({ count: z.number() })),
});
