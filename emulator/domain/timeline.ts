/**
 * A call's clock: when it stops running, when it is checked, and whether it passes, from its agent's
 * behaviour, its limit and a stop; and the status that clock gives at any instant.
 */
import { SECOND } from '@/emulator/clock';
import type { CallRec } from '@/emulator/store';

interface Timeline {
  /** When running ends (the limit, the stop or the behaviour's duration). */
  endAt: number;
  /** When the result is checked and the call passes or fails. */
  finalAt: number;
  /** Share of the full running cost used. */
  fraction: number;
  partial: boolean;
  limited: boolean;
  /** Failed with nothing of the result: a failure, or a stop before anything was written. */
  nothing: 'failure' | 'stopped_early' | null;
  passes: boolean;
}

export function timeline(call: CallRec): Timeline {
  const b = call.behaviour;
  const duration = b.durationSeconds * SECOND;
  const checking = b.checkingSeconds * SECOND;
  const fullMicros = b.runningCostMicros + b.upchargeMicros;
  const limited = fullMicros > call.limitCents * 10_000;
  const limitFraction = limited ? (call.limitCents * 10_000) / fullMicros : 1;
  const endAt = call.startedAt + duration * limitFraction;
  const writtenAt = Math.min(call.startedAt + (b.writesAfterSeconds ?? b.durationSeconds / 2) * SECOND, endAt);
  if (call.stoppedAt !== null && call.stoppedAt < endAt) {
    const t = call.stoppedAt;
    if (t < writtenAt) {
      const fraction = duration > 0 ? (t - call.startedAt) / duration : 0;
      return {
        endAt: t,
        finalAt: t,
        fraction,
        partial: false,
        limited: false,
        nothing: 'stopped_early',
        passes: false,
      };
    }
    const fraction = Math.min(limitFraction, duration > 0 ? (t - call.startedAt) / duration : 1);
    const passes = b.outcome !== 'miss_check' && b.partialPassesChecks;
    return { endAt: t, finalAt: t + checking, fraction, partial: true, limited: false, nothing: null, passes };
  }
  if (b.outcome === 'fail') {
    return {
      endAt,
      finalAt: endAt,
      fraction: limitFraction,
      partial: false,
      limited,
      nothing: 'failure',
      passes: false,
    };
  }
  const partial = limited || b.partial;
  const passes = b.outcome === 'pass' && (!partial || b.partialPassesChecks);
  return { endAt, finalAt: endAt + checking, fraction: limitFraction, partial, limited, nothing: null, passes };
}

export function liveStatus(call: CallRec, now: number): 'in_progress' | 'checking' | 'passed' | 'failed' | 'returned' {
  if (call.final) return call.final.status;
  const t = timeline(call);
  if (now < t.endAt) return 'in_progress';
  return now < t.finalAt ? 'checking' : t.passes ? 'passed' : 'failed';
}
