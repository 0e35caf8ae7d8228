import { useCallback, useEffect, useId, useRef, useState } from 'preact/hooks';
import { ShowMore } from '@/components/common/ShowMore';
import {
  type CallHistoryStatus,
  callFilterWords,
  sessionFilterWords,
  type SessionHistoryStatus,
} from '@/lib/history/filter';
import {
  cachedCallCount,
  HISTORY_PAGE,
  historyAgents,
  historyCallsQuery,
  historySessions,
} from '@/lib/history/queries';
import { untrustedString } from '@/lib/safety/untrusted';
import { FindIcon } from '@/components/common/icons';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { SessionListItem } from '@/components/sessions/SessionList';
import { SpendingForm } from '@/components/history/SpendingForm';
import { ExportHistory } from '@/components/history/ExportHistory';
import { ViewHeading } from '@/components/common/ViewHeading';
import { Skeleton } from '@/components/common/Skeleton';
import { shortenedText } from '@/lib/format/clamp';
import { t } from '@/lib/i18n';
import { SEARCH_WINDOW } from '@/lib/history/search-pace';
import { CallLine } from './CallLine';
import { CallSearch } from './CallSearch';
import { CallsList } from './CallsList';
import { SessionSummary } from './SessionSummary';
import { useCallSearch } from './useCallSearch';

type Shown = 'calls' | 'sessions';

export interface CallsTabProps {
  onOpenCall: (localId: string) => void;
  onOpenSession: (sessionId: string) => void;
  /** A key scoped to one session: that session, and its calls (the key reaches nothing else). */
  sessionId?: string | null;
}

/**
 * The Calls section: every call saved in this browser, newest first and readable offline, with its search, the
 * filters (by agent and status, or the sessions instead), the spending and the export. A key scoped to one
 * session sees that session and its calls.
 */
export function CallsTab({ onOpenCall, onOpenSession, sessionId = null }: CallsTabProps) {
  if (sessionId !== null)
    return <SessionCalls sessionId={sessionId} onOpenCall={onOpenCall} onOpenSession={onOpenSession} />;
  return <AllCalls onOpenCall={onOpenCall} onOpenSession={onOpenSession} />;
}

function SessionCalls({ sessionId, onOpenCall, onOpenSession }: CallsTabProps & { sessionId: string }) {
  return (
    <>
      <ViewHeading id="calls-title">{t('app.callsHeading')}</ViewHeading>
      <SessionSummary sessionId={sessionId} />
      <button type="button" onClick={() => onOpenSession(sessionId)}>
        {t('app.openScopedSession')}
      </button>
      <CallsList onOpen={onOpenCall} sessionId={sessionId} />
    </>
  );
}

