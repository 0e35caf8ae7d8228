import { render } from 'preact';
import { App } from '@/components/App';
import { ActionsContext } from '@/components/common/actions';
import { browserActions } from '@/components/common/browser-actions';
import '@/components/style.css';

const root = document.getElementById('app');
if (root) {
  render(
    <ActionsContext.Provider value={browserActions}>
      <App />
    </ActionsContext.Provider>,
    root,
  );
}
