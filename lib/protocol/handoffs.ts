/**
 * Hand-offs through browser.storage.session (written by the background, read by the panel on open and on
 * storage.onChanged). The panel opens inside the member's gesture, before these are written.
 */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import type { MemberError } from '@/lib/db/member-error';

/** A selection sent from the context menu or the shortcut; the find's row has the same requestId. */
export const SELECTION_SESSION_KEY = 'panel.selection';
export interface SelectionHandoff {
  requestId: string;
  /** The text as it will be sent (trimmed, cut to 2000 characters), or as selected when refused. */
  text: string;
  cut: boolean;
  source: 'menu' | 'shortcut';
  at: string;
  /** Set when the selection was refused (e.g. under 3 characters); nothing was sent. */
  error: MemberError | null;
}

/** A notification was clicked: show this call's result. */
export const FOCUS_SESSION_KEY = 'panel.focus';
export interface FocusHint {
  localId: string;
  at: string;
}

/**
 * The browser's storage refused the background's writes (disk or quota full): since when, and when it last
 * did. In storage.session, which lives in memory and is not counted against the disk. Gone once a write
 * succeeds again.
 */
export const STORAGE_FULL_SESSION_KEY = 'background.storageFull';
export const StorageFullSchema = lazySchema(() => z.object({ since: z.number(), lastAt: z.number() }));
export type StorageFull = z.infer<typeof StorageFullSchema>;
