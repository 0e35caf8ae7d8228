import { useEffect, useRef, useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/member-error';
import { type SpendingPeriod, spendingSince } from '@/lib/history/spending-period';
import { useActions } from '@/components/common/actions';
import { loadDb } from '@/lib/db/lazy';
import { callsForSpending } from '@/lib/history/queries';
import { type CachedSpending, cachedSpending } from '@/lib/history/spending-chart';
import { t } from '@/lib/i18n';

interface SpendingAnswer {
  since: string;
  spentSinceCents: number | null;
}

export interface Spending {
  answer: SpendingAnswer | null;
  /** The date typed is not one to ask about (in the future). */
  problem: string | null;
  error: MemberError | null;
  busy: boolean;
  chart: CachedSpending | null;
  chartProblem: string | null;
}

/** The cached calls' charges for the period (readable offline): the chart beside the site's total. */
async function readCached(since: string): Promise<CachedSpending> {
  const { db } = await loadDb();
  return cachedSpending(await callsForSpending(db, new Date(since)), new Date(since), new Date());
}

/**
 * The spending for the period shown, read as soon as the view may read it and again whenever the period
 * changes: the site's total (GET /me with spentSince, it needs the site) and the cached calls' chart. An
 * answer for a period the member has since left is dropped.
 */
export function useSpending(period: SpendingPeriod, date: string, enabled: boolean): Spending {
  const actions = useActions();
  const asked = useRef(0);
  const [state, setState] = useState<Spending>({
    answer: null,
    problem: null,
    error: null,
    busy: false,
    chart: null,
    chartProblem: null,
  });

  useEffect(() => {
    if (!enabled) return;
    const ask = ++asked.current;
    // A date not chosen yet asks nothing; one in the future is refused here.
    if (period === 'since_date' && date === '') return;
    const since = spendingSince(period, new Date(), date);
    if (since === null) {
      setState((s) => ({ ...s, problem: t('spending.futureDate'), busy: false }));
      return;
    }
    setState((s) => ({ ...s, problem: null, error: null, busy: true }));
    void Promise.all([
      actions.send('spending', { since }),
      readCached(since).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
    ]).then(([result, cached]) => {
      if (ask !== asked.current) return;
      setState({
        answer: result.ok ? { since, spentSinceCents: result.value.spentSinceCents ?? null } : null,
        problem: null,
        error: result.ok ? null : result.error,
        busy: false,
        chart: cached instanceof Error ? null : cached,
        chartProblem: cached instanceof Error ? t('spending.cacheUnreadable', { problem: cached.message }) : null,
      });
    });
  }, [enabled, period, date]);

  return state;
}
