import { browser } from 'wxt/browser';
import { ShortcutList } from '@/components/common/ShortcutList';
import { t } from '@/lib/i18n';
import { GesturePicture } from './GesturePicture';
import { useOpenPanel } from './useOpenPanel';

interface Props {
  /** Firefox shows the panel as a sidebar and changes shortcuts in about:addons. */
  firefox: boolean;
}

/**
 * The first-run page, opened once when the extension is installed (never on an update): what it does and a
 * picture of the gesture (with the shortcut in its caption), what it costs, the steps to connect with a code
 * made on the site and, after them, a button that opens the panel there, the toolbar button, what is sent where
 * and, folded, the panel's keys, on one screen. Changing the shortcut is in the options, one button away. The
 * site's own privacy line is shown by the panel when the site sends it; this page says only what the extension
 * itself does.
 */
export function Welcome({ firefox }: Props) {
  const panel = firefox ? t('welcome.sidebar') : t('welcome.sidePanel');
  const { open, failed } = useOpenPanel();
  return (
    <main class="welcome">
      <h1>{t('pages.welcome')}</h1>
      <p>{t('welcome.intro', { panel })}</p>
      <GesturePicture />
      <p>{t('welcome.cost')}</p>

      <div class="welcome-grid">
        <div>
          {/* The steps in the order they are taken: the code is made on the site first, then the panel opens. */}
          <section aria-labelledby="welcome-connect" class="card">
            <h2 id="welcome-connect">{t('connect.heading')}</h2>
            <ol>
              <li>{t('welcome.step1')}</li>
              <li>{t('welcome.step2', { panel })}</li>
              <li>{t('welcome.step3')}</li>
            </ol>
            <p class="row">
              <button type="button" onClick={open}>
                {t('welcome.openPanel', { panel })}
              </button>
              <button type="button" class="secondary" onClick={() => void browser.runtime.openOptionsPage()}>
                {t('welcome.openOptions')}
              </button>
            </p>
            {failed ? (
              <p role="status" class="notice">
                {t('welcome.openFailed', { panel })}
              </p>
            ) : null}
          </section>

          <section aria-labelledby="welcome-button" class="card">
            <h2 id="welcome-button">{t('welcome.buttonHeading')}</h2>
            <p>{firefox ? t('welcome.buttonFirefox') : t('welcome.buttonChrome')}</p>
          </section>
        </div>
        <div>
          <section aria-labelledby="welcome-privacy" class="card">
            <h2 id="welcome-privacy">{t('welcome.privacyHeading')}</h2>
            <ul>
              <li>{t('welcome.privacy1')}</li>
              <li>{t('welcome.privacy2')}</li>
            </ul>
          </section>

          {/* The panel's keys, folded: the panel's own buttons say them too, and the page's steps come first. */}
          <details class="card">
            <summary>{t('keys.inPanel')}</summary>
            <ShortcutList withFind={false} />
          </details>
        </div>
      </div>
    </main>
  );
}
