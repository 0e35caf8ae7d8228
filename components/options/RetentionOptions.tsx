import { useId, useState } from 'preact/hooks';
import type { Settings } from '@/lib/db/tables/settings';
import { parseRetention, retentionWords } from '@/lib/storage/pruning';
import { useActions } from '@/components/common/actions';
import { t, tn } from '@/lib/i18n';
import { errorText } from '@/components/common/error-text';

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
      setProblem(t('options.retention.wholeNumbers'));
      return;
    }
    setProblem(null);
    onChange({ retention: policy });
  };

  const clear = async () => {
    setConfirming(false);
    const result = await actions.send('clearCache', {});
    setCleared(result.ok ? tn('options.retention.cleared', result.value.removed) : await errorText(result.error));
  };

  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>{t('options.retention.heading')}</h2>
      <p>
        {t('options.retention.intro')} <strong>{retentionWords(settings.retention)}</strong>
      </p>
      <form onSubmit={save} aria-label={t('options.retention.formLabel')} noValidate>
        <label for={`${id}-days`}>{t('options.retention.days')}</label>
        <input
          id={`${id}-days`}
          type="text"
          inputMode="numeric"
          value={days}
          aria-invalid={problem !== null}
          onInput={(e) => setDays(e.currentTarget.value)}
        />
        <label for={`${id}-count`}>{t('options.retention.count')}</label>
        <input
          id={`${id}-count`}
          type="text"
          inputMode="numeric"
          value={count}
          aria-invalid={problem !== null}
          onInput={(e) => setCount(e.currentTarget.value)}
        />
        {problem ? (
          <p role="alert" class="error-text">
            {problem}
          </p>
        ) : null}
        <button type="submit" class="secondary">
          {t('options.retention.save')}
        </button>
      </form>
      {confirming ? (
        <div role="alert" class="notice notice-warning">
          <p>{t('options.retention.confirm')}</p>
          <div class="row">
            <button type="button" class="danger" onClick={() => void clear()}>
              {t('options.retention.yes')}
            </button>
            <button type="button" class="secondary" onClick={() => setConfirming(false)}>
              {t('options.retention.keep')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" class="secondary" onClick={() => setConfirming(true)}>
          {t('options.retention.clear')}
        </button>
      )}
      {cleared ? <p role="status">{cleared}</p> : null}
    </section>
  );
}
