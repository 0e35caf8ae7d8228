/** What the panel loads after its first paint: the database and Dexie's liveQuery (see ./lazy). */
export { liveQuery } from 'dexie';
export { db } from './db';
