import { useEffect, useRef, useState } from 'preact/hooks';
import { knownValue } from '@/lib/contract/tolerant';
import { getSession } from '@/lib/db/queries';
import { loadDb } from '@/lib/db/lazy';
import type { MemberError } from '@/lib/db/member-error';
import { useActions } from '@/components/common/actions';

/**
 * Reads the session from the site on open and each time one of its calls ends (the results, questions and the
 * plan move with calls); a plan session's plan too. Answers why the last read failed, or null.
 */
export function useSessionRefresh(sessionId: string, callsLoaded: boolean, ended: number): MemberError | null {
  const actions = useActions();
  const [readError, setReadError] = useState<MemberError | null>(null);
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!callsLoaded || seen.current === ended) return;
    seen.current = ended;
    void (async () => {
      const read = await actions.send('refreshSession', { sessionId });
      setReadError(read.ok ? null : read.error);
      const { db } = await loadDb();
      const stored = await getSession(db, sessionId);
      if (stored && knownValue(stored.session.way) !== 'question') await actions.send('refreshPlan', { sessionId });
    })();
  }, [sessionId, callsLoaded, ended]);
  return readError;
}
