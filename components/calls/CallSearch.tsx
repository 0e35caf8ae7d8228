import { useEffect, useMemo } from 'preact/hooks';
import { ShowMore } from '@/components/common/ShowMore';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import type { CallHistoryStatus } from '@/lib/history/filter';
import { HISTORY_PAGE } from '@/lib/history/queries';
import { searchCalls, searchTerms, termsPattern } from '@/lib/history/search';
import { formatCount } from '@/lib/format/count';
import { t } from '@/lib/i18n';
import { CallLine } from './CallLine';

interface Props {
  /** The words searched (debounced): empty while the first words wait for a pause in typing. */
  query: string;
  /** Typed and not searched yet. */
  waiting: boolean;
  agentId: string | null;
  status: CallHistoryStatus | null;
  limit: number;
  /** Calls read from the newest: SEARCH_WINDOW, and as many again at each "Search older calls". */
  reach: number;
  onMore: () => void;
  onOlder: () => void;
  onClear: () => void;
  onOpen: (localId: string) => void;
  onShown: () => void;
}

/** The calls that hold the member's words, newest first, the words marked in each row. */
export function CallSearch(props: Props) {
  const { query, waiting, agentId, status, limit, reach, onMore, onOlder, onClear, onOpen, onShown } = props;
  // The answer names what it answers: a live query keeps its last answer while the next one is read, and the
  // list must not show the last words' calls as the new words' without saying it is searching.
  const key = JSON.stringify([query, agentId, status, limit, reach]);
  const found = useLiveQuery(
    async (db) => ({ key, query, page: await searchCalls(db, { agentId, status }, query, limit, reach) }),
    [key],
    // The first words wait for the pause in typing; nothing is read for an empty search.
    { enabled: query !== '' },
  );
  useEffect(() => {
    if (found.loaded) onShown();
  }, [found.loaded]);
  // The rows shown are marked with the words they were found for (the last search's, while the next runs).
  const shownQuery = found.value?.query ?? '';
  const pattern = useMemo(() => termsPattern(searchTerms(shownQuery)), [shownQuery]);
  const current = found.value?.key === key;
  const searching = waiting || query === '' || !current;
  const page = found.value?.page;
  const rows = page?.rows ?? [];
  const now = new Date();
  // Said when the search stopped at its reach with older calls left unread, not when it stopped at a full page.
  const reachLine =
    page && current && page.older && !page.more ? t('history.search.reach', { count: formatCount(reach) }) : null;
  return (
    <div class="history-search-results" aria-busy={searching}>
      <p role="status" class="muted history-search-status">
        {searching ? t('history.search.searching') : reachLine}
      </p>
      {page && current && rows.length === 0 ? (
        <div class="empty">
          <p>
            {agentId === null && status === null
              ? t('history.search.none', { words: query })
              : t('history.search.noneFiltered', { words: query })}
          </p>
          <button type="button" class="secondary" onClick={onClear}>
            {t('history.search.clear')}
          </button>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <ul class="calls history-calls" aria-label={t('history.search.results')}>
          {rows.map((call) => (
            <CallLine key={call.localId} call={call} now={now} onOpen={onOpen} pattern={pattern} />
          ))}
        </ul>
      ) : null}
      {current ? <ShowMore more={page?.more} count={HISTORY_PAGE} onMore={onMore} /> : null}
      {reachLine ? (
        <button type="button" class="secondary" onClick={onOlder}>
          {t('history.search.older')}
        </button>
      ) : null}
    </div>
  );
}
