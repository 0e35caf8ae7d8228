import { useEffect, useId, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

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
      setProblem(`Open ${CHROME_SHORTCUTS} in the address bar.`);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} class="card">
      <h2 id={`${id}-title`}>Keyboard shortcut</h2>
      <p>
        Find AI Agents for the selected text:{' '}
        {shortcut === null ? 'not known' : shortcut === '' ? <strong>no shortcut set</strong> : <kbd>{shortcut}</kbd>}
      </p>
      {firefox ? (
        <p>
          To change it in Firefox, open <code>about:addons</code>, click the gear button, choose “Manage Extension Shortcuts”, and set the
          shortcut for Agent Connection.
        </p>
      ) : (
        <>
          <button type="button" class="secondary" onClick={() => void open()}>
            Change the shortcut in the browser
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
