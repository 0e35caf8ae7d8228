import type { CallRow } from '@/lib/db/tables/calls';

/**
 * The "Spend at most" the session keeps: the one the member gave its first call (this browser's calls in it,
 * oldest first), the default of the next call started there; null when none was given or none is known.
 */
export function sessionMaxCents(calls: readonly Pick<CallRow, 'request' | 'createdAt'>[]): number | null {
  let first: Pick<CallRow, 'request' | 'createdAt'> | undefined;
  for (const call of calls) if (!first || call.createdAt < first.createdAt) first = call;
  return first?.request.maxCents ?? null;
}
