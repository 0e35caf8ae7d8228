import type { JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AgentCard } from '@/lib/api/schemas';
import { getConnection } from '@/lib/db/queries';
import type { CallRow, ConnectionRow } from '@/lib/db/types';
import { CallsList } from '@/components/calls/CallsList';
import { BackgroundBanner } from '@/components/common/BackgroundBanner';
import { StorageFullBanner } from '@/components/common/StorageFullBanner';
import { NewerDatabaseView, useNewerDatabase } from '@/components/common/NewerDatabase';
import { SessionSummary } from '@/components/calls/SessionSummary';
import { SiteContext } from '@/components/common/site';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { UntrustedText } from '@/components/common/UntrustedText';
import { ConnectForm } from '@/components/connect/ConnectForm';
import { RevokedView } from '@/components/connect/RevokedView';
import { FindView } from '@/components/find/FindView';
import { focusNextViewHeading, ViewHeading } from '@/components/common/ViewHeading';
import { watchHandoffs } from './focus';
import {
  CallsIcon,
  ConnectionIcon,
  FindIcon,
  FindingsIcon,
  HistoryIcon,
  SessionsIcon,
  ShareIcon,
} from '@/components/common/icons';
import { type CallDraft, loadDraft, newIntentId } from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import { CallView } from '@/components/result/CallView';
import { ShareTab } from '@/components/sharing/ShareTab';
import { Lazy } from '@/components/common/Lazy';
import { FirstRunCard } from '@/components/status/FirstRunCard';
import { StatusView } from '@/components/status/StatusView';
import { Skeleton } from '@/components/common/Skeleton';
import { type FirstReader, firstReads, HISTORY_AHEAD_KEY, readAhead, sessionAheadKey } from '@/lib/db/first-read';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

type Route =
  | { view: 'find' }
  | { view: 'preview'; draft: CallDraft }
  | { view: 'calls' }
  | { view: 'call'; localId: string }
  | { view: 'share' }
  | { view: 'sessions' }
  | { view: 'session'; sessionId: string }
  | { view: 'findings' }
  | { view: 'history' }
  | { view: 'status' };

/** How long a click waits for a view's first rows (a session, the history) before the view shows its skeleton. */
export const SHOW_VIEW_WITHIN_MS = 100;

// Views past the first screen load when first shown (the panel's script budget at open).
const loadSessionsTab = () => import('@/components/sessions/SessionsTab').then((m) => m.SessionsTab);
const loadSessionView = () => import('@/components/sessions/SessionView').then((m) => m.SessionView);
const loadFindingsTab = () => import('@/components/findings/FindingsTab').then((m) => m.FindingsTab);
const loadHistoryTab = () => import('@/components/history/HistoryTab').then((m) => m.HistoryTab);

/** A preview of this agent: the unfinished one for it if there is one (typed text kept, same intent). */
function draftForCard(card: AgentCard, saved: CallDraft | null = null): CallDraft {
  if (saved && saved.agentId === card.agentId) return saved;
  return {
    agentId: card.agentId,
    agentName: card.untrustedName,
    callId: 'apply',
    details: '',
    question: '',
    maxDollars: '',
    subject: null,
    intentId: newIntentId(),
  };
}

function draftFromCall(call: CallRow): CallDraft {
  const r = call.request;
  return {
    agentId: r.agentId,
    agentName: call.agentName,
    callId: r.callId === 'question' ? 'question' : 'apply',
    details: r.details ?? '',
    question: r.question ?? '',
    maxDollars: typeof r.maxCents === 'number' ? (r.maxCents / 100).toFixed(2) : '',
    subject: r.subject ?? null,
    intentId: newIntentId(),
  };
}

/**
 * The panel: what is shown follows the stored connection (none, revoked, connected, one session only);
 * within a connection the member moves between find, preview, calls and status, and the background can
 * point the panel at a call (a notification's click) or at a find (the menu or the shortcut).
 */
export function App() {
  const connection = useLiveQuery((db) => getConnection(db), [], { firstRead: firstReads.connection });
  const newerDatabase = useNewerDatabase();
  // A newer build's database (the extension was downgraded): said so, instead of views that cannot read it.
  if (newerDatabase) return <NewerDatabaseView />;
  if (!connection.loaded) {
    return (
      <main>
        <Skeleton label={t('common.loading')} />
      </main>
    );
  }
  const row = connection.value;
  if (!row || row.status === 'disconnected') {
    return (
      <main>
        <ConnectForm initialAddress={row?.origin} intro={row?.error?.message} />
      </main>
    );
  }
  return (
    <SiteContext.Provider value={{ origin: row.origin, connectionId: row.connectionId }}>
      <main>{row.status === 'revoked' ? <RevokedView row={row} /> : <Connected row={row} />}</main>
    </SiteContext.Provider>
  );
}

