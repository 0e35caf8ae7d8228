import { useEffect, useId, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';
import { Message } from '@/components/common/Message';

/** The find shortcut's name in the manifest (wxt.config.ts commands). */
const FIND_COMMAND = 'find-selection';
const CHROME_SHORTCUTS = 'chrome://extensions/shortcuts';

interface Props {
  /** Firefox has no page an extension may open for shortcuts: the steps are explained instead. */
  firefox: boolean;
}

/** The keyboard shortcut that finds agents for the selection, and where the browser lets the member change it. */
export function ShortcutOption({ firefox }: Props) {
  const id = useId();
  const [shortcut, setShortcut] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    void browser.commands
      .getAll()
      .then((all) => setShortcut(all.find((c) => c.name === FIND_COMMAND)?.shortcut ?? ''))
      .catch(() => setShortcut(null));
  }, []);

  const open = async () => {
    setProblem(null);
    try {
      await browser.tabs.create({ url: CHROME_SHORTCUTS });
    } catch {
      setProblem(t('options.shortcut.openIt', { page: CHROME_SHORTCUTS }));
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>{t('options.shortcut.heading')}</h2>
      <p>
        <Message
          id="options.shortcut.line"
          parts={{
            shortcut:
              shortcut === null ? (
                t('options.shortcut.notKnown')
              ) : shortcut === '' ? (
                <strong>{t('options.shortcut.noneSet')}</strong>
              ) : (
                <kbd class="verbatim">{shortcut}</kbd>
              ),
          }}
        />
      </p>
      {firefox ? (
        <p>
          <Message id="options.shortcut.firefox" parts={{ page: <code class="verbatim">about:addons</code> }} />
        </p>
      ) : (
        <>
          <button type="button" class="secondary" onClick={() => void open()}>
            {t('options.shortcut.change')}
          </button>
          {problem ? (
            <p role="alert" class="error-text">
              {problem}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
