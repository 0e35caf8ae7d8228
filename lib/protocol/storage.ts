/** The cache: clear it, or free space when the browser's storage is full. */
import * as z from 'zod/mini';
import { command, Empty } from './command';

export const storageCommands = () => ({
  /** Drop cached results (calls that ended, sessions, plans, findings, finds); running calls stay. */
  clearCache: command(Empty, z.object({ removed: z.number() })),
  /**
   * The browser's storage is full: drop ended calls past the member's retention now (as the daily prune would)
   * and let the jobs write again at once.
   */
  freeSpace: command(Empty, z.object({ removed: z.number() })),
});
