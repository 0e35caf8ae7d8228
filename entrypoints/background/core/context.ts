/**
 * What every background job needs, passed explicitly so tests can give a fake clock, a fake API and their
 * own database. No state lives only here: everything that matters is in IndexedDB or browser storage.
 */
import type { AppDb } from '@/lib/db';
import type { ApiFactory } from './api';

export interface Ctx {
  db: AppDb;
  apiFor: ApiFactory;
  now(): number;
  random(): number;
  newId(): string;
  /** This start of the worker, one id each: what it claimed is not what an earlier start left behind. */
  readonly workerId: string;
  /** Recompute when the background must wake next (timer while awake, alarm as a backstop). */
  reschedule(): Promise<void>;
}

export function isoNow(ctx: Ctx): string {
  return new Date(ctx.now()).toISOString();
}