function Connected({ row }: { row: ConnectionRow }) {
  const scoped = row.sessionId !== null;
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
  const [savedDraft, setSavedDraft] = useState<CallDraft | null>(null);

  useEffect(
    () =>
      watchHandoffs({
        onFocusCall: (localId) => setRoute({ view: 'call', localId }),
        onSelection: () => {
          if (!scoped) setRoute({ view: 'find' });
        },
      }),
    [scoped],
  );

  useEffect(() => {
    void loadDraft().then(setSavedDraft);
  }, []);

  const openCall = (localId: string) => setRoute({ view: 'call', localId });
  const tabs: { view: Route['view']; label: string; icon: () => JSX.Element }[] = scoped
    ? [
        { view: 'calls', label: t('app.tab.session'), icon: SessionsIcon },
        { view: 'status', label: t('app.tab.connection'), icon: ConnectionIcon },
      ]
    : [
        { view: 'find', label: t('app.tab.find'), icon: FindIcon },
        { view: 'calls', label: t('app.tab.calls'), icon: CallsIcon },
        { view: 'sessions', label: t('app.tab.sessions'), icon: SessionsIcon },
        { view: 'findings', label: t('app.tab.findings'), icon: FindingsIcon },
        { view: 'history', label: t('app.tab.history'), icon: HistoryIcon },
        { view: 'share', label: t('app.tab.share'), icon: ShareIcon },
        { view: 'status', label: t('app.tab.connection'), icon: ConnectionIcon },
      ];
  const current =
    route.view === 'preview'
      ? 'find'
      : route.view === 'call'
        ? 'calls'
        : route.view === 'session' && !scoped
          ? 'sessions'
          : route.view;
  // A view whose first rows are read raw (lib/db/first-read readAhead) is put up when they are in: a
  // skeleton drawn and painted for a read of a few milliseconds would only delay it. A slow read shows the
  // view's skeleton after SHOW_VIEW_WITHIN_MS; a move the member made meanwhile stands.
  const openWhenRead = (next: Route, key: string, read: (r: FirstReader) => Promise<unknown>) => {
    const move = moves.current;
    const rows = readAhead(key, read);
    void Promise.race([rows, new Promise((resolve) => setTimeout(resolve, SHOW_VIEW_WITHIN_MS))]).then(() => {
      if (moves.current === move) setRoute(next);
    });
  };
  const openSession = (sessionId: string) =>
    openWhenRead({ view: 'session', sessionId }, sessionAheadKey(sessionId), (r) => firstReads.session(r, sessionId));
  const openTab = (view: Route['view']) => {
    if (view === 'history' && route.view !== 'history')
      openWhenRead({ view: 'history' }, HISTORY_AHEAD_KEY, (r) => firstReads.newestCalls(r));
    else setRoute({ view } as Route);
  };

  return (
    <>
      <nav aria-label={t('app.sections')} class="tabs">
        {tabs.map((tab) => (
          <button
            key={tab.view}
            type="button"
            title={tab.label}
            aria-current={current === tab.view ? 'page' : undefined}
            onClick={() => openTab(tab.view)}
          >
            <tab.icon />
            {/* The label names the button always; on a narrow panel it is read, not shown (the icon and title are). */}
            <span class="tab-label">{tab.label}</span>
          </button>
        ))}
      </nav>
      <BackgroundBanner />
      <StorageFullBanner />
      {!row.privacyLineShown && route.view !== 'status' ? <FirstRunCard row={row} /> : null}
      {route.view === 'find' ? (
        <>
          {savedDraft ? (
            <p class="notice">
              <Message
                id="app.unfinishedCall"
                parts={{ agent: <UntrustedText value={savedDraft.agentName} empty={t('app.anAgent')} name /> }}
              />{' '}
              <button type="button" onClick={() => setRoute({ view: 'preview', draft: savedDraft })}>
                {t('app.continueIt')}
              </button>
            </p>
          ) : null}
          <FindView
            onChoose={(card) =>
              void loadDraft().then((saved) => setRoute({ view: 'preview', draft: draftForCard(card, saved) }))
            }
          />
        </>
      ) : null}
      {route.view === 'preview' ? (
        <PreviewView
          key={route.draft.agentId}
          initial={route.draft}
          onStarted={(localId) => {
            setSavedDraft(null);
            openCall(localId);
          }}
          onBack={() => setRoute({ view: 'find' })}
          onSessionStarted={openSession}
        />
      ) : null}
      {route.view === 'calls' ? (
        <>
          <ViewHeading id="calls-title">{t('app.callsHeading')}</ViewHeading>
          {scoped && row.sessionId ? <SessionSummary sessionId={row.sessionId} /> : null}
          {scoped && row.sessionId ? (
            <button type="button" onClick={() => openSession(row.sessionId as string)}>
              {t('app.openScopedSession')}
            </button>
          ) : null}
          <CallsList onOpen={openCall} sessionId={row.sessionId} />
        </>
      ) : null}
      {route.view === 'call' ? (
        <CallView
          localId={route.localId}
          onEdit={(call) => setRoute(scoped ? { view: 'calls' } : { view: 'preview', draft: draftFromCall(call) })}
        />
      ) : null}
      {route.view === 'share' && !scoped ? <ShareTab /> : null}
      {route.view === 'sessions' && !scoped ? (
        <Lazy load={loadSessionsTab} props={{ onOpen: openSession }} label={t('app.loadingSessions')} />
      ) : null}
      {route.view === 'session' ? (
        <Lazy
          key={route.sessionId}
          load={loadSessionView}
          props={{
            sessionId: route.sessionId,
            onBack: () => setRoute(scoped ? { view: 'calls' } : { view: 'sessions' }),
          }}
          label={t('app.loadingSession')}
        />
      ) : null}
      {route.view === 'findings' && !scoped ? (
        <Lazy load={loadFindingsTab} props={{ row }} label={t('app.loadingFindings')} />
      ) : null}
      {route.view === 'history' && !scoped ? (
        <Lazy
          load={loadHistoryTab}
          props={{ onOpenCall: openCall, onOpenSession: openSession }}
          label={t('app.loadingHistory')}
        />
      ) : null}
      {route.view === 'status' ? <StatusView row={row} /> : null}
    </>
  );
}
