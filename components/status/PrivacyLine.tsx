import { useState } from 'preact/hooks';
import type { ConnectionRow } from '@/lib/db/tables/connection';
import { t } from '@/lib/i18n';
import { Disclosure } from '@/components/common/Disclosure';
import { SiteQuote } from '@/components/common/SiteText';
import { privacyLineOf } from './useFirstStep';

/**
 * Who receives a call's details, as the site states it, one click away under the member's own question: the
 * step after connecting and the first preview showed it in full, so the connection's figures lead here.
 */
export function PrivacyLine({ row }: { row: ConnectionRow }) {
  const [open, setOpen] = useState(false);
  const line = privacyLineOf(row);
  if (!line) return null;
  return (
    <Disclosure label={t('status.privacyHeading')} open={open} onToggle={setOpen}>
      <SiteQuote text={line} />
    </Disclosure>
  );
}
