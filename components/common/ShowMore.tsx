import { t } from '@/lib/i18n';

/** The button under a paged list that shows its next page, when more are cached than shown. */
export function ShowMore({ more, count, onMore }: { more: boolean | undefined; count: number; onMore: () => void }) {
  return more ? (
    <button type="button" class="secondary" onClick={onMore}>
      {t('common.showCountMore', { count })}
    </button>
  ) : null;
}
