import { useState } from 'preact/hooks';
import type { ConnectionRow } from '@/lib/db/types';
import { formatCount } from '@/lib/format/count';
import { formatCents, formatCentsOrUnreadable } from '@/lib/format/money';
import { formatBytes } from '@/lib/format/size';
import { formatRelative } from '@/lib/format/time';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '../common/actions';
import { ErrorNotice } from '../common/ErrorNotice';
import { SitePageButton } from '../common/SitePageButton';
import { findingsChoiceWords, SWITCH_WORDS } from '../common/words';
import { EnvQuestions } from './EnvQuestions';
import { PrivacyLine } from './PrivacyLine';
import { ViewHeading } from '../common/ViewHeading';

/** What GET /me said, read-only: the member changes switches and limits on the site's page only. */
export function StatusView({ row }: { row: ConnectionRow }) {
  const actions = useActions();
  const me = row.me;
  const [refreshing, setRefreshing] = useState(false);
  const pageUrl = connectionPageUrl(row.origin, row.connectionId);

  const refresh = async () => {
    setRefreshing(true);
    await actions.send('refreshMe', {});
    setRefreshing(false);
  };

  return (
    <section class="card" aria-labelledby="status-title">
      <ViewHeading id="status-title">Connection “{row.name}”</ViewHeading>
      <p class="muted">
        {row.origin}
        {row.meAt ? ` · read ${formatRelative(row.meAt)}` : ''}
      </p>
      {row.sessionId ? (
        <p class="notice">
          This connection was made for one session only: it reaches session <code>{row.sessionId}</code>, its
          questions and its calls, nothing else.
        </p>
      ) : null}
      <PrivacyLine row={row} />
      <EnvQuestions env={row.env} />
      {row.error ? <ErrorNotice error={row.error} title="Could not read your connection." /> : null}
      {me ? (
        <>
          <section aria-labelledby="credits-title">
            <h2 id="credits-title">Credits</h2>
            <dl class="facts">
              <dt>Spendable now</dt>
              <dd>{formatCents(me.balance.spendableCents)}</dd>
              <dt>Held for running calls</dt>
              <dd>{formatCents(me.balance.heldCents)}</dd>
              <dt>Bought</dt>
              <dd>{formatCents(me.balance.purchasedCents)}</dd>
              <dt>Earned from your shared projects</dt>
              <dd>{formatCentsOrUnreadable(me.balance.earnedCents)}</dd>
              <dt>Promotional</dt>
              <dd>{formatCents(me.balance.promoCents)}</dd>
              <dt>Held and charged in the last 24 hours</dt>
              <dd>{formatCentsOrUnreadable(me.spentInWindowCents)}</dd>
            </dl>
          </section>
          <section aria-labelledby="today-title">
            <h2 id="today-title">Last 24 hours</h2>
            <dl class="facts">
              <dt>Sessions without asking</dt>
              <dd>
                {formatCount(me.today.sessionsUsed)} of {formatCount(me.limits.sessionsPerDay)}
              </dd>
              <dt>Calls without asking</dt>
              <dd>
                {formatCount(me.today.callsUsed)} of {formatCount(me.limits.callsPerDay)}
              </dd>
              <dt>Calls running at once, at most</dt>
              <dd>{formatCount(me.limits.openCallsMax)}</dd>
              <dt>Downloads left</dt>
              <dd>
                {formatBytes(me.downloadsLeftBytes)} of {formatBytes(me.limits.downloadBytesPerDay)}
              </dd>
              <dt>An approval stays usable</dt>
              <dd>{formatCount(me.limits.approvalMinutes)} minutes</dd>
            </dl>
          </section>
          <section aria-labelledby="switches-title">
            <h2 id="switches-title">Switches (change them on the site)</h2>
            <ul class="switches" aria-label="Switches">
              {Object.entries(me.switches).map(([name, on]) => (
                <li key={name}>
                  <span>{SWITCH_WORDS[name] ?? name}</span>: <strong>{on ? 'on' : 'off'}</strong>
                </li>
              ))}
            </ul>
            <h2>Findings</h2>
            <p>{findingsChoiceWords(me.keepsFindings)}</p>
            <SitePageButton url={pageUrl}>Change switches, limits or findings on the site</SitePageButton>
          </section>
        </>
      ) : (
        <p role="status">Reading your connection…</p>
      )}
      <div class="row">
        <button type="button" class="secondary" onClick={refresh} disabled={refreshing}>
          {refreshing ? 'Reading…' : 'Read again'}
        </button>
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
      <button type="button" class="secondary" onClick={() => setAsking(true)}>
        Disconnect
      </button>
    );
  }
  return (
    <fieldset class="confirm">
      <legend>Forget this connection's key in this browser? Your history stays.</legend>
      <button type="button" class="danger" onClick={() => void actions.send('disconnect', {})}>
        Yes, disconnect
      </button>
      <button type="button" class="secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </fieldset>
  );
}
