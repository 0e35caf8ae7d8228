import type { ConnectionRow } from '@/lib/db/tables/connection';
import { t } from '@/lib/i18n';
import { SiteText } from '@/components/common/SiteText';
import { privacyLineOf } from './useFirstStep';

/** Who receives a call's details, as the site states it: a quiet line (the first step showed it prominently). */
export function PrivacyLine({ row }: { row: ConnectionRow }) {
  const line = privacyLineOf(row);
  if (!line) return null;
  return (
    <p class="muted privacy">
      <strong>{t('preview.privacy')}</strong> <SiteText text={line} />
    </p>
  );
}
