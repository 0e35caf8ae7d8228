import { useId, useState } from 'preact/hooks';
import { type SpendingPeriod, spendingPeriodWords } from '@/lib/history/spending-period';
import { formatCentsOrUnreadable } from '@/lib/format/money';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SpendingChart } from './SpendingChart';
import { useSpending } from './useSpending';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

interface Props {
  /** The calls' list is in: the spending is read after it, so it never queues before the first rows. */
  enabled: boolean;
}

/**
 * Spending for the period the member picks, read on each change: the site's total first, large (GET /me with
 * spentSince, it needs the site), then the cached calls' charges per day and per agent.
 */
export function SpendingForm({ enabled }: Props) {
  const id = useId();
  const [period, setPeriod] = useState<SpendingPeriod>('month');
  const [date, setDate] = useState('');
  const { answer, problem, error, busy, chart, chartProblem } = useSpending(period, date, enabled);

  return (
    <section class="spending" aria-labelledby={`${id}-title`} aria-busy={busy}>
      {/* The period beside the heading: its label is read out, the chosen period's words are what is drawn. */}
      <div class="spending-period">
        <h2 id={`${id}-title`}>{t('spending.heading')}</h2>
        <label for={`${id}-period`} class="visually-hidden">
          {t('spending.periodLabel')}
        </label>
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
      </div>
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      {busy ? (
        <p role="status" class="muted">
          {t('spending.asking')}
        </p>
      ) : null}
      {/* The site's total leads, the amount alone; since when and whose count it is, quietly under it. */}
      {answer ? (
        <>
          <p role="status" class="spending-total">
            <strong>{formatCentsOrUnreadable(answer.spentSinceCents)}</strong>
          </p>
          <p class="spending-since muted">
            {/* The day is enough for a week or more; the last 24 hours keep their hour. */}
            <Message id="spending.siteSince" parts={{ time: <Time iso={answer.since} dayOnly={period !== 'day'} /> }} />
          </p>
        </>
      ) : null}
      {error ? <ErrorNotice error={error} title={t('spending.notRead')} /> : null}
      {chartProblem ? <p class="error-text">{chartProblem}</p> : null}
      {chart ? <SpendingChart spending={chart} siteCents={answer?.spentSinceCents ?? null} /> : null}
    </section>
  );
}
