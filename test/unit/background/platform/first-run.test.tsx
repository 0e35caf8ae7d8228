// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Welcome } from '@/components/welcome/Welcome';
import { openFirstRunPage, WELCOME_PATH } from '@/entrypoints/background/platform/first-run';

beforeEach(() => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser, {
    commands: { getAll: vi.fn(async () => [{ name: 'find-selection', shortcut: 'Alt+Shift+F' }]) },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the first-run page', () => {
  it('opens once, on install only: never on an update of the extension or of the browser', async () => {
    const welcomeTabs = async () =>
      (await fakeBrowser.tabs.query({})).filter((t) => t.url && new URL(t.url).pathname === WELCOME_PATH);
    for (const reason of ['update', 'chrome_update', 'browser_update', 'shared_module_update'])
      expect(await openFirstRunPage(reason)).toBe(false);
    expect(await welcomeTabs()).toEqual([]);
    expect(await openFirstRunPage('install')).toBe(true);
    expect(await welcomeTabs()).toHaveLength(1);
    // Loaded again from its folder, the browser says "install" again while the extension's storage stays.
    expect(await openFirstRunPage('install')).toBe(false);
    expect(await welcomeTabs()).toHaveLength(1);
  });

  it('opens on install even when a full disk refuses its mark', async () => {
    vi.spyOn(fakeBrowser.storage.local, 'set').mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    expect(await openFirstRunPage('install')).toBe(true);
    expect(
      (await fakeBrowser.tabs.query({})).filter((t) => t.url && new URL(t.url).pathname === WELCOME_PATH),
    ).toHaveLength(1);
  });

  it('says what the extension does, how to connect, where the button is, the shortcut and what is sent where', () => {
    render(<Welcome firefox={false} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Welcome to Agent Connection',
      'Connect to your site',
      'The toolbar button',
      'What is sent where',
    ]);
    // The panel's keys, folded after them.
    expect(screen.getByText('Keys for calls and sessions', { selector: 'details > summary' })).toBeTruthy();
    // The shortcut is said once, in the picture's caption; changing it is the options page's (issue 56).
    expect(screen.getByRole('figure').textContent).toMatch(/right-click it and choose/);
    expect(screen.getByText(/Selected text goes only to your site, and only when you ask/)).toBeTruthy();
    expect(screen.getByText(/click the pin next to Agent Connection/)).toBeTruthy();
  });

  it("speaks of Firefox's toolbar in Firefox", () => {
    render(<Welcome firefox />);
    expect(screen.getByText(/Pin to Toolbar/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change the shortcut in the browser' })).toBeNull();
  });
});
