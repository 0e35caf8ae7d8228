import { type FindingsAvailability, unavailableWords } from '@/lib/findings/availability';
import { t } from '@/lib/i18n';

interface Props {
  why: Exclude<FindingsAvailability, { available: true }>['why'];
  /** Opens the member's connection page on the site, where the findings choice is set. */
  onOpenConnectionPage?: () => void;
}

/** Why there are no findings to show, and where the member sets the choice. */
export function FindingsUnavailable({ why, onOpenConnectionPage }: Props) {
  const words = unavailableWords(why);
  return (
    <div class="notice" role="status">
      <p>{words.reason}</p>
      <p>{words.where}</p>
      {words.canChange && onOpenConnectionPage ? (
        <button type="button" class="secondary" onClick={onOpenConnectionPage}>
          {t('share.openConnectionPage')}
        </button>
      ) : null}
    </div>
  );
}
