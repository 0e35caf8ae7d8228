import { useId, useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/types';
import { type SpendingPeriod, spendingPeriodWords, spendingSince } from '@/lib/history/spending-period';
import { formatCentsOrUnreadable } from '@/lib/format/money';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { loadDb } from '@/lib/db/lazy';
import { callsForSpending } from '@/lib/history/queries';
import { type CachedSpending, cachedSpending } from '@/lib/history/spending-chart';
import { SpendingChart } from './SpendingChart';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

interface Answer {
  since: string;
  spentSinceCents: number | null;
}

/** The cached calls' charges for the period (readable offline): the chart beside the site's total. */
async function readCached(since: string): Promise<CachedSpending> {
  const { db } = await loadDb();
  const now = new Date();
  return cachedSpending(await callsForSpending(db, new Date(since)), new Date(since), now);
}

/**
 * Spending for a period the member picks, on a click: the site's total (GET /me with spentSince, it needs the
 * site) beside a chart of the cached calls' charges per day and per agent.
 */
export function SpendingForm() {
  const id = useId();
  const actions = useActions();
  const [period, setPeriod] = useState<SpendingPeriod>('month');
  const [date, setDate] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);
  const [chart, setChart] = useState<CachedSpending | null>(null);
  const [chartProblem, setChartProblem] = useState<string | null>(null);

  const ask = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const since = spendingSince(period, new Date(), date);
    if (since === null) {
      setProblem(t('spending.futureDate'));
      return;
    }
    setProblem(null);
    setBusy(true);
    const [result, cached] = await Promise.all([
      actions.send('spending', { since }),
      readCached(since).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err)))),
    ]);
    setBusy(false);
    setChart(cached instanceof Error ? null : cached);
    setChartProblem(cached instanceof Error ? t('spending.cacheUnreadable', { problem: cached.message }) : null);
    if (result.ok) setAnswer(result.value);
    else {
      setAnswer(null);
      setError(result.error);
    }
  };

  return (
    <form class="spending" onSubmit={ask} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('spending.heading')}</h2>
      <label for={`${id}-period`}>{t('spending.periodLabel')}</label>
      <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.currentTarget.value as SpendingPeriod)}>
        {Object.entries(spendingPeriodWords()).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
      {period === 'since_date' ? (
        <>
          <label for={`${id}-date`}>{t('spending.from')}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={date}
            onInput={(e) => setDate(e.currentTarget.value)}
            aria-invalid={problem !== null}
          />
        </>
      ) : null}
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      <button type="submit" class="secondary" disabled={busy}>
        {busy ? t('spending.asking') : t('spending.show')}
      </button>
      {answer ? (
        <p role="status">
          <Message
            id="spending.siteTotal"
            parts={{
              time: <Time iso={answer.since} />,
              amount: <strong>{formatCentsOrUnreadable(answer.spentSinceCents)}</strong>,
            }}
          />
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} title={t('spending.notRead')} /> : null}
      {chartProblem ? <p class="error-text">{chartProblem}</p> : null}
      {chart ? <SpendingChart spending={chart} siteCents={answer?.spentSinceCents ?? null} /> : null}
    </form>
  );
}
