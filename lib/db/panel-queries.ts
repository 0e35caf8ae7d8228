/** The panel's queries of the first screen and of the session view: each live query beside its raw read. */
import type { PanelQuery } from './first-read';
import { backgroundStatus, getConnection, getSession, latestFind } from './queries';
import type { BackgroundStatusRow, ConnectionRow, FindRow, SessionRow } from './types';

export const connectionQuery: PanelQuery<[], ConnectionRow | undefined> = {
  live: (db) => getConnection(db),
  raw: () => (r) => r.get<ConnectionRow>('connection', 'current'),
};

export const latestFindQuery: PanelQuery<[], FindRow | undefined> = {
  live: (db) => latestFind(db),
  raw: () => (r) => r.last<FindRow>('finds'),
};

export const backgroundStatusQuery: PanelQuery<[], BackgroundStatusRow | undefined> = {
  live: (db) => backgroundStatus(db),
  raw: () => (r) => r.get<BackgroundStatusRow>('ui', 'background'),
};

/** A session's row: the session view is that row, read ahead on the click that opens it. */
export const sessionQuery: PanelQuery<[sessionId: string], SessionRow | undefined> = {
  live: (db, sessionId) => getSession(db, sessionId),
  raw: (sessionId) => (r) => r.get<SessionRow>('sessions', sessionId),
  aheadKey: (sessionId) => `session:${sessionId}`,
};
