/** The panel's queries of the first screen and of the session view: each live query beside its raw read. */
import type { PanelQuery } from './first-read';
import {
  backgroundStatus,
  FIND_START_SCAN,
  type FindStart,
  findStart,
  findStartOf,
  getConnection,
  getSession,
  latestFind,
  rememberSearchesIn,
} from './queries';
import type { BackgroundStatusRow } from './tables/ui';
import type { CallRow } from './tables/calls';
import type { ConnectionRow } from './tables/connection';
import type { FindRow } from './tables/finds';
import type { SessionRow } from './tables/sessions';
import type { SettingsRow } from './tables/settings';

export const connectionQuery: PanelQuery<[], ConnectionRow | undefined> = {
  live: (db) => getConnection(db),
  raw: () => (r) => r.get<ConnectionRow>('connection', 'current'),
};

export const latestFindQuery: PanelQuery<[], FindRow | undefined> = {
  live: (db) => latestFind(db),
  raw: () => (r) => r.last<FindRow>('finds'),
};

/** Find before a search (on its first screen): the member's recent searches and the agents they called. */
export const findStartQuery: PanelQuery<[], FindStart> = {
  live: (db) => findStart(db),
  raw: () => async (r) => {
    const setting = await r.get<SettingsRow>('settings', 'rememberSearches');
    if (!rememberSearchesIn(setting)) return findStartOf(setting, [], []);
    const [finds, calls] = await Promise.all([
      r.newest<FindRow>('finds', 'at', FIND_START_SCAN),
      r.newest<CallRow>('calls', 'createdAt', FIND_START_SCAN),
    ]);
    return findStartOf(setting, finds, calls);
  },
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
