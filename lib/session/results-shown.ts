import { knownValue, type Tolerant } from '../api/tolerant';

/**
 * How many of a session's newest results the session view shows whole. Earlier ones are folded to their
 * header line, call name and status, each opened by the member: a side panel 320 px wide cannot make fifty
 * whole results readable (the questions and the plan would sit below all of them), and the newest results
 * are what the member acts on next.
 */
export const NEWEST_SHOWN_WHOLE = 3;

type CallStatus = Tolerant<'in_progress' | 'checking' | 'passed' | 'failed' | 'returned'>;

/**
 * Whether the result at `index` of `count` is shown whole at first: the newest ones, and any call still
 * running (its stop button must be at hand). Bad input is refused, not guessed.
 */
export function shownWhole(index: number, count: number, status: CallStatus): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(count) || index < 0 || index >= count) {
    throw new RangeError(`A result's place must be a whole number below the count (got ${index} of ${count}).`);
  }
  const state = knownValue(status);
  if (state === 'in_progress' || state === 'checking') return true;
  return index >= count - NEWEST_SHOWN_WHOLE;
}
