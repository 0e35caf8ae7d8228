import type { ConnectionRow } from '@/lib/db/tables/connection';
import { siteHomeUrl } from '@/lib/safety/urls';
import { SitePageButton } from '@/components/common/SitePageButton';
import { ConnectForm } from './ConnectForm';
import { ViewHeading } from '@/components/common/ViewHeading';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';
import { SiteText } from '@/components/common/SiteText';

/** The member revoked the connection on the site: the key is gone, the history stays, a new code is needed. */
export function RevokedView({ row }: { row: ConnectionRow }) {
  return (
    <section aria-labelledby="revoked-title">
      <div role="alert" class="notice notice-error">
        <ViewHeading id="revoked-title">
          <Message id="revoked.heading" parts={{ name: <SiteText text={row.name} name /> }} />
        </ViewHeading>
        <p>{t('revoked.text')}</p>
        {/* The contract names no address for making a code: the site's home page, never a guessed path (G15). */}
        <SitePageButton url={siteHomeUrl(row.origin)}>{t('revoked.openSite')}</SitePageButton>
      </div>
      <ConnectForm initialAddress={row.origin} />
    </section>
  );
}
