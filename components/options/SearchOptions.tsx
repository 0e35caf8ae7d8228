import { useId } from 'preact/hooks';
import type { Settings } from '@/lib/db/tables/settings';
import { t } from '@/lib/i18n';

interface Props {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
}

/** Whether Find remembers the member's recent searches (and lists the agents they called). */
export function SearchOptions({ settings, onChange }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>{t('options.searches.heading')}</h2>
      <div>
        <input
          type="checkbox"
          id={`${id}-remember`}
          aria-describedby={`${id}-about`}
          checked={settings.rememberSearches}
          onChange={(e) => onChange({ rememberSearches: e.currentTarget.checked })}
        />
        <label for={`${id}-remember`}>{t('options.searches.remember')}</label>
      </div>
      <p id={`${id}-about`} class="muted">
        {t('options.searches.about')}
      </p>
    </section>
  );
}
