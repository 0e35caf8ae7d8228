import { useId, useState } from 'preact/hooks';
import type { Settings } from '@/lib/db/types';
import { parseRetention, retentionWords } from '@/lib/findings/pruning';
import { useActions } from '../common/actions';

interface Props {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
}

const text = (n: number | null) => (n === null ? '' : String(n));

/** How much of the cache stays readable offline (the limit shown in words), and clearing it now. */
export function RetentionOptions({ settings, onChange }: Props) {
  const id = useId();
  const actions = useActions();
  const [days, setDays] = useState(text(settings.retention.maxAgeDays));
  const [count, setCount] = useState(text(settings.retention.maxCount));
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [cleared, setCleared] = useState<string | null>(null);

  const save = (event: Event) => {
    event.preventDefault();
    const policy = parseRetention(days, count);
    if (!policy) {
      setProblem('Enter whole numbers from 1, or leave a box empty for no limit.');
      return;
    }
    setProblem(null);
    onChange({ retention: policy });
  };

  const clear = async () => {
    setConfirming(false);
    const result = await actions.send('clearCache', {});
    setCleared(result.ok ? `Cleared ${result.value.removed} cached items.` : result.error.message);
  };

  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>Cached results</h2>
      <p>
        Results, sessions and findings are kept in this browser so you can read them offline.{' '}
        <strong>{retentionWords(settings.retention)}</strong>
      </p>
      <form onSubmit={save} aria-label="Cache limit" noValidate>
        <label for={`${id}-days`}>Remove results older than this many days (empty: no age limit)</label>
        <input id={`${id}-days`} type="text" inputMode="numeric" value={days} aria-invalid={problem !== null} onInput={(e) => setDays(e.currentTarget.value)} />
        <label for={`${id}-count`}>Keep at most this many calls (empty: no count limit)</label>
        <input id={`${id}-count`} type="text" inputMode="numeric" value={count} aria-invalid={problem !== null} onInput={(e) => setCount(e.currentTarget.value)} />
        {problem ? (
          <p role="alert" class="error-text">
            {problem}
          </p>
        ) : null}
        <button type="submit" class="secondary">
          Save the limit
        </button>
      </form>
      {confirming ? (
        <div role="alert" class="notice notice-warning">
          <p>Clear every cached result, session and finding from this browser? Running calls stay; the site keeps everything.</p>
          <div class="row">
            <button type="button" class="danger" onClick={() => void clear()}>
              Yes, clear the cache
            </button>
            <button type="button" class="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button type="button" class="secondary" onClick={() => setConfirming(true)}>
          Clear cached data…
        </button>
      )}
      {cleared ? <p role="status">{cleared}</p> : null}
    </section>
  );
}
