import { type Offer, offersFor } from '@/lib/api/capabilities';
import { type Capability, CAPABILITIES } from '@/lib/contract/unshaped';
import { getConnection } from '@/lib/db/queries';
import { useLiveQuery } from './useLiveQuery';

const ALL_UNKNOWN = Object.fromEntries(CAPABILITIES.map((c) => [c, 'unknown'])) as Record<Capability, Offer>;

/**
 * What the connected site offers beyond the contract's shaped endpoints, as the background learned it
 * (lib/api/capabilities). 'unknown' until the site answered: controls stay offered then, and the
 * background answers a "not offered" with the member's words and the shaped way. `enabled` false holds the
 * read back while a view's own rows are read first.
 */
export function useOffers(enabled = true): Record<Capability, Offer> {
  const live = useLiveQuery(
    async (db) => {
      const conn = await getConnection(db);
      if (!conn) return ALL_UNKNOWN;
      return offersFor(await db.capabilities.where('origin').equals(conn.origin).toArray(), conn.origin, Date.now());
    },
    [],
    { enabled },
  );
  return live.value ?? ALL_UNKNOWN;
}
