/** The database versions this build opens with: the released ones, and in the e2e "next" build one more. */
import { DB_VERSIONS, type DbVersion } from './schema';
import { REHEARSAL_VERSION } from './e2e/rehearsal';

/** The versions this build opens the database with. */
export const BUILD_DB_VERSIONS: readonly DbVersion[] =
  typeof import.meta.env === 'object' && import.meta.env.MODE === 'e2e' && import.meta.env.VITE_E2E_NEXT === '1'
    ? [...DB_VERSIONS, REHEARSAL_VERSION]
    : DB_VERSIONS;

export const CURRENT_DB_VERSION = BUILD_DB_VERSIONS[BUILD_DB_VERSIONS.length - 1]!.version;
