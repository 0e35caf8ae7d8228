import { useEffect, useState } from 'preact/hooks';
import { useActions } from '@/components/common/actions';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { SessionList } from './SessionList';
import { ViewHeading } from '@/components/common/ViewHeading';
import { Skeleton } from '@/components/common/Skeleton';
import { loadDb } from '@/lib/db/lazy';
import { t } from '@/lib/i18n';
import { HISTORY_PAGE, historySessions } from '@/lib/history/queries';
import { ShowMore } from '@/components/common/ShowMore';
import { errorText } from '@/components/common/error-text';

/** Sessions read at most this many at a time when the member asks to update the list. */
const READ_AT_ONCE = 20;

/**
 * Sessions of this browser's calls that were never read: their ids, newest call first. The sessionId index's
 * keys say which exist without reading a call (10,000 cached calls cost a key walk, not 10,000 rows); only when
 * some were never read are the newest calls walked, and only until each of those is found.
 */
async function unreadSessionIds(): Promise<string[]> {
  const { db } = await loadDb();
  const known = new Set(await db.sessions.toCollection().primaryKeys());
  const inCalls = (await db.calls.orderBy('sessionId').uniqueKeys()) as string[];
  const unread = new Set(inCalls.filter((id) => !known.has(id)));
  if (unread.size === 0) return [];
  const wanted = Math.min(unread.size, READ_AT_ONCE);
  const ids: string[] = [];
  await db.calls
    .orderBy('createdAt')
    .reverse()
    .until(() => ids.length >= wanted)
    .each((c) => {
      if (c.sessionId && unread.has(c.sessionId) && !ids.includes(c.sessionId)) ids.push(c.sessionId);
    });
  return ids;
}

/** The member's sessions from the cache, newest first; each opens its view. */
export function SessionsTab({ onOpen }: { onOpen: (sessionId: string) => void }) {
  const actions = useActions();
  // A page at a time, newest first by the listing index: 1,000 cached sessions cost one page's read.
  const [limit, setLimit] = useState(HISTORY_PAGE);
  const page = useLiveQuery((db) => historySessions(db, { agentId: null, status: null }, limit), [limit]);
  const [reading, setReading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const read = async (ids: readonly string[]) => {
    setReading(true);
    setProblem(null);
    const results = await Promise.all(ids.map((sessionId) => actions.send('refreshSession', { sessionId })));
    setReading(false);
    const failed = results.find((r) => !r.ok);
    if (failed && !failed.ok) setProblem(await errorText(failed.error));
  };

  // Calls made in sessions never read (e.g. the first call of a session): read those once on open.
  useEffect(() => {
    void unreadSessionIds().then((ids) => (ids.length > 0 ? read(ids) : undefined));
  }, []);

  const list = page.value?.rows ?? [];
  return (
    <section aria-labelledby="sessions-title">
      <ViewHeading id="sessions-title">{t('sessions.heading')}</ViewHeading>
      <p class="muted">{t('sessions.intro')}</p>
      <button
        type="button"
        class="secondary"
        disabled={reading || list.length === 0}
        onClick={() => void read(list.slice(0, READ_AT_ONCE).map((r) => r.sessionId))}
      >
        {reading ? t('findings.reading') : t('status.readAgain')}
      </button>
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      {page.loaded ? (
        <>
          <SessionList sessions={list.map((r) => r.session)} onOpen={onOpen} />
          <ShowMore more={page.value?.more} count={HISTORY_PAGE} onMore={() => setLimit(limit + HISTORY_PAGE)} />
        </>
      ) : (
        <Skeleton label={t('app.loadingSessions')} />
      )}
    </section>
  );
}
