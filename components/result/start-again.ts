import type { CallResult } from '@/lib/contract/calls';
import { knownValue } from '@/lib/contract/tolerant';
import type { CallRow } from '@/lib/db/tables/calls';

/**
 * Whether a call is one to edit and start again: refused or declined before it ran, or ended without the whole
 * answer (failed, returned, stopped, or cut at its limit). A passed, whole result is asked further with a
 * follow-up instead; a running one is stopped first.
 */
export function mayStartAgain(call: CallRow, result: CallResult | null): boolean {
  if (call.state === 'refused' || call.state === 'declined') return true;
  if (!result) return false;
  const status = knownValue(result.status);
  if (status === 'failed' || status === 'returned') return true;
  return status === 'passed' && (result.partial || call.stop?.done === true);
}

/** The session a follow-up of this call goes into: the call's own (its 202), else the result's. */
export function followUpSession(call: CallRow, result: CallResult): string | null {
  return call.sessionId ?? (result.sessionId || null);
}
