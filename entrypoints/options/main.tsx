import { render } from 'preact';
import { ActionsContext } from '@/components/common/actions';
import { browserActions } from '@/components/common/browser-actions';
import { provideErrorWords } from '@/components/common/error-text';
import { OptionsPage } from '@/components/options/OptionsPage';
import '@/components/style.css';
import { t } from '@/lib/i18n';
import { localizePage } from '@/lib/i18n/page';
import { memberErrorWords } from '@/lib/words/errors';

localizePage(t('pages.options'));
// This page has no first-screen budget: its errors are worded at once, and the panel's shared chunks keep the
// words' helpers (format, secrets, switches) beside the panel's own instead of in a chunk of their own.
provideErrorWords(memberErrorWords);
const root = document.getElementById('app');
if (root) {
  render(
    <ActionsContext.Provider value={browserActions}>
      <OptionsPage firefox={import.meta.env.FIREFOX === true} />
    </ActionsContext.Provider>,
    root,
  );
}
