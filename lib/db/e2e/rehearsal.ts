/**
 * A test seam: the database version after the last released one, as the next schema change will add it. Here,
 * beside the database and not in the background's seams (entrypoints/background/e2e), because the panel opens
 * the database too. Only the e2e "next" build (lib/db/build-versions) and the tests read it; a store build drops
 * it with the branch that names it.
 */
import { DB_VERSIONS, type DbVersion } from '@/lib/db/schema';

const LAST_RELEASED = DB_VERSIONS[DB_VERSIONS.length - 1]!;

/**
 * The same stores and an upgrade step that reads every row of every table and writes it back. Never in a store
 * package: the migration test opens each fixture through it, and the e2e "next" build (VITE_E2E_NEXT=1, the
 * update test's N+1) carries it so a real upgrade runs in the browser with calls in flight.
 */
export const REHEARSAL_VERSION: DbVersion = {
  version: LAST_RELEASED.version + 1,
  stores: LAST_RELEASED.stores,
  upgrade: async (tx) => {
    for (const table of tx.storeNames) {
      const rows = await tx.table(table).toArray();
      await tx.table(table).bulkPut(rows);
    }
  },
};
