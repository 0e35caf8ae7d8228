import { t } from '@/lib/i18n';
import { submitKeyWords, useFindShortcut } from './useShortcut';

interface Props {
  /** Lists the find shortcut too (the welcome page says it in its own card, with how to change it). */
  withFind: boolean;
}

/** The panel's keys and what each does: one list for the welcome page and the Connection view. */
export function ShortcutList({ withFind }: Props) {
  const find = useFindShortcut(withFind);
  return (
    <dl class="facts shortcut-list">
      <dt>
        <kbd>{submitKeyWords().words}</kbd>
      </dt>
      <dd>{t('keys.submitWhat')}</dd>
      <dt>
        <kbd>{t('keys.escape')}</kbd>
      </dt>
      <dd>{t('keys.backWhat')}</dd>
      {withFind ? (
        <>
          <dt>
            {find === null ? (
              t('options.shortcut.notKnown')
            ) : find === '' ? (
              t('options.shortcut.noneSet')
            ) : (
              <kbd class="verbatim">{find}</kbd>
            )}
          </dt>
          <dd>{t('ext.commandFind')}</dd>
        </>
      ) : null}
      <dt>
        <kbd>{t('keys.tabKeys')}</kbd>
      </dt>
      <dd>{t('keys.tabWhat')}</dd>
      <dt>
        <kbd>{t('keys.arrowKeys')}</kbd>
      </dt>
      <dd>{t('keys.arrowWhat')}</dd>
    </dl>
  );
}
