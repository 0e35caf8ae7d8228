import { useState } from 'preact/hooks';
import { balanceMovedQuery, meBehind } from '@/lib/db/balance-moved';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { tnAmount } from '@/lib/format/amount';
import { formatCount } from '@/lib/format/count';
import { formatCents, formatCentsOrUnreadable } from '@/lib/format/money';
import { formatBytes } from '@/lib/format/size';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { usePanelQuery } from '@/components/common/usePanelQuery';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { SitePageButton } from '@/components/common/SitePageButton';
import { findingsChoiceWords, switchWords } from '@/lib/words/values';
import { Disclosure } from '@/components/common/Disclosure';
import { ShortcutList } from '@/components/common/ShortcutList';
import { PrivacyLine } from './PrivacyLine';
import { ViewHeading } from '@/components/common/ViewHeading';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';
import { Time } from '@/components/common/Time';

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
      <p class="muted">
        <span class="verbatim">{row.origin}</span>
        {row.meAt ? <Message id="status.readAt" parts={{ time: <Time iso={row.meAt} relative /> }} /> : null}
      </p>
      {row.sessionId ? (
        <p class="notice">
          <Message id="status.scoped" parts={{ id: <code class="verbatim">{row.sessionId}</code> }} />
        </p>
      ) : null}
      <PrivacyLine row={row} />
      {row.error ? <ErrorNotice error={row.error} title={t('status.couldNotRead')} /> : null}
      {me ? (
        <>
          <section aria-labelledby="credits-title">
            <h2 id="credits-title">{t('status.credits')}</h2>
            {/* Read before the last call this browser knows moved the balance: said so, never shown as now. */}
            {behind && row.meAt ? (
              <p class="notice" role="status">
                <Message id="status.beforeLastCall" parts={{ time: <Time iso={row.meAt} /> }} />
              </p>
            ) : null}
            <dl class="facts">
              <dt>{t('status.spendableNow')}</dt>
              <dd>{formatCents(me.balance.spendableCents)}</dd>
              <dt>{t('status.held')}</dt>
              <dd>{formatCents(me.balance.heldCents)}</dd>
              <dt>{t('status.bought')}</dt>
              <dd>{formatCents(me.balance.purchasedCents)}</dd>
              <dt>{t('status.earned')}</dt>
              <dd>{formatCentsOrUnreadable(me.balance.earnedCents)}</dd>
              <dt>{t('status.promo')}</dt>
              <dd>{formatCents(me.balance.promoCents)}</dd>
              <dt>{t('status.spentWindow')}</dt>
              <dd>{formatCentsOrUnreadable(me.spentInWindowCents)}</dd>
            </dl>
          </section>
          <section aria-labelledby="today-title">
            <h2 id="today-title">{t('status.last24')}</h2>
            <dl class="facts">
              <dt>{t('status.sessionsWithoutAsking')}</dt>
              <dd>
                {t('status.countOf', {
                  used: formatCount(me.today.sessionsUsed),
                  allowed: formatCount(me.limits.sessionsPerDay),
                })}
              </dd>
              <dt>{t('status.callsWithoutAsking')}</dt>
              <dd>
                {t('status.countOf', {
                  used: formatCount(me.today.callsUsed),
                  allowed: formatCount(me.limits.callsPerDay),
                })}
              </dd>
              <dt>{t('status.openCallsMax')}</dt>
              <dd>{formatCount(me.limits.openCallsMax)}</dd>
              <dt>{t('status.downloadsLeft')}</dt>
              <dd>
                {t('status.countOf', {
                  used: formatBytes(me.downloadsLeftBytes),
                  allowed: formatBytes(me.limits.downloadBytesPerDay),
                })}
              </dd>
              <dt>{t('status.approvalUsable')}</dt>
              <dd>{tnAmount('status.minutes', me.limits.approvalMinutes)}</dd>
            </dl>
          </section>
          <section aria-labelledby="switches-title">
            <h2 id="switches-title">{t('status.switchesHeading')}</h2>
            <ul class="switches" aria-label={t('status.switches')}>
              {Object.entries(me.switches).map(([name, on]) => (
                <li key={name}>
                  <Message
                    id="status.switchLine"
                    parts={{
                      switch:
                        switchWords(name) === name ? (
                          <span class="verbatim">{name}</span>
                        ) : (
                          <span>{switchWords(name)}</span>
                        ),
                      state: <strong>{on ? t('status.on') : t('status.off')}</strong>,
                    }}
                  />
                </li>
              ))}
            </ul>
            <h2>{t('findings.findings')}</h2>
            <p>{findingsChoiceWords(me.keepsFindings)}</p>
            <SitePageButton url={pageUrl}>{t('status.changeOnSite')}</SitePageButton>
          </section>
        </>
      ) : (
        <p role="status">{t('app.loadingConnection')}</p>
      )}
      <div class="row">
        <button type="button" class="secondary" onClick={refresh} disabled={refreshing}>
          {refreshing ? t('findings.reading') : t('status.readAgain')}
        </button>
        <DisconnectButton />
      </div>
      {/* The panel's own keys, one click away: where a member looking at their connection would look. */}
      <Disclosure label={t('keys.heading')} open={keysOpen} onToggle={setKeysOpen}>
        {/* Drawn when opened: the browser is asked for the find shortcut only then. */}
        {keysOpen ? <ShortcutList withFind /> : null}
      </Disclosure>
    </section>
  );
}

function DisconnectButton() {
  const actions = useActions();
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" class="secondary" onClick={() => setAsking(true)}>
        {t('status.disconnect')}
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
