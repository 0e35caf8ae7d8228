import type { MemberError } from '@/lib/db/member-error';
import { getCall } from '@/lib/db/queries';
import { formatCents } from '@/lib/format/money';
import { ErrorNotice } from '@/components/common/ErrorNotice';
import { useLiveQuery } from '@/components/common/useLiveQuery';
import { t } from '@/lib/i18n';
import { MoneyBlock } from './MoneyBlock';
import type { CallCheck } from './useCallCheck';

/** A preview that could not be read: the start waits, and the member can read it again. */
export function CheckFailed({ error, onRetry }: { error: MemberError; onRetry: () => void }) {
  return (
    <div class="check-failed">
      <ErrorNotice error={error} title={t('money.couldNotCheck')} />
      <button type="button" class="secondary" onClick={onRetry}>
        {t('money.tryAgain')}
      </button>
    </div>
  );
}

/**
 * What a start from a session shows before its button works: the money block read for what is on screen,
 * "Reading the preview…" while it is read, the failed read with a retry; under a scoped key, that the limit
 * comes with the start.
 */
export function CallCheckView({ check }: { check: CallCheck }) {
  if (check.scoped) {
    return (
      <p class="muted" role="note">
        {t('money.scopedNoPreview')}
      </p>
    );
  }
  const { read } = check;
  return (
    <>
      {read.loading && !read.preview ? <p role="status">{t('preview.reading')}</p> : null}
      {read.error ? <CheckFailed error={read.error} onRetry={read.again} /> : null}
      {read.preview ? <MoneyBlock preview={read.preview} /> : null}
    </>
  );
}

/**
 * Under a scoped key, after the start: the limit the 202 answered (the row's holdCents), said as the site's
 * answer to the start, since this key had no preview before it.
 */
export function StartedHold({ localId }: { localId: string }) {
  const row = useLiveQuery(async (db) => (await getCall(db, localId)) ?? null, [localId]);
  const hold = row.value?.holdCents ?? null;
  if (hold === null) return null;
  return (
    <p class="muted" role="status">
      {t('money.scopedHeld', { limit: formatCents(hold) })}
    </p>
  );
}
