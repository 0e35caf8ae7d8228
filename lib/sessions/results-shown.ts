import type { CallStatus } from '@/lib/contract/calls';
import { knownValue, type Tolerant } from '@/lib/contract/tolerant';

/**
 * How many of a session's newest results the session view shows whole: the newest, which is what the member
 * acts on next (the plan itself has its own section above). Earlier ones are folded to their header line,
 * call name and status, each opened by the member: in a side panel 320 px wide one whole result with its
 * note, checks and charge fills the screen, and each more would push the questions and the forms further down.
 */
export const NEWEST_SHOWN_WHOLE = 1;

/**
 * How many of a session's newest results the view lists when it opens. Earlier ones wait behind one button
 * ("Show the 45 earlier results"): a member opening a long session reads its latest results first, and the
 * view opens as quickly for the fiftieth result as for the fifth.
 */
export const NEWEST_LISTED = 5;

function running(status: Tolerant<CallStatus>): boolean {
  const state = knownValue(status);
  return state === 'in_progress' || state === 'checking';
}

/**
 * The place of the first result the view lists at open, given every result's status in order: the newest
 * NEWEST_LISTED, and every result from the earliest call still running (its stop button must be at hand).
 */
export function firstListed(statuses: readonly Tolerant<CallStatus>[]): number {
  if (!Array.isArray(statuses)) throw new TypeError("The results' statuses must be a list.");
  const newest = Math.max(0, statuses.length - NEWEST_LISTED);
  const earliestRunning = statuses.findIndex(running);
  return earliestRunning === -1 ? newest : Math.min(newest, earliestRunning);
}

/**
 * Whether the result at `index` of `count` is shown whole at first: the newest ones, and any call still
 * running (its stop button must be at hand). Bad input is refused, not guessed.
 */
export function shownWhole(index: number, count: number, status: Tolerant<CallStatus>): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(count) || index < 0 || index >= count) {
    throw new RangeError(`A result's place must be a whole number below the count (got ${index} of ${count}).`);
  }
  return running(status) || index >= count - NEWEST_SHOWN_WHOLE;
}
