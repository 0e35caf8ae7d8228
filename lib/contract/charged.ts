import type { CallResult } from './calls';
import { type Amount, isNotRead, knownValue } from './tolerant';

/**
 * The cents a result was charged, or null when it charged nothing: only a passed result is charged (a failed
 * one never is, a returned one's charge went back); a status this version does not know, as its charge says
 * (the contract's charge is null until charged). The result view, History and its chart all count this one way.
 */
export function chargedCents(result: Pick<CallResult, 'status' | 'charge'>): Amount | null {
  const status = knownValue(result.status);
  if (status !== undefined && status !== 'passed') return null;
  const cents = result.charge?.chargedCents ?? 0;
  // A charge that could not be read is said so where it stands, never as free (G34).
  return isNotRead(cents) || cents > 0 ? cents : null;
}
