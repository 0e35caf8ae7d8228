export { AppDb, db } from './db';
export * from './queries';
export { CURRENT_DB_VERSION, DB_NAME, DB_VERSIONS } from './schema';
export type * from './types';
