import { useState } from 'preact/hooks';
import { balanceMovedQuery, meBehind } from '@/lib/db/balance-moved';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SitePageButton } from '@/components/common/SitePageButton';
import { Disclosure } from '@/components/common/Disclosure';
import { ShortcutList } from '@/components/common/ShortcutList';
import { ConnectionFacts } from './ConnectionFacts';
import { PrivacyLine } from './PrivacyLine';
import { ViewHeading } from '@/components/common/ViewHeading';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';

/** The site as a member names it, its host ("example.com"): the scheme and the rest of the address say nothing more. */
function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/**
 * What GET /me said, read-only: the member changes switches and limits on the site's page only. The claim's
 * `env` questions (where to keep the key, which folders files come from) are a script connector's settings:
 * here the extension keeps the key and the member picks each file, so nothing is asked of the member.
 */
export function StatusView({ row }: { row: ConnectionRow }) {
  const actions = useActions();
  const me = row.me;
  const [refreshing, setRefreshing] = useState(false);
  const [keysOpen, setKeysOpen] = useState(false);
  const pageUrl = connectionPageUrl(row.origin, row.connectionId);
  const moved = usePanelQuery(balanceMovedQuery, []);
  // Here, unlike the header, the figures stay (with when they were read): the member came to read them.
  const behind = moved.loaded && meBehind(row.meAt, moved.value ?? null);

  const refresh = async () => {
    setRefreshing(true);
    await actions.send('refreshMe', {});
    setRefreshing(false);
  };

  return (
    <section class="card" aria-labelledby="status-title">
      <ViewHeading id="status-title">
        <Message id="status.heading" parts={{ name: <SiteText text={row.name} name /> }} />
      </ViewHeading>
      {/* Refresh beside the time the figures were read: it reads them again, and leaves nothing. */}
      <div class="row status-read">
        <p class="muted">
          {/* Said first, in words: the member sees at once that this browser is connected, and where to. */}
          <Message id="status.connectedTo" parts={{ host: <span class="verbatim">{hostOf(row.origin)}</span> }} />
          {row.meAt ? <Message id="status.readAt" parts={{ time: <Time iso={row.meAt} relative /> }} /> : null}
        </p>
        <button type="button" class="secondary" onClick={refresh} disabled={refreshing}>
          {refreshing ? t('findings.reading') : t('status.readAgain')}
        </button>
      </div>
      {row.sessionId ? (
        <p class="notice">
          <Message id="status.scoped" parts={{ id: <code class="verbatim">{row.sessionId}</code> }} />
        </p>
      ) : null}
      {row.error ? <ErrorNotice error={row.error} title={t('status.couldNotRead')} /> : null}
      {me ? (
        <>
          {/* Read before the last call this browser knows moved the balance: said so, never shown as now. */}
          {behind && row.meAt ? (
            <p class="notice" role="status">
              <Message id="status.beforeLastCall" parts={{ time: <Time iso={row.meAt} /> }} />
            </p>
          ) : null}
          <ConnectionFacts me={me} />
          <SitePageButton url={pageUrl}>{t('status.changeSettings')}</SitePageButton>
        </>
      ) : (
        <p role="status">{t('app.loadingConnection')}</p>
      )}
      <PrivacyLine row={row} />
      {/* The panel's own keys, one click away: where a member looking at their connection would look. */}
      <Disclosure label={t('keys.heading')} open={keysOpen} onToggle={setKeysOpen}>
        {/* Drawn when opened: the browser is asked for the find shortcut only then. */}
        {keysOpen ? <ShortcutList withFind /> : null}
      </Disclosure>
      {/* Leaving, set apart at the end under a rule: never beside Refresh, where a slip would press it. */}
      <div class="leave">
        <DisconnectButton />
      </div>
    </section>
  );
}

function DisconnectButton() {
  const actions = useActions();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="danger" onClick={() => setAsking(true)}>
        {t('status.disconnectBrowser')}
      </button>
    );
  }
  return (
    <fieldset class="confirm">
      <legend>{t('status.forgetKey')}</legend>
      <button type="button" class="danger" onClick={() => void actions.send('disconnect', {})}>
        {t('options.site.yes')}
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        {t('resultFiles.cancel')}
      </button>
    </fieldset>
  );
}
