import { useId } from 'preact/hooks';
import type { NotifySettings, Settings } from '@/lib/db/tables/settings';
import { t, tn } from '@/lib/i18n';

function kinds(): { key: keyof NotifySettings; label: string }[] {
  return [
    { key: 'callFinished', label: t('options.notify.callFinished') },
    { key: 'approvals', label: t('options.notify.approvals') },
    { key: 'findingsSignOff', label: t('options.notify.findingsSignOff') },
    { key: 'findingsReminder', label: t('options.notify.findingsReminder') },
  ];
}

interface Props {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
}

/** Which events raise a notification, and how many days before a draft expires the reminder comes. */
export function NotifyOptions({ settings, onChange }: Props) {
  const id = useId();
  const days = settings.reminderDaysBefore;
  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>{t('options.notify.heading')}</h2>
      <div>
        <input
          type="checkbox"
          id={`${id}-quiet`}
          aria-describedby={`${id}-pace`}
          checked={settings.quiet}
          onChange={(e) => onChange({ quiet: e.currentTarget.checked })}
        />
        <label for={`${id}-quiet`}>{t('options.notify.quiet')}</label>
      </div>
      <p id={`${id}-pace`} class="muted">
        {t('options.notify.pace')}
      </p>
      <fieldset disabled={settings.quiet}>
        <legend>{t('options.notify.tellMe')}</legend>
        {kinds().map(({ key, label }) => (
          <div key={key}>
            <input
              type="checkbox"
              id={`${id}-${key}`}
              checked={settings.notify[key]}
              onChange={(e) => onChange({ notify: { ...settings.notify, [key]: e.currentTarget.checked } })}
            />
            <label for={`${id}-${key}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <label for={`${id}-days`}>{t('options.notify.remindDays')}</label>
      <select
        id={`${id}-days`}
        value={days === null ? '' : String(days)}
        disabled={settings.quiet || !settings.notify.findingsReminder}
        onChange={(e) =>
          onChange({ reminderDaysBefore: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })
        }
      >
        <option value="">{t('options.notify.never')}</option>
        {[1, 2, 3, 5, 7, 14].map((n) => (
          <option key={n} value={String(n)}>
            {tn('options.notify.days', n)}
          </option>
        ))}
      </select>
      <p class="muted">{t('options.notify.expiresNote')}</p>
    </section>
  );
}
