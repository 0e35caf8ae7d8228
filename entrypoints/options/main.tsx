import { render } from 'preact';
import { ActionsContext } from '@/components/common/actions';
import { browserActions } from '@/components/common/browser-actions';
import { OptionsPage } from '@/components/options/OptionsPage';
import '@/components/style.css';
import { t } from '@/lib/i18n';
import { localizePage } from '@/lib/i18n/page';

localizePage(t('pages.options'));
const root = document.getElementById('app');
if (root) {
  render(
    <ActionsContext.Provider value={browserActions}>
      <OptionsPage firefox={import.meta.env.FIREFOX === true} />
    </ActionsContext.Provider>,
    root,
  );
}
