/**
 * The connection's key: in browser.storage.local under one key that only the background reads. Never in
 * storage.sync (it would follow the member to every synced browser), never in IndexedDB (pages read that),
 * never in a message reply, never logged.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { CONNECTION_KEY_PATTERN } from '../../lib/api/schemas';

export const KEY_STORAGE_KEY = 'background.connectionKey';

const StoredKeySchema = z.object({
  key: z.string().check(z.regex(CONNECTION_KEY_PATTERN)),
  /** The origin the key may be sent to (G17). */
  origin: z.string(),
  connectionId: z.string(),
});
export type StoredKey = z.infer<typeof StoredKeySchema>;

export async function saveKey(value: StoredKey): Promise<void> {
  await browser.storage.local.set({ [KEY_STORAGE_KEY]: StoredKeySchema.parse(value) });
}

/** The stored key, or null when there is none or what is stored is not a key. */
export async function readKey(): Promise<StoredKey | null> {
  const got = await browser.storage.local.get(KEY_STORAGE_KEY);
  const parsed = StoredKeySchema.safeParse(got[KEY_STORAGE_KEY]);
  return parsed.success ? parsed.data : null;
}

export async function wipeKey(): Promise<void> {
  await browser.storage.local.remove(KEY_STORAGE_KEY);
}
