// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { readFileSync } from 'node:fs';
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

describe('the first-run page’s steps (issue 56)', () => {
  it('says what it costs, then the steps in the order they are taken, the button to open the panel after them', () => {
    render(<Welcome firefox={false} />);
    expect(
      screen.getByText(
        'Searching for agents is free. Before a call starts you see the most it can hold, and it is charged only for what it uses.',
      ),
    ).toBeTruthy();
    const steps = screen.getByRole('region', { name: 'Connect to your site' });
    const items = within(steps).getAllByRole('listitem');
    expect(items[0]?.textContent).toMatch(/^On your site, make a new connection/);
    expect(items[1]?.textContent).toMatch(/with the button below/);
    const button = within(steps).getByRole('button', { name: 'Open the side panel to connect' });
    // After the steps in the page's order: the code is made on the site before the panel is opened.
    const list = within(steps).getByRole('list');
    expect(list.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the first-run page’s picture of the gesture (issue 56)', () => {
  it('is a figure named by its caption, which says the gesture and the shortcut in words', async () => {
    render(<Welcome firefox={false} />);
    const figure = await screen.findByRole('figure', {
      // (The test library's name puts a space after the key cap; a browser's does not.)
      name: /^Select text on a page, right-click it and choose “Find AI Agents for …”, or press Alt\+Shift\+F ?\. Agent Connection opens beside the page/,
    });
    // The drawing is hidden from assistive technology: the caption is its text alternative.
    const art = figure.querySelector('.gesture-art');
    expect(art?.getAttribute('aria-hidden')).toBe('true');
    // The menu item drawn is the menu's own words, with "…" for the selection.
    expect(art?.textContent).toBe('Find AI Agents for “…”');
    expect(figure.querySelectorAll('img, image, [src], [href]')).toHaveLength(0);
    expect((await screen.findByText('Alt+Shift+F')).tagName).toBe('KBD');
  });

  it('keeps what is sent where on the page', () => {
    render(<Welcome firefox />);
    const privacy = screen.getByRole('region', { name: 'What is sent where' });
    expect(within(privacy).getAllByRole('listitem')).toHaveLength(2);
  });

  it('draws its keys at the body’s size, in the text’s colour', () => {
    const css = readFileSync('components/style.css', 'utf8');
    const rule = /\.welcome kbd\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/font:\s*inherit/);
    expect(rule).not.toMatch(/font-size/);
    expect(rule).toMatch(/color:\s*var\(--fg\)/);
  });
});
