import type { ConnectionRow } from '@/lib/db/tables/connection';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteQuote, SiteText } from '@/components/common/SiteText';
import { ViewHeading } from '@/components/common/ViewHeading';
import { privacyLineOf } from './useFirstStep';

interface Props {
  row: ConnectionRow;
  onContinue: () => void;
}

/**
 * The one step right after connecting, in the place of the first view: the connection's name and the site's
 * privacy line (who receives a call's details), shown before any call. "Continue" waits while the
 * connection's first answers, which carry the line, are still on their way.
 */
export function FirstStep({ row, onContinue }: Props) {
  const line = privacyLineOf(row);
  const reading = line === null && row.me === null && row.error === null;
  return (
    <section id="first-step" class="card" aria-labelledby="first-step-title">
      <ViewHeading id="first-step-title">
        <Message id="status.connectedAs" parts={{ name: <SiteText text={row.name} name /> }} />
      </ViewHeading>
      {line === null ? null : (
        <>
          <h2>{t('status.privacyHeading')}</h2>
          <SiteQuote text={line} />
        </>
      )}
      {reading ? (
        <p role="status">{t('app.loadingConnection')}</p>
      ) : (
        <button type="button" onClick={onContinue}>
          {t('status.continue')}
        </button>
      )}
    </section>
  );
}
