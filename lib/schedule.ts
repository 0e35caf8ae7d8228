import { APPROVAL_MINUTES } from '@/lib/contract/limits';
/**
 * Polling and backoff arithmetic. Pure: every function takes the time it needs, so tests run on a fake clock.
 *
 * Open calls are read fast at first and less often the longer they run; the site's Retry-After always wins
 * when it is longer. While the worker is awake a timer wakes it at the exact time; an alarm (30 s minimum in
 * Chrome) resumes work after the worker was stopped.
 */

const SECOND = 1000;
export const MINUTE = 60 * SECOND;

/**
 * Chrome refuses alarms sooner than 30 s (packed extensions). The e2e build is loaded unpacked, where Chrome's
 * floor is 1 s and Firefox sets none: its 3 s lets a browser test of a stopped background wait for the wake it
 * expects instead of half a minute of the browser's time.
 */
// `typeof` first: under tsx (the bench, outside the bundler) there is no import.meta.env; Vite folds it away.
export const ALARM_MIN_DELAY_MS =
  typeof import.meta.env === 'object' && import.meta.env.MODE === 'e2e' ? 3 * SECOND : 30 * SECOND;

/** Steps of the call-polling pace: until `untilAgeMs` after the start, poll every `everyMs`. */
const POLL_STEPS: readonly { untilAgeMs: number; everyMs: number }[] = [
  { untilAgeMs: 10 * SECOND, everyMs: 1 * SECOND },
  { untilAgeMs: 30 * SECOND, everyMs: 2 * SECOND },
  { untilAgeMs: 2 * MINUTE, everyMs: 5 * SECOND },
  { untilAgeMs: 10 * MINUTE, everyMs: 15 * SECOND },
];
/** The slowest pace, for calls that run long. */
const POLL_SLOWEST_MS = 30 * SECOND;

/** How long to wait between reads of a call that has run for `ageMs`. */
export function pollIntervalMs(ageMs: number): number {
  const age = Math.max(0, ageMs);
  for (const step of POLL_STEPS) if (age < step.untilAgeMs) return step.everyMs;
  return POLL_SLOWEST_MS;
}

/**
 * The longest a call is left unread while it may have ended, early in its life: a call that passes is then
 * notified within about 5 s (the bench's "call passed → notification" budget).
 */
export const QUIET_CAP_MS = 4 * SECOND;

/** Learned from this many of the latest ended calls to the same agent and call. */
const RUN_HISTORY = 5;

/**
 * How long a call to an agent is expected to run: the median of the latest ended calls' times from start to
 * the read that found them ended (an upper bound of each run), or null with no history.
 */
