/**
 * A full disk, as the background lives with it: calls keep running on the site and are still read and told
 * (notifier notes what it told outside the database while the ledger cannot be written), the panel is told through
 * storage.session (memory, not on the disk), and the jobs try again no sooner than STORAGE_FULL_RETRY_MS
 * later, so a refused write never becomes a request loop. The first write that succeeds again clears it.
 */
import { browser } from 'wxt/browser';
import { isStorageFull } from '@/lib/db/storage-errors';
import { STORAGE_FULL_SESSION_KEY, type StorageFull, StorageFullSchema } from '@/lib/protocol/handoffs';

/**
 * How long the jobs wait after a refused write before they try again: about the pace of a running call's later
 * reads, so an ended call is still told soon, and a refusal never becomes a loop.
 */
export const STORAGE_FULL_RETRY_MS = 15_000;

/** Events told while the ledger could not be written: told once, and written as told once there is room. */
const TOLD_UNCACHED_KEY = 'background.toldUncached';

/**
 * This worker's copy (undefined: not read yet). The scheduler asks on every reschedule, and a storage read each
 * time keeps Firefox's event page from going idle (notify-pace); only the background writes it.
 */
let known: StorageFull | null | undefined;

async function read(): Promise<StorageFull | null> {
  if (known !== undefined) return known;
  known = await readStored();
  return known;
}

async function readStored(): Promise<StorageFull | null> {
  const got = await browser.storage.session.get(STORAGE_FULL_SESSION_KEY).catch(() => ({}) as Record<string, unknown>);
  const parsed = StorageFullSchema.safeParse((got as Record<string, unknown>)[STORAGE_FULL_SESSION_KEY]);
  return parsed.success ? parsed.data : null;
}

/** Notes a refused write; true when `err` was one (the caller then carries on instead of failing). */
export async function noteIfStorageFull(err: unknown, now: number): Promise<boolean> {
  if (!isStorageFull(err)) return false;
  const value: StorageFull = { since: (await read())?.since ?? now, lastAt: now };
  known = value;
  await browser.storage.session.set({ [STORAGE_FULL_SESSION_KEY]: value }).catch(() => undefined);
  return true;
}

/** A write went through: the storage has room again (or the member freed some). */
export async function storageHasRoom(): Promise<void> {
  if ((await read()) === null) return;
  known = null;
  await browser.storage.session.remove(STORAGE_FULL_SESSION_KEY).catch(() => undefined);
}

/** The earliest time the jobs may try to write again, or null when nothing was refused. */
export async function storageRetryAt(): Promise<number | null> {
  const full = await read();
  return full === null ? null : full.lastAt + STORAGE_FULL_RETRY_MS;
}

/**
 * Both areas: storage.session lives in memory, so it takes the note on a full disk, but an update or a restart
 * clears it; storage.local survives those, and takes it whenever only the database's quota is full.
 */
const AREAS = () => [browser.storage.session, browser.storage.local];

async function toldUncached(): Promise<Set<string>> {
  const told = new Set<string>();
  for (const area of AREAS()) {
    const got = await area.get(TOLD_UNCACHED_KEY).catch(() => ({}) as Record<string, unknown>);
    const value = (got as Record<string, unknown>)[TOLD_UNCACHED_KEY];
    if (Array.isArray(value)) for (const k of value) if (typeof k === 'string') told.add(k);
  }
  return told;
}

async function writeToldUncached(told: Set<string>): Promise<void> {
  for (const area of AREAS()) {
    if (told.size === 0) await area.remove(TOLD_UNCACHED_KEY).catch(() => undefined);
    else await area.set({ [TOLD_UNCACHED_KEY]: [...told] }).catch(() => undefined);
  }
}

/** Whether an event was told while the ledger could not be written. */
export async function wasToldUncached(eventKey: string): Promise<boolean> {
  return (await toldUncached()).has(eventKey);
}

/** Claims an event for telling without the ledger; false when it was told so before. */
export async function claimUncachedTelling(eventKey: string): Promise<boolean> {
  const told = await toldUncached();
  if (told.has(eventKey)) return false;
  await writeToldUncached(told.add(eventKey));
  return true;
}

/** The ledger has the event now: the note is no longer needed. */
export async function forgetUncachedTelling(eventKey: string): Promise<void> {
  const told = await toldUncached();
  if (told.delete(eventKey)) await writeToldUncached(told);
}
