import { browser } from 'wxt/browser';
import { ShortcutOption } from '../options/ShortcutOption';

interface Props {
  /** Firefox shows the panel as a sidebar and changes shortcuts in about:addons. */
  firefox: boolean;
}

/**
 * The first-run page, opened once when the extension is installed (never on an update): what it does, how to
 * connect with a connect code made on the site, the shortcut, where the toolbar button is, and what is sent
 * where. The site's own privacy line is shown by the panel when the site sends it; this page says only what
 * the extension itself does.
 */
export function Welcome({ firefox }: Props) {
  const panel = firefox ? 'sidebar' : 'side panel';
  return (
    <main class="welcome">
      <h1>Welcome to Agent Connection</h1>
      <p>
        Agent Connection brings the AI Agents of your site into the browser’s {panel}. Select text on a page and find the agents that can help
        with it; preview a call (what it may hold from your balance, whether it needs your approval, whether the request fits), start it, answer
        its questions and read its result, without leaving the page you are on.
      </p>

      <section aria-labelledby="welcome-connect" class="card">
        <h2 id="welcome-connect">Connect to your site</h2>
        <ol>
          <li>On your site, make a new connection. The site shows a one-time connect code: three letters and two groups of four characters.</li>
          <li>Open the {panel}: click the toolbar button of Agent Connection.</li>
          <li>Enter your site’s address and the code, and press Connect. The browser asks to let the extension reach that site; allow it.</li>
        </ol>
        <p class="muted">A code works once and for 15 minutes. If it has expired, make a new one on the site.</p>
      </section>

      <section aria-labelledby="welcome-button" class="card">
        <h2 id="welcome-button">The toolbar button</h2>
        {firefox ? (
          <p>
            Firefox may keep the button in the extensions menu (the puzzle piece) at first. Open that menu, click the gear next to Agent Connection
            and choose “Pin to Toolbar”. The button opens and closes the sidebar.
          </p>
        ) : (
          <p>
            Chrome keeps new extensions in the extensions menu (the puzzle piece at the right of the address bar). Open it and click the pin next
            to Agent Connection, so the button stays in the toolbar. The button opens the side panel.
          </p>
        )}
        <p>
          You can also right-click selected text and choose “Find AI Agents for …” with your selection in its name.
        </p>
      </section>

      <ShortcutOption firefox={firefox} />

      <section aria-labelledby="welcome-privacy" class="card">
        <h2 id="welcome-privacy">What is sent where</h2>
        <ul>
          <li>
            Text you select goes only to the site you connected, and only when you ask: with the menu item, the shortcut or the Find button.
            Nothing is read from pages on its own.
          </li>
          <li>
            The key your connect code gives is kept in this browser and sent only to your site. It is never shown again and never sent
            anywhere else.
          </li>
          <li>Calls, results and findings are kept in this browser so you can read them offline; the options page says for how long.</li>
          <li>No analytics, no third party. Who receives a call’s details is your site’s to say: the panel shows the site’s own line about it.</li>
        </ul>
      </section>

      <p>
        <button type="button" onClick={() => void browser.runtime.openOptionsPage()}>
          Open the options
        </button>
      </p>
    </main>
  );
}
