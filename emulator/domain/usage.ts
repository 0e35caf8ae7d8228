/** Rolling 24-hour counts for a connection: sessions and calls that went, spending, downloads. */
import { DAY } from '@/emulator/clock';
import type { ConnectionRec } from '@/emulator/store';
import type { World } from '@/emulator/world';

/** Drops entries that left the window, in place; returns how many remain. */
export function pruneTimes(times: number[], now: number, windowMs = DAY): number {
  let drop = 0;
  while (drop < times.length && (times[drop] ?? 0) <= now - windowMs) drop++;
  if (drop > 0) times.splice(0, drop);
  return times.length;
}

export function callsUsed(conn: ConnectionRec, now: number): number {
  return pruneTimes(conn.callStarts, now);
}

/** Sessions whose first call through the connection in the current stretch is within 24 hours. */
export function sessionsUsed(conn: ConnectionRec, now: number): number {
  let used = 0;
  for (const [sessionId, at] of conn.sessionCountedAt) {
    if (at > now - DAY) used++;
    else conn.sessionCountedAt.delete(sessionId);
  }
  return used;
}

/** The session already counts in the window, so another call in it is not another session. */
export function sessionCounted(conn: ConnectionRec, sessionId: string | null, now: number): boolean {
  if (sessionId === null) return false;
  const at = conn.sessionCountedAt.get(sessionId);
  return at !== undefined && at > now - DAY;
}

export interface TodayCounts {
  sessionsUsed: number;
  sessionsAllowed: number;
  callsUsed: number;
  callsAllowed: number;
}

export function today(conn: ConnectionRec, now: number): TodayCounts {
  return {
    sessionsUsed: sessionsUsed(conn, now),
    sessionsAllowed: conn.limits.sessionsPerDay,
    callsUsed: callsUsed(conn, now),
    callsAllowed: conn.limits.callsPerDay,
  };
}

/** Held and charged through this connection since `since`; with failed calls' running cost when asked. */
export function spentSince(world: World, conn: ConnectionRec, since: number, withFailed: boolean): number {
  let cents = 0;
  for (const charge of world.store.charges) {
    if (charge.connectionId === conn.id && charge.at > since) cents += charge.cents;
  }
  for (const runId of world.store.openCalls.keys()) {
    const call = world.store.calls.get(runId);
    if (call && call.connectionId === conn.id && call.startedAt > since) cents += call.holdCents;
  }
  if (withFailed) {
    for (const call of world.store.calls.values()) {
      if (call.connectionId !== conn.id || call.final?.status !== 'failed' || call.final.at <= since) continue;
      cents += Math.ceil(call.final.usedMicros / 10_000);
    }
  }
  return cents;
}

export function downloadedBytes(conn: ConnectionRec, now: number): number {
  while (conn.downloads.length > 0 && (conn.downloads[0]?.at ?? 0) <= now - DAY) conn.downloads.shift();
  return conn.downloads.reduce((sum, d) => sum + d.bytes, 0);
}

export function downloadsLeftBytes(conn: ConnectionRec, now: number): number {
  return Math.max(0, conn.limits.downloadBytesPerDay - downloadedBytes(conn, now));
}
