import { render } from 'preact';
import { App } from '@/components/App';
import { ActionsContext } from '@/components/common/actions';
import { browserActions } from '@/components/common/browser-actions';
import '@/components/style.css';
import { t } from '@/lib/i18n';
import { localizePage } from '@/lib/i18n/page';

localizePage(t('pages.panel'));
const root = document.getElementById('app');
if (root) {
  render(
    <ActionsContext.Provider value={browserActions}>
      <App />
    </ActionsContext.Provider>,
    root,
  );
}