function AllCalls({ onOpenCall, onOpenSession }: CallsTabProps) {
  const id = useId();
  const [shown, setShown] = useState<Shown>('calls');
  const [agentId, setAgentId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const search = useCallSearch();
  const searchField = useRef<HTMLInputElement>(null);
  // Calls a search reads from the newest; "Search older calls" adds a window at a time.
  const [reach, setReach] = useState(SEARCH_WINDOW);
  // The filter's agents and the count read after the first page is in: they would queue before it.
  const [listShown, setListShown] = useState(false);
  const agents = useLiveQuery((db) => historyAgents(db), [], { enabled: listShown });
  const total = useLiveQuery((db) => cachedCallCount(db), [], { enabled: listShown });
  const onShown = useCallback(() => setListShown(true), []);

  const filtering =
    shown !== 'calls' ||
    agentId !== null ||
    status !== null ||
    (agents.value?.length ?? 0) > 1 ||
    (total.value ?? 0) > FEW_CALLS;
  const statusWords: Record<string, string> = shown === 'calls' ? callFilterWords() : sessionFilterWords();
  const reset = () => {
    setLimit(HISTORY_PAGE);
    setReach(SEARCH_WINDOW);
  };
  // New words start from the first page of the newest calls.
  useEffect(reset, [search.query]);

  return (
    <section aria-labelledby={`${id}-title`} class="calls-view">
      <ViewHeading id={`${id}-title`}>{t('app.callsHeading')}</ViewHeading>
      {shown === 'calls' ? (
        <search class="call-search">
          <label for={`${id}-search`} class="visually-hidden">
            {t('history.search.label')}
          </label>
          <FindIcon />
          <input
            ref={searchField}
            id={`${id}-search`}
            type="search"
            dir="auto"
            value={search.typed}
            placeholder={t('history.search.placeholder')}
            autoComplete="off"
            spellcheck={false}
            onInput={(e) => search.type(e.currentTarget.value)}
          />
        </search>
      ) : null}
      {/* One line of choices, each select named by its first option ("Every agent"); its label is read out,
          not drawn, so the filters stay shorter than a row of the list. A few calls of one agent have nothing
          to filter: the choices wait until there is. */}
      {filtering ? (
        <fieldset class="history-filters">
          <legend class="visually-hidden">{t('history.show')}</legend>
          <div class="history-shown" role="radiogroup" aria-label={t('history.callsOrSessions')}>
            {(['calls', 'sessions'] as const).map((value) => (
              <label key={value} class="history-shown-choice">
                <input
                  type="radio"
                  name={`${id}-shown`}
                  checked={shown === value}
                  onChange={() => {
                    setShown(value);
                    setStatus(null);
                    reset();
                  }}
                />
                {value === 'calls' ? t('app.callsHeading') : t('sessions.heading')}
              </label>
            ))}
          </div>
          <FilterSelect
            id={`${id}-agent`}
            label={t('spending.agentColumn')}
            every={t('history.everyAgent')}
            value={agentId}
            options={(agents.value ?? []).map((a) => ({
              value: a.agentId,
              words: agentWords(untrustedString(a.name) || a.agentId),
            }))}
            onChange={(value) => {
              setAgentId(value);
              reset();
            }}
          />
          <FilterSelect
            id={`${id}-status`}
            label={t('history.status')}
            every={t('history.everyStatus')}
            value={status}
            options={Object.entries(statusWords).map(([value, words]) => ({ value, words }))}
            onChange={(value) => {
              setStatus(value);
              reset();
            }}
          />
        </fieldset>
      ) : null}
      {/* From the first key: "Searching…" says the words are heard before the list changes. */}
      {shown === 'calls' && search.typed.trim() !== '' ? (
        <CallSearch
          query={search.query}
          waiting={search.waiting}
          agentId={agentId}
          status={status as CallHistoryStatus | null}
          limit={limit}
          reach={reach}
          onMore={() => setLimit(limit + HISTORY_PAGE)}
          onOlder={() => {
            setLimit(HISTORY_PAGE);
            setReach(reach + SEARCH_WINDOW);
          }}
          onClear={() => {
            search.clear();
            // The button goes with the search: the keyboard stays where the member types new words.
            searchField.current?.focus();
          }}
          onOpen={onOpenCall}
          onShown={onShown}
        />
      ) : shown === 'calls' ? (
        <CallHistory
          agentId={agentId}
          status={status as CallHistoryStatus | null}
          limit={limit}
          onMore={() => setLimit(limit + HISTORY_PAGE)}
          onOpen={onOpenCall}
          onShown={onShown}
        />
      ) : (
        <SessionHistory
          agentId={agentId}
          status={status as SessionHistoryStatus | null}
          limit={limit}
          onMore={() => setLimit(limit + HISTORY_PAGE)}
          onOpen={onOpenSession}
          onShown={onShown}
        />
      )}
      <SpendingForm enabled={listShown} />
      <ExportHistory />
    </section>
  );
}

/** As many calls as a member reads at a glance: with one agent, nothing for the filters to do. */
const FEW_CALLS = 3;

interface FilterSelectProps {
  id: string;
  label: string;
  /** The first option's words: it filters nothing (value null). */
  every: string;
  value: string | null;
  options: readonly { value: string; words: string }[];
  onChange: (value: string | null) => void;
}

function FilterSelect({ id, label, every, value, options, onChange }: FilterSelectProps) {
  return (
    <>
      <label for={id} class="visually-hidden">
        {label}
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || null)}>
        <option value="">{every}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.words}
          </option>
        ))}
      </select>
    </>
  );
}

interface ListProps<S> {
  agentId: string | null;
  status: S | null;
  limit: number;
  onMore: () => void;
  onOpen: (id: string) => void;
  /** The list's first answer is in. */
  onShown: () => void;
}

function CallHistory({ agentId, status, limit, onMore, onOpen, onShown }: ListProps<CallHistoryStatus>) {
  // The unfiltered first page, read on the click that opened the calls (the router's openTab), is taken as the
  // list mounts; the live query uses it for its first subscription only, so a filter or a longer page is read
  // by the live query alone.
  const page = usePanelQuery(historyCallsQuery, [agentId, status, limit]);
  useEffect(() => {
    if (page.loaded) onShown();
  }, [page.loaded]);
  if (!page.loaded) return <Skeleton label={t('calls.loading')} />;
  const rows = page.value?.rows ?? [];
  // No call at all says how to make one; none of the agent or status chosen says to choose another.
  if (rows.length === 0)
    return <p class="empty">{agentId === null && status === null ? t('calls.empty') : t('history.noCalls')}</p>;
  const now = new Date();
  return (
    <>
      <ul class="calls history-calls" aria-label={t('history.callsNewestFirst')}>
        {rows.map((call) => (
          <CallLine key={call.localId} call={call} now={now} onOpen={onOpen} />
        ))}
      </ul>
      <ShowMore more={page.value?.more} count={HISTORY_PAGE} onMore={onMore} />
    </>
  );
}

/** An agent's name as a filter option: cut, so a long name cannot make the filter wider than the panel. */
function agentWords(name: string): string {
  return shortenedText(name, OPTION_CHARS) ?? name;
}

const OPTION_CHARS = 48;

function SessionHistory({ agentId, status, limit, onMore, onOpen, onShown }: ListProps<SessionHistoryStatus>) {
  const page = useLiveQuery((db) => historySessions(db, { agentId, status }, limit), [agentId, status, limit]);
  useEffect(() => {
    if (page.loaded) onShown();
  }, [page.loaded]);
  if (!page.loaded) return <Skeleton label={t('app.loadingSessions')} />;
  const rows = page.value?.rows ?? [];
  if (rows.length === 0) return <p class="empty">{t('history.noSessions')}</p>;
  return (
    <>
      <ul class="session-list" aria-label={t('history.sessionsNewestFirst')}>
        {rows.map((r) => (
          <SessionListItem key={r.sessionId} session={r.session} onOpen={onOpen} />
        ))}
      </ul>
      <ShowMore more={page.value?.more} count={HISTORY_PAGE} onMore={onMore} />
    </>
  );
}
