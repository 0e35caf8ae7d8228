import type { ConnectionRow } from '@/lib/db/types';
import { useActions } from '@/components/common/actions';
import { t } from '@/lib/i18n';
import { SiteText } from '@/components/common/SiteText';

/** Who receives a call's details: prominent until the member has seen it once, then a quiet line. */
export function PrivacyLine({ row }: { row: ConnectionRow }) {
  const actions = useActions();
  const line = row.privacyLine ?? row.me?.privacyLine ?? null;
  if (!line) return null;
  if (!row.privacyLineShown) {
    return (
      <section class="notice notice-important" aria-labelledby="privacy-title">
        <h2 id="privacy-title">{t('status.privacyHeading')}</h2>
        <p>
          <SiteText text={line} />
        </p>
        <button type="button" onClick={() => void actions.send('markPrivacyLineShown', {})}>
          {t('status.readThis')}
        </button>
      </section>
    );
  }
  return (
    <p class="muted privacy">
      <strong>{t('status.privacy')}</strong> <SiteText text={line} />
    </p>
  );
}
