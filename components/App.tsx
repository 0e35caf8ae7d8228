import { useEffect, useState } from 'preact/hooks';
import { connectionQuery } from '@/lib/db/panel-queries';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { t } from '@/lib/i18n';
import { BackgroundBanner } from '@/components/common/BackgroundBanner';
import { Lazy } from '@/components/common/Lazy';
import { Message } from '@/components/common/Message';
import { NewerDatabaseView, useNewerDatabase } from '@/components/common/NewerDatabase';
import { SiteContext } from '@/components/common/site';
import { Skeleton } from '@/components/common/Skeleton';
import { StorageFullBanner } from '@/components/common/StorageFullBanner';
import { UntrustedText } from '@/components/common/UntrustedText';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { ConnectForm } from '@/components/connect/ConnectForm';
import { RevokedView } from '@/components/connect/RevokedView';
import { FindView } from '@/components/find/FindView';
import {
  type CallDraft,
  draftForCard,
  draftFromCall,
  followUpDraft,
  loadDraft,
  saveDraft,
} from '@/components/preview/draft';
import { PreviewView } from '@/components/preview/PreviewView';
import { CallView } from '@/components/result/CallView';
import { ShareTab } from '@/components/sharing/ShareTab';
import { FirstStep } from '@/components/status/FirstStep';
import { PanelHeader } from '@/components/status/PanelHeader';
import { useFirstStep } from '@/components/status/useFirstStep';
import { useEscapeBack } from '@/components/common/useShortcut';
import { watchHandoffs } from './focus';
import { tabOf, tabsFor, useRouter } from './router';
import { TabBar } from './TabBar';
import { useErrorText } from '@/components/common/error-text';

// Views past the first screen load when first shown (the panel's script budget at open).
const loadSessionsTab = () => import('@/components/sessions/SessionsTab').then((m) => m.SessionsTab);
const loadSessionView = () => import('@/components/sessions/SessionView').then((m) => m.SessionView);
const loadFindingsTab = () => import('@/components/findings/FindingsTab').then((m) => m.FindingsTab);
const loadCallsTab = () => import('@/components/calls/CallsTab').then((m) => m.CallsTab);
const loadStatusView = () => import('@/components/status/StatusView').then((m) => m.StatusView);

/**
 * The panel: what is shown follows the stored connection (none, revoked, connected, one session only);
 * within a connection the member moves between find, preview, calls and status, and the background can
 * point the panel at a call (a notification's click) or at a find (the menu or the shortcut).
 */
export function App() {
  const connection = usePanelQuery(connectionQuery, []);
  const connectionError = useErrorText(connection.value?.error);
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
        <ConnectForm initialAddress={row?.origin} intro={connectionError ?? undefined} />
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
  const { route, setRoute, openCall, openSession, openTab } = useRouter(scoped);
  const [savedDraft, setSavedDraft] = useState<CallDraft | null>(null);
  const firstStep = useFirstStep(row);

  useEffect(
    () =>
      watchHandoffs({
        onFocusCall: (localId) => {
          firstStep.leave();
          setRoute({ view: 'call', localId });
        },
        onSelection: () => {
          firstStep.leave();
          if (!scoped) setRoute({ view: 'find' });
        },
      }),
    [scoped],
  );

  useEffect(() => {
    void loadDraft().then(setSavedDraft);
  }, []);

  // Back to the agents: the draft was kept as it was typed, and is offered again above them.
  const backToFind = () => {
    setRoute({ view: 'find' });
    void loadDraft().then(setSavedDraft);
  };
  // Escape goes back one level, as the view's own "Back" does (preview → agents, call → calls, session → sessions).
  useEscapeBack(
    firstStep.show !== false
      ? null
      : route.view === 'preview'
        ? backToFind
        : route.view === 'call'
          ? () => setRoute({ view: 'calls' })
          : route.view === 'session'
            ? () => setRoute(scoped ? { view: 'calls' } : { view: 'sessions' })
            : null,
  );

  // While it is not known whether the step after connecting is due (a read of a few milliseconds), nothing is
  // put up that it would replace.
  if (firstStep.show === null) return null;
  const tabs = (
    <TabBar
      tabs={tabsFor(scoped)}
      current={firstStep.show ? null : tabOf(route, scoped)}
      onOpen={(view) => {
        firstStep.leave();
        openTab(view);
      }}
    />
  );
  // The step stands in the first view's place, once: the tabs stay, and any of them moves on from it.
  if (firstStep.show) {
    return (
      <>
        {tabs}
        <FirstStep row={row} onContinue={firstStep.done} />
      </>
    );
  }

  return (
    <>
      <PanelHeader row={row} />
      {tabs}
      <BackgroundBanner />
      <StorageFullBanner />
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
          onBack={backToFind}
          // A call into an earlier session (a follow-up) is not the place to open another session.
          onSessionStarted={route.draft.sessionId ? undefined : openSession}
        />
      ) : null}
      {route.view === 'calls' ? (
        <Lazy
          load={loadCallsTab}
          props={{ onOpenCall: openCall, onOpenSession: openSession, sessionId: row.sessionId }}
          label={t('calls.loading')}
        />
      ) : null}
      {route.view === 'call' ? (
        <CallView
          localId={route.localId}
          // The preview is not for a key scoped to one session (contract: GET .../preview answers 403
          // session_scoped): there a call is neither started again nor followed up from the panel.
          onEdit={scoped ? undefined : (call) => setRoute({ view: 'preview', draft: draftFromCall(call) })}
          onFollowUp={
            scoped
              ? undefined
              : (call, sessionId, question) => {
                  // Kept at once, as the preview keeps what is typed there: going back never loses the question.
                  const draft = followUpDraft(call, sessionId, question);
                  void saveDraft(draft);
                  setRoute({ view: 'preview', draft });
                }
          }
          onOpenSession={openSession}
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
      {route.view === 'status' ? (
        <Lazy load={loadStatusView} props={{ row }} label={t('app.loadingConnection')} />
      ) : null}
    </>
  );
}
