import { useId } from 'preact/hooks';
import type { NotifySettings, Settings } from '@/lib/db/types';

const KINDS: { key: keyof NotifySettings; label: string }[] = [
  { key: 'callFinished', label: 'A call ended (passed, failed or partial)' },
  { key: 'approvals', label: 'A call waits for your approval, or an approval was declined or ran out' },
  { key: 'findingsSignOff', label: 'Findings wait for your sign-off (one notice per draft)' },
  { key: 'findingsReminder', label: 'A findings draft expires soon' },
];

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
      <h2 id={`${id}-title`}>Notifications</h2>
      <div>
        <input
          type="checkbox"
          id={`${id}-quiet`}
          aria-describedby={`${id}-pace`}
          checked={settings.quiet}
          onChange={(e) => onChange({ quiet: e.currentTarget.checked })}
        />
        <label for={`${id}-quiet`}>Quiet: show no notifications</label>
      </div>
      <p id={`${id}-pace`} class="muted">
        At most one of each kind a minute; more in that minute come as one summary. The panel and the badge always
        show what happened.
      </p>
      <fieldset disabled={settings.quiet}>
        <legend>Tell me when</legend>
        {KINDS.map(({ key, label }) => (
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
      <label for={`${id}-days`}>Remind me this many days before a findings draft expires</label>
      <select
        id={`${id}-days`}
        value={days === null ? '' : String(days)}
        disabled={settings.quiet || !settings.notify.findingsReminder}
        onChange={(e) => onChange({ reminderDaysBefore: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
      >
        <option value="">Never</option>
        {[1, 2, 3, 5, 7, 14].map((n) => (
          <option key={n} value={String(n)}>
            {n === 1 ? '1 day' : `${n} days`}
          </option>
        ))}
      </select>
      <p class="muted">A draft expires 30 days after it was made unless you sign it off on the site.</p>
    </section>
  );
}
