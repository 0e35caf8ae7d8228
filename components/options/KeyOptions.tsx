import { useId } from 'preact/hooks';
import type { Settings } from '@/lib/db/tables/settings';
import { t } from '@/lib/i18n';

interface Props {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
}

/** Where the connection's key is kept between browser sessions. */
export function KeyOptions({ settings, onChange }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>{t('options.key.heading')}</h2>
      <div>
        <input
          type="checkbox"
          id={`${id}-session`}
          aria-describedby={`${id}-about`}
          checked={settings.keyUntilBrowserCloses}
          onChange={(e) => onChange({ keyUntilBrowserCloses: e.currentTarget.checked })}
        />
        <label for={`${id}-session`}>{t('options.key.untilClose')}</label>
      </div>
      <p id={`${id}-about`} class="muted">
        {t('options.key.about')}
      </p>
    </section>
  );
}
