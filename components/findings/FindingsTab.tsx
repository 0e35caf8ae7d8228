import { useEffect, useState } from 'preact/hooks';
import { listFindings } from '@/lib/db/queries';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import type { MemberError } from '@/lib/db/member-error';
import { availabilityFromError, type FindingsAvailability, findingsAvailability } from '@/lib/findings/availability';
import { connectionPageUrl } from '@/lib/safety/urls';
import { useActions } from '@/components/common/actions';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { FindingsList } from './FindingsList';
import { FindingsUnavailable } from './FindingsUnavailable';
import { ViewHeading } from '@/components/common/ViewHeading';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { Time } from '@/components/common/Time';

/**
 * The member's findings from the cache, read again on open; or why there are none to read (the findings
 * choice, a session-scoped key) and where the choice is made. Sources and sign-off pages open only on the
 * member's click: sources through openExternalUrl (http and https), sign-off through openSitePage.
 */
export function FindingsTab({ row }: { row: ConnectionRow }) {
  const actions = useActions();
  const findings = useLiveQuery((db) => listFindings(db), []);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<MemberError | null>(null);
  const [fromError, setFromError] = useState<FindingsAvailability | null>(null);
  const choice =
    row.sessionId !== null
      ? findingsAvailability({ keepsFindings: null, sessionId: row.sessionId })
      : findingsAvailability(row.me);
  // Not read yet (GET /me): the site's answer to GET /findings tells.
  const byChoice: FindingsAvailability = !choice.available && choice.why === 'unknown' ? { available: true } : choice;
  const availability = fromError ?? byChoice;

  const read = async () => {
    setReading(true);
    const result = await actions.send('refreshFindings', {});
    setReading(false);
    if (result.ok) {
      setError(null);
      setFromError(null);
      return;
    }
    setFromError(availabilityFromError(result.error.code, result.error.extras.reason ?? null));
    setError(result.error);
  };

  useEffect(() => {
    if (byChoice.available) void read();
  }, [byChoice.available]);

  const openConnectionPage = () => {
    const url = connectionPageUrl(row.origin, row.connectionId);
    if (url) void actions.send('openSitePage', { url });
  };

  const rows = findings.value ?? [];
  const readAt = rows[0]?.readAt ?? null;
  return (
    <section aria-labelledby="findings-title">
      <ViewHeading id="findings-title">{t('findings.heading')}</ViewHeading>
      {!availability.available ? (
        <FindingsUnavailable why={availability.why} onOpenConnectionPage={openConnectionPage} />
      ) : (
        <>
          <p class="muted">{t('findings.intro')}</p>
          {/* Refresh beside the time they were read, as on the Connection view. */}
          <div class="row status-read">
            <p class="muted">
              {readAt ? <Message id="sessionView.readAt" parts={{ time: <Time iso={readAt} relative /> }} /> : null}
            </p>
            <button type="button" class="secondary" disabled={reading} onClick={() => void read()}>
              {reading ? t('findings.reading') : t('status.readAgain')}
            </button>
          </div>
          {error ? <ErrorNotice error={error} title={t('sessionView.readFailed')} /> : null}
          <FindingsList
            findings={rows.map((r) => r.finding)}
            siteOrigin={row.origin}
            nowMs={Date.now()}
            onOpenSource={(url) => void actions.send('openExternalUrl', { url })}
            onOpenSignOff={(url) => void actions.send('openSitePage', { url })}
          />
        </>
      )}
    </section>
  );
}
