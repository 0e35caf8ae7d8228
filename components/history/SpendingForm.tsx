import { useId, useState } from 'preact/hooks';
import type { MemberError } from '@/lib/db/types';
import { SPENDING_PERIOD_WORDS, type SpendingPeriod, spendingSince } from '@/lib/history/spending-period';
import { formatCentsOrUnreadable } from '@/lib/format/money';
import { formatAbsolute } from '@/lib/format/time';
import { useActions } from '../common/actions';
import { ErrorNotice } from '../common/ErrorNotice';

interface Answer {
  since: string;
  spentSinceCents: number | null;
}

/** Spending for a period the member picks: GET /me with spentSince, asked for on a click (it needs the site). */
export function SpendingForm() {
  const id = useId();
  const actions = useActions();
  const [period, setPeriod] = useState<SpendingPeriod>('month');
  const [date, setDate] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<MemberError | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const since = spendingSince(period, new Date(), date);
    if (since === null) {
      setProblem('Choose a date that is not in the future.');
      return;
    }
    setProblem(null);
    setBusy(true);
    const result = await actions.send('spending', { since });
    setBusy(false);
    if (result.ok) setAnswer(result.value);
    else setError(result.error);
  };

  return (
    <form class="spending" onSubmit={ask} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Spending</h2>
      <label for={`${id}-period`}>Period</label>
      <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.currentTarget.value as SpendingPeriod)}>
        {Object.entries(SPENDING_PERIOD_WORDS).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
      {period === 'since_date' ? (
        <>
          <label for={`${id}-date`}>From</label>
          <input id={`${id}-date`} type="date" value={date} onInput={(e) => setDate(e.currentTarget.value)} aria-invalid={problem !== null} />
        </>
      ) : null}
      {problem ? (
        <p role="alert" class="error-text">
          {problem}
        </p>
      ) : null}
      <button type="submit" class="secondary" disabled={busy}>
        {busy ? 'Asking the site…' : 'Show spending'}
      </button>
      {answer ? (
        <p role="status">
          Held and charged since {formatAbsolute(answer.since)}: <strong>{formatCentsOrUnreadable(answer.spentSinceCents)}</strong>. This
          includes the running cost of calls that failed and what running calls hold now.
        </p>
      ) : null}
      {error ? <ErrorNotice error={error} title="Spending not read." /> : null}
    </form>
  );
}
