import type { ConnectionRow } from '@/lib/db/types';
import { siteHomeUrl } from '@/lib/safety/urls';
import { SitePageButton } from '../common/SitePageButton';
import { ConnectForm } from './ConnectForm';
import { ViewHeading } from '../common/ViewHeading';

/** The member revoked the connection on the site: the key is gone, the history stays, a new code is needed. */
export function RevokedView({ row }: { row: ConnectionRow }) {
  return (
    <section aria-labelledby="revoked-title">
      <div role="alert" class="notice notice-error">
        <ViewHeading id="revoked-title">Connection “{row.name}” was revoked</ViewHeading>
        <p>
          It was revoked on the site, so the extension forgot its key and stopped asking the site anything. Your calls
          and results stay here. To go on, make a new connect code on the site and enter it below.
        </p>
        {/* The contract names no address for making a code: the site's home page, never a guessed path (G15). */}
        <SitePageButton url={siteHomeUrl(row.origin)}>Open the site to make a new connect code</SitePageButton>
      </div>
      <ConnectForm initialAddress={row.origin} />
    </section>
  );
}
