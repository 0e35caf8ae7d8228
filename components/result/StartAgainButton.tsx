import type { CallRow } from '@/lib/db/tables/calls';
import { t } from '@/lib/i18n';

/**
 * "Edit and start again": the call's request in the preview, as a new call (App's draftFromCall gives it a new
 * intent, so a new row and a new key); one wording and one way for a refused, declined, failed or stopped call.
 */
export function StartAgainButton({ call, onEdit }: { call: CallRow; onEdit: (call: CallRow) => void }) {
  return (
    <button type="button" class="secondary" onClick={() => onEdit(call)}>
      {t('call.startAgain')}
    </button>
  );
}