export function expectedRunMs(durationsMs: readonly number[]): number | null {
  const usable = durationsMs.filter((d) => Number.isFinite(d) && d > 0).slice(0, RUN_HISTORY);
  if (usable.length === 0) return null;
  const sorted = [...usable].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export interface PollPace {
  retryAfterMs?: number | null;
  pausedUntil?: number | null;
  /** From expectedRunMs: before then, reads are spaced up to QUIET_CAP_MS instead of the fast pace. */
  expectedRunMs?: number | null;
  /** The last read said "checking": the result is being checked, so the call ends soon (read at least every 2 s). */
  checking?: boolean;
}

/**
 * When to read a call next: its pace from its age, spaced out (never beyond QUIET_CAP_MS) while the call is
 * not expected to have ended, and never sooner than the site allows (Retry-After, in ms from now) nor sooner
 * than a pause that applies to all requests (`pausedUntil`, epoch ms).
 */
export function nextPollAt(now: number, startedAt: number, opts: PollPace = {}): number {
  const pace = pollIntervalMs(now - startedAt);
  let paced = now + (opts.checking ? Math.min(pace, 2 * SECOND) : pace);
  if (!opts.checking && opts.expectedRunMs != null) {
    const expectedEnd = startedAt + opts.expectedRunMs;
    if (expectedEnd > paced) paced = Math.min(expectedEnd, now + Math.max(QUIET_CAP_MS, paced - now));
  }
  const retry = opts.retryAfterMs != null ? now + opts.retryAfterMs : 0;
  return Math.max(paced, retry, opts.pausedUntil ?? 0);
}

/**
 * Exponential backoff for resending after a network failure or a 5xx: 0.5 s doubling to `capMs`, with
 * jitter in [50 %, 100 %] of the step so that many clients do not retry at once. `random` in [0, 1).
 */
export function backoffMs(attempt: number, random: number, opts: { baseMs?: number; capMs?: number } = {}): number {
  const base = opts.baseMs ?? 500;
  const cap = opts.capMs ?? 30 * SECOND;
  const step = Math.min(cap, base * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + (step / 2) * Math.min(Math.max(random, 0), 1));
}

/** The time to give an alarm that backs up a timer due at `dueAt`: never sooner than the browser allows. */
export function alarmTime(now: number, dueAt: number, minDelayMs = ALARM_MIN_DELAY_MS): number {
  return Math.max(dueAt, now + minDelayMs);
}

/** The earliest of the given times, ignoring nulls; null when there is none. */
export function earliest(times: readonly (number | null | undefined)[]): number | null {
  let min: number | null = null;
  for (const t of times) if (t != null && (min === null || t < min)) min = t;
  return min;
}

export interface OpenCall {
  localId: string;
  runId: string;
  sessionId: string | null;
  nextPollAt: number | null;
}

export type PollRead =
  | { kind: 'call'; runId: string; localIds: [string] }
  | { kind: 'session'; sessionId: string; localIds: string[] };

/**
 * The reads to make now. A session with two or more open calls is read once (GET /sessions/{id}: its
 * results hold every call) as soon as one of them is due, and that read serves all of them; a lone call is
 * read with GET /calls/{runId}.
 */
export function planReads(open: readonly OpenCall[], now: number): PollRead[] {
  const bySession = new Map<string, OpenCall[]>();
  const lone: OpenCall[] = [];
  for (const c of open) {
    if (c.sessionId === null) lone.push(c);
    else {
      const list = bySession.get(c.sessionId) ?? [];
      list.push(c);
      bySession.set(c.sessionId, list);
    }
  }
  const reads: PollRead[] = [];
  const due = (c: OpenCall) => c.nextPollAt === null || c.nextPollAt <= now;
  for (const [sessionId, calls] of bySession) {
    if (calls.length === 1) lone.push(calls[0]!);
    else if (calls.some(due)) reads.push({ kind: 'session', sessionId, localIds: calls.map((c) => c.localId) });
  }
  for (const c of lone) if (due(c)) reads.push({ kind: 'call', runId: c.runId, localIds: [c.localId] });
  return reads;
}

/** How often to check a waiting approval: quickly while the member is likely on the page, then slower. */
export function approvalCheckIntervalMs(ageMs: number): number {
  if (ageMs < 2 * MINUTE) return 3 * SECOND;
  if (ageMs < 10 * MINUTE) return 10 * SECOND;
  return 20 * SECOND;
}

/**
 * The least time between two resends of a call with its approvalId when the site cannot say whether the
 * member approved (no GET /approvals): 15 s after the refusal or the last resend, doubling with each resend.
 * A resend also needs a reason to think the member approved (they came back from the approval page).
 */
function approvalResendGapMs(resends: number): number {
  return 15 * SECOND * 2 ** Math.min(Math.max(0, resends), 7);
}

/** The earliest moment the next blind resend may go: the gap after the last resend, or after the refusal. */
export function earliestApprovalResendAt(approval: {
  createdAtMs: number;
  lastResendAt: number | null;
  resends: number;
}): number {
  return (approval.lastResendAt ?? approval.createdAtMs) + approvalResendGapMs(approval.resends);
}

export function approvalExpiresAt(refusedAt: number, minutes = APPROVAL_MINUTES): number {
  return refusedAt + minutes * MINUTE;
}
