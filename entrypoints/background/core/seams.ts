/**
 * Where the e2e build's test seams (entrypoints/background/e2e/) hook into the worker: a feature never imports
 * them, it tells core, and the seams listen. The store build sets none, and its bundle has no seam at all.
 */
import type { AppDb } from '@/lib/db';

export interface WorkerSeams {
  /** The worker's clock (the e2e build's can be moved on, as a browser left closed for days would find it). */
  now(): number;
  /** Called with the database before it is first opened (a full disk the browser tests can switch on). */
  onDatabase(db: AppDb): void;
  /** A notification shown (or a summary dropped) and how many events it tells of (the soak counts them). */
  onNotification(what: 'shown' | 'dropped', notificationId: string, events: number): Promise<void>;
}

let installed: WorkerSeams | null = null;

export function installSeams(seams: WorkerSeams): void {
  installed = seams;
}

/** Tells the seams of a notification shown or dropped; nothing without seams. */
export async function noteNotification(
  what: 'shown' | 'dropped',
  notificationId: string,
  events: number,
): Promise<void> {
  await installed?.onNotification(what, notificationId, events);
}
