/**
 * The panel's views and the moves between them: the tabs a connection shows, which tab a view belongs to, and
 * the opening of a view whose first rows a click reads ahead (a session, the calls).
 */
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { readAheadOf } from '@/lib/db/first-read';
import { sessionQuery } from '@/lib/db/panel-queries';
import { t } from '@/lib/i18n';
import { CallsIcon, ConnectionIcon, FindIcon, FindingsIcon, SessionsIcon, ShareIcon } from '@/components/common/icons';
import { focusNextViewHeading } from '@/components/common/ViewHeading';
import type { CallDraft } from '@/components/preview/draft';

export type Route =
  | { view: 'find' }
  | { view: 'preview'; draft: CallDraft }
  | { view: 'calls' }
  | { view: 'call'; localId: string }
  | { view: 'share' }
  | { view: 'sessions' }
  | { view: 'session'; sessionId: string }
  | { view: 'findings' }
  | { view: 'status' };

/** How long a click waits for a view's first rows (a session, the calls) before the view shows its skeleton. */
export const SHOW_VIEW_WITHIN_MS = 100;

interface Tab {
  view: Route['view'];
  label: string;
  icon: () => JSX.Element;
}

/** The tabs shown in the bar, and those under its "More" menu (empty: no menu). */
export interface Tabs {
  bar: Tab[];
  more: Tab[];
}

/**
 * The tabs of a connection: a key scoped to one session has its calls and the connection only. Otherwise five
 * sections, four tabs and a "More" menu (Share, Connection), so every tab's label fits beside its icon at 320 px.
 * The calls are one section: the list with its search, filters, spending and export.
 */
export function tabsFor(scoped: boolean): Tabs {
  return scoped
    ? {
        bar: [
          { view: 'calls', label: t('app.tab.session'), icon: SessionsIcon },
          { view: 'status', label: t('app.tab.connection'), icon: ConnectionIcon },
        ],
        more: [],
      }
    : {
        bar: [
          { view: 'find', label: t('app.tab.find'), icon: FindIcon },
          { view: 'calls', label: t('app.tab.calls'), icon: CallsIcon },
          { view: 'sessions', label: t('app.tab.sessions'), icon: SessionsIcon },
          { view: 'findings', label: t('app.tab.findings'), icon: FindingsIcon },
        ],
        more: [
          { view: 'share', label: t('app.tab.share'), icon: ShareIcon },
          { view: 'status', label: t('app.tab.connection'), icon: ConnectionIcon },
        ],
      };
}

/** The tab a view is under: a preview under find, a call under calls, a session under sessions. */
export function tabOf(route: Route, scoped: boolean): Route['view'] {
  if (route.view === 'preview') return 'find';
  if (route.view === 'call') return 'calls';
  if (route.view === 'session' && !scoped) return 'sessions';
  return route.view;
}

export interface Router {
  route: Route;
  setRoute: (next: Route) => void;
  openCall: (localId: string) => void;
  openSession: (sessionId: string) => void;
  openTab: (view: Route['view']) => void;
}

export function useRouter(scoped: boolean): Router {
  const [route, setShownRoute] = useState<Route>(scoped ? { view: 'calls' } : { view: 'find' });
  // Counts the moves between views, so a view waiting for its rows (openSession) is not put up over one the
  // member moved to since.
  const moves = useRef(0);
  // Every move to another view hands the focus to that view's heading (ViewHeading).
  const setRoute = (next: Route) => {
    moves.current++;
    focusNextViewHeading();
    setShownRoute(next);
  };
  // A view whose first rows are read raw (readAheadOf) is put up when they are in: a skeleton drawn and
  // painted for a read of a few milliseconds would only delay it. A slow read shows the view's skeleton after
  // SHOW_VIEW_WITHIN_MS; a move the member made meanwhile stands.
  const openWhenRead = (next: Route, rows: Promise<void>) => {
    const move = moves.current;
    void Promise.race([rows, new Promise((resolve) => setTimeout(resolve, SHOW_VIEW_WITHIN_MS))]).then(() => {
      if (moves.current === move) setRoute(next);
    });
  };
  const openSession = (sessionId: string) =>
    openWhenRead({ view: 'session', sessionId }, readAheadOf(sessionQuery, [sessionId]));
  const openTab = (view: Route['view']) => {
    // The calls' query comes with its view's code, not in the panel's first script. A key scoped to one
    // session lists that session's calls, not the history's first page.
    if (view === 'calls' && route.view !== 'calls' && !scoped)
      openWhenRead(
        { view: 'calls' },
        import('@/lib/history/queries').then((m) => readAheadOf(m.historyCallsQuery, [null, null, m.HISTORY_PAGE])),
      );
    else setRoute({ view } as Route);
  };
  return { route, setRoute, openCall: (localId) => setRoute({ view: 'call', localId }), openSession, openTab };
}
