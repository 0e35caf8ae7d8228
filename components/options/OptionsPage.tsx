import { useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { getConnection } from '@/lib/db/queries';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import type { MemberError } from '@/lib/db/member-error';
import type { Settings } from '@/lib/db/tables/settings';
import { connectionPageUrl } from '@/lib/safety/urls';
import { readSettings } from '@/lib/settings';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SiteContext } from '@/components/common/site';
import { SitePageButton } from '@/components/common/SitePageButton';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { KeyOptions } from './KeyOptions';
import { NotifyOptions } from './NotifyOptions';
import { RetentionOptions } from './RetentionOptions';
import { SearchOptions } from './SearchOptions';
import { ShortcutOption } from './ShortcutOption';
import { Skeleton } from '@/components/common/Skeleton';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';
import { NewerDatabaseView, useNewerDatabase } from '@/components/common/NewerDatabase';

/**
 * The options page: the site and connection (disconnect here; connect from the panel), which events
 * notify, the reminder's timing, the cache's limit and clearing it, recent searches, where the key is kept,
 * and the keyboard shortcut. Settings are stored by the background (setSettings); the page reads them back
 * through liveQuery.
 */
export function OptionsPage({ firefox }: { firefox: boolean }) {
  const actions = useActions();
  const connection = useLiveQuery(async (db) => (await getConnection(db)) ?? null, []);
  const settings = useLiveQuery((db) => readSettings(db), []);
  const [error, setError] = useState<MemberError | null>(null);
  const newerDatabase = useNewerDatabase();

  const change = async (next: Partial<Settings>) => {
    const result = await actions.send('setSettings', next);
    setError(result.ok ? null : result.error);
  };

  // Data of a newer build (a downgrade): the options cannot be read or saved; said so, as in the panel.
  if (newerDatabase) return <NewerDatabaseView />;
  return (
    <main>
      <h1>{t('pages.options')}</h1>
      {error ? <ErrorNotice error={error} title={t('options.notSaved')} /> : null}
      {connection.loaded ? <SiteSection row={connection.value ?? null} /> : null}
      {settings.value ? (
        <>
          <NotifyOptions settings={settings.value} onChange={(c) => void change(c)} />
          <RetentionOptions
            key={JSON.stringify(settings.value.retention)}
            settings={settings.value}
            onChange={(c) => void change(c)}
          />
          <SearchOptions settings={settings.value} onChange={(c) => void change(c)} />
          <KeyOptions settings={settings.value} onChange={(c) => void change(c)} />
        </>
      ) : (
        <Skeleton label={t('options.loading')} />
      )}
      <ShortcutOption firefox={firefox} />
      <section aria-labelledby="privacy-title" class="card">
        <h2 id="privacy-title">{t('options.privacyHeading')}</h2>
        <p>{t('options.privacyText')}</p>
        <p>
          <a href={browser.runtime.getURL('/privacy.html')} target="_blank" rel="noopener">
            {t('options.privacyLink')}
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
      <h2 id="site-title">{t('options.site.heading')}</h2>
      {row ? (
        <SiteContext.Provider value={{ origin: row.origin, connectionId: row.connectionId }}>
          <dl class="facts">
            <dt>{t('connect.address')}</dt>
            <dd class="verbatim">{row.origin}</dd>
            <dt>{t('app.tab.connection')}</dt>
            <dd>
              <Message
                id="options.site.line"
                parts={{
                  name: <SiteText text={row.name} name />,
                  status:
                    row.status === 'connected'
                      ? t('options.site.connected')
                      : row.status === 'revoked'
                        ? t('options.site.revoked')
                        : t('options.site.disconnected'),
                  time: <Time iso={row.statusAt} relative />,
                }}
              />
            </dd>
          </dl>
          <SitePageButton url={connectionPageUrl(row.origin, row.connectionId)}>
            {t('status.changeOnSite')}
          </SitePageButton>
        </SiteContext.Provider>
      ) : (
        <p>{t('options.site.notConnected')}</p>
      )}
      <p class="muted">{t('options.site.another')}</p>
      {connected ? (
        confirming ? (
          <div role="alert" class="notice notice-warning">
            <p>{t('options.site.confirm')}</p>
            <div class="row">
              <button type="button" class="danger" onClick={() => void disconnect()}>
                {t('options.site.yes')}
              </button>
              <button type="button" class="secondary" onClick={() => setConfirming(false)}>
                {t('options.site.stay')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" class="secondary" onClick={() => setConfirming(true)}>
            {t('status.disconnect')}
          </button>
        )
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
    </section>
  );
}
