import { useId } from 'preact/hooks';
import { Message } from '@/components/common/Message';
import { useFindShortcut } from '@/components/common/useShortcut';
import { t } from '@/lib/i18n';

/**
 * The gesture in one picture: text selected on a page, its menu's "Find AI Agents for …", and the panel with
 * the agents found. Drawn in HTML and CSS from the theme's colours (light and dark follow, nothing is fetched);
 * the menu item is the menu's own words. The drawing is hidden from assistive technology: the caption under it
 * says the same in words and names the figure.
 */
export function GesturePicture() {
  const id = useId();
  const shortcut = useFindShortcut();
  // The menu shows the selection where the message has %s; the picture shows "…" there.
  const menuItem = t('background.menu').replace('%s', '…');
  return (
    // Named by its caption, said outright too: not every reader takes a figure's name from its figcaption.
    <figure class="gesture" aria-labelledby={`${id}-caption`}>
      <div class="gesture-art" aria-hidden="true">
        <div class="ga-window">
          <div class="ga-toolbar">
            <i />
            <i />
            <i />
            <span class="ga-address" />
          </div>
          <div class="ga-body">
            <div class="ga-page">
              <span class="ga-line ga-w90" />
              <span class="ga-line ga-w75" />
              <span class="ga-line ga-selection-line">
                <span class="ga-bar ga-w20" />
                <span class="ga-selected">
                  <span class="ga-bar" />
                </span>
                <span class="ga-bar ga-grow" />
              </span>
              <span class="ga-line ga-w85" />
              <span class="ga-line ga-w60" />
              <div class="ga-menu">
                <span class="ga-item">
                  <span class="ga-bar ga-w50" />
                </span>
                <span class="ga-item ga-item-chosen">
                  <span class="ga-logo" />
                  <span class="ga-item-words">{menuItem}</span>
                  <svg
                    class="ga-pointer"
                    viewBox="0 0 16 22"
                    width="13"
                    height="18"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path d="M1.5 1.5v16l4.2-4 2.9 6.6 2.7-1.2-2.9-6.5h5.9z" />
                  </svg>
                </span>
                <span class="ga-item">
                  <span class="ga-bar ga-w35" />
                </span>
              </div>
            </div>
            <div class="ga-panel">
              <div class="ga-panel-head">
                <span class="ga-logo" />
                <span class="ga-bar ga-w60" />
              </div>
              {[80, 55, 35].map((match) => (
                <div class="ga-card" key={match}>
                  <span class="ga-bar ga-strong ga-w70" />
                  <span class="ga-bar ga-w90" />
                  <span class={`ga-meter ga-meter-${match}`} />
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
      <figcaption id={`${id}-caption`}>
        {shortcut ? (
          <Message id="find.selectHintKey" parts={{ shortcut: <kbd class="verbatim">{shortcut}</kbd> }} />
        ) : (
          t('find.selectHint')
        )}{' '}
        {t('welcome.gestureOpens')}
      </figcaption>
    </figure>
  );
}
