import { useId } from 'preact/hooks';
import type { Settings } from '@/lib/db/types';

interface Props {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
}

/** Where the connection's key is kept between browser sessions. */
export function KeyOptions({ settings, onChange }: Props) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>Your key</h2>
      <div>
        <input
          type="checkbox"
          id={`${id}-session`}
          aria-describedby={`${id}-about`}
          checked={settings.keyUntilBrowserCloses}
          onChange={(e) => onChange({ keyUntilBrowserCloses: e.currentTarget.checked })}
        />
        <label for={`${id}-session`}>Keep the key only until the browser closes</label>
      </div>
      <p id={`${id}-about`} class="muted">
        The key stays in this browser’s extension storage, never synced and never shown to web pages. With this on it
        is kept in memory only: after the browser restarts you connect again with a new connect code. Running calls
        and your history stay either way.
      </p>
    </section>
  );
}
