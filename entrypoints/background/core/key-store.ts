/**
 * The connection's key: under one storage key that only the background reads, in browser.storage.local
 * (the default: it survives a restart) or, when the member chose "Keep the key only until the browser
 * closes", in browser.storage.session (memory only; gone when the browser closes; at its default access level,
 * extension contexts only, never a content script). Never in storage.sync (it
 * would follow the member to every synced browser), never in IndexedDB, never in a message reply, never
 * logged. It is in one area at a time: saving or moving it removes it from the other.
 */
import { browser } from 'wxt/browser';
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { CONNECTION_KEY_PATTERN } from '@/lib/contract/connection';

export const KEY_STORAGE_KEY = 'background.connectionKey';

const StoredKeySchema = lazySchema(() =>
  z.object({
    key: z.string().check(z.regex(CONNECTION_KEY_PATTERN)),
    /** The origin the key may be sent to (G17). */
    origin: z.string(),
    connectionId: z.string(),
  }),
);
export type StoredKey = z.infer<typeof StoredKeySchema>;

/** Where the key is kept: 'session' until the browser closes, 'local' across restarts. */
export type KeyArea = 'local' | 'session';

function area(name: KeyArea) {
  return name === 'session' ? browser.storage.session : browser.storage.local;
}

const other = (name: KeyArea): KeyArea => (name === 'session' ? 'local' : 'session');

export async function saveKey(value: StoredKey, where: KeyArea = 'local'): Promise<void> {
  await area(where).set({ [KEY_STORAGE_KEY]: StoredKeySchema.parse(value) });
  await area(other(where)).remove(KEY_STORAGE_KEY);
}

async function readFrom(where: KeyArea): Promise<StoredKey | null> {
  const got = await area(where).get(KEY_STORAGE_KEY);
  const parsed = StoredKeySchema.safeParse(got[KEY_STORAGE_KEY]);
  return parsed.success ? parsed.data : null;
}

/** The stored key, or null when there is none or what is stored is not a key. */
export async function readKey(): Promise<StoredKey | null> {
  return (await readFrom('session')) ?? (await readFrom('local'));
}

/** Moves the key to `where` (the member changed the option); nothing to move is fine. */
export async function moveKey(where: KeyArea): Promise<void> {
  const stored = await readKey();
  if (stored) await saveKey(stored, where);
}

export async function wipeKey(): Promise<void> {
  await browser.storage.local.remove(KEY_STORAGE_KEY);
  await browser.storage.session.remove(KEY_STORAGE_KEY);
}
