import { formatAbsolute } from '@/lib/format/time';
import { backgroundStatusQuery } from '@/lib/db/panel-queries';
import { usePanelQuery } from './usePanelQuery';
import { t } from '@/lib/i18n';
import { useErrorText } from './error-text';

/** The background's own state: offline, paused by the site's pace, or its last error. What is shown stays. */
export function BackgroundBanner() {
  const status = usePanelQuery(backgroundStatusQuery, []);
  const row = status.value;
  const error = useErrorText(row?.error);
  if (!row) return null;
  if (row.offline) {
    return (
      <p role="status" class="notice">
        {t('common.offline')}
      </p>
    );
  }
  if (row.pausedUntil !== null && row.pausedUntil > Date.now()) {
    return (
      <p role="status" class="notice">
        {t('common.paused', { time: formatAbsolute(new Date(row.pausedUntil).toISOString()) })}
      </p>
    );
  }
  if (row.error) {
    return (
      <p role="status" class="notice">
        {error}
      </p>
    );
  }
  return null;
}
