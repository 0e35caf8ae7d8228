import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db/queries';
import type { ConnectionRow, MemberError, Settings } from '@/lib/db/types';
import { formatRelative } from '@/lib/format/time';
import { connectionPageUrl } from '@/lib/safety/urls';
import { readSettings } from '@/lib/settings';
import { useActions } from '../common/actions';
import { ErrorNotice } from '../common/ErrorNotice';
import { SiteContext } from '../common/site';
import { SitePageButton } from '../common/SitePageButton';
import { useLiveQuery } from '../common/useLiveQuery';
import { KeyOptions } from './KeyOptions';
import { NotifyOptions } from './NotifyOptions';
import { RetentionOptions } from './RetentionOptions';
import { ShortcutOption } from './ShortcutOption';
import { Skeleton } from '../common/Skeleton';

/**
 * The options page: the site and connection (disconnect here; connect from the panel), which events
 * notify, the reminder's timing, the cache's limit and clearing it, where the key is kept, and the keyboard
 * shortcut. Settings
 * are stored by the background (setSettings); the page reads them back through liveQuery.
 */
export function OptionsPage({ firefox }: { firefox: boolean }) {
  const actions = useActions();
  const connection = useLiveQuery(async (db) => (await getConnection(db)) ?? null, []);
  const settings = useLiveQuery((db) => readSettings(db), []);
  const [error, setError] = useState<MemberError | null>(null);

  const change = async (next: Partial<Settings>) => {
    const result = await actions.send('setSettings', next);
    setError(result.ok ? null : result.error);
  };

  return (
    <main>
      <h1>Agent Connection options</h1>
      {error ? <ErrorNotice error={error} title="Not saved." /> : null}
      {connection.loaded ? <SiteSection row={connection.value ?? null} /> : null}
      {settings.value ? (
        <>
          <NotifyOptions settings={settings.value} onChange={(c) => void change(c)} />
          <RetentionOptions key={JSON.stringify(settings.value.retention)} settings={settings.value} onChange={(c) => void change(c)} />
          <KeyOptions settings={settings.value} onChange={(c) => void change(c)} />
        </>
      ) : (
        <Skeleton label="Loading your settings…" />
      )}
      <ShortcutOption firefox={firefox} />
      <section aria-labelledby="privacy-title" class="card">
        <h2 id="privacy-title">Privacy</h2>
        <p>
          Nothing goes anywhere but the site you connected: the key with each request, and text you select only when you ask. No analytics,
          no third party.
        </p>
        <p>
          <a href={browser.runtime.getURL('/privacy.html')} target="_blank" rel="noopener">
            The privacy policy: what is stored, what is sent, and how to clear it
          </a>
        </p>
      </section>
    </main>
  );
}

function SiteSection({ row }: { row: ConnectionRow | null }) {
  const actions = useActions();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<MemberError | null>(null);
  const connected = row !== null && row.status === 'connected';

  const disconnect = async () => {
    setConfirming(false);
    const result = await actions.send('disconnect', {});
    setError(result.ok ? null : result.error);
  };

  return (
    <section aria-labelledby="site-title" class="card">
      <h2 id="site-title">Site and connection</h2>
      {row ? (
        <SiteContext.Provider value={{ origin: row.origin, connectionId: row.connectionId }}>
          <dl class="facts">
            <dt>Site address</dt>
            <dd>{row.origin}</dd>
            <dt>Connection</dt>
            <dd>
              “{row.name}” · {row.status === 'connected' ? 'connected' : row.status === 'revoked' ? 'revoked on the site' : 'disconnected'} ·{' '}
              since {formatRelative(row.statusAt)}
            </dd>
          </dl>
          <SitePageButton url={connectionPageUrl(row.origin, row.connectionId)}>Switches, limits and findings choice on the site</SitePageButton>
        </SiteContext.Provider>
      ) : (
        <p>Not connected.</p>
      )}
      <p class="muted">
        To use another site address or connection, disconnect here, then connect from the side panel with the site’s address and a new
        connect code made on the site.
      </p>
      {connected ? (
        confirming ? (
          <div role="alert" class="notice notice-warning">
            <p>Disconnect? This browser forgets the key; the connection stays on the site until you revoke it there. History stays here.</p>
            <div class="row">
              <button type="button" class="danger" onClick={() => void disconnect()}>
                Yes, disconnect
              </button>
              <button type="button" class="secondary" onClick={() => setConfirming(false)}>
                Stay connected
              </button>
            </div>
          </div>
        ) : (
          <button type="button" class="secondary" onClick={() => setConfirming(true)}>
            Disconnect…
          </button>
        )
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  );
}
