// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Welcome } from '@/components/welcome/Welcome';

// Chrome's sidePanel is not in the fake browser (a test adds it); Firefox's sidebarAction is, without open().
const browserApis = fakeBrowser as unknown as { sidePanel?: unknown; sidebarAction: { open?: unknown } };
const sidebarOpen = browserApis.sidebarAction.open;

beforeEach(() => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser, {
    commands: { getAll: vi.fn(async () => [{ name: 'find-selection', shortcut: 'Alt+Shift+F' }]) },
  });
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 7 } as Awaited<
    ReturnType<typeof fakeBrowser.windows.getCurrent>
  >);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  delete browserApis.sidePanel;
  browserApis.sidebarAction.open = sidebarOpen;
});

describe('the first-run page’s button', () => {
  it('opens the side panel in this window, in the click itself, to connect there', async () => {
    const open = vi.fn(async () => undefined);
    browserApis.sidePanel = { open };
    render(<Welcome firefox={false} />);
    const button = screen.getByRole('button', { name: 'Open the side panel to connect' });
    await waitFor(() => expect(fakeBrowser.windows.getCurrent).toHaveBeenCalled());
    await Promise.resolve();
    fireEvent.click(button);
    // Called before any await: the browser opens the panel only within the member's gesture.
    expect(open).toHaveBeenCalledWith({ windowId: 7 });
    await Promise.resolve();
    expect(screen.queryByRole('status')).toBeNull();
    // The options stay one click away, but are not the page's main button.
    expect(screen.getAllByRole('button')[0]?.textContent).toBe('Open the side panel to connect');
    expect(screen.getByRole('button', { name: 'Open the options' }).className).toBe('secondary');
  });

  it('opens the sidebar in Firefox', () => {
    const open = vi.fn(async () => undefined);
    browserApis.sidebarAction.open = open;
    render(<Welcome firefox />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the sidebar to connect' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('points to the toolbar button when the browser does not open the panel', async () => {
    browserApis.sidebarAction.open = vi.fn(async () => Promise.reject(new Error('no gesture')));
    render(<Welcome firefox />);
    fireEvent.click(screen.getByRole('button', { name: 'Open the sidebar to connect' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Could not open the sidebar from this page: click the Agent Connection button in the toolbar.',
    );
  });
});
