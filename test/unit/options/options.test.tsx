// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OptionsPage } from '@/components/options/OptionsPage';
import { db } from '@/lib/db';
import { fakeActions, makeConnectionRow } from '@/test/unit/components/fixtures';
import { renderPanel } from '@/test/unit/components/render-panel';

beforeEach(async () => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser, {
    commands: { getAll: vi.fn(async () => [{ name: 'find-selection', shortcut: 'Alt+Shift+F' }]) },
  });
  await Promise.all(db.tables.map((t) => t.clear()));
  await db.connection.put(makeConnectionRow());
});
afterEach(cleanup);

describe('OptionsPage', () => {
  it('shows the site, and changes which events notify and the reminder', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<OptionsPage firefox={false} />, actions, null);
    await screen.findByText('http://127.0.0.1:8787');
    fireEvent.click(await screen.findByRole('checkbox', { name: /^A call ended/ }));
    expect(sent[0]).toEqual({
      name: 'setSettings',
      payload: { notify: { callFinished: false, approvals: true, findingsSignOff: true, findingsReminder: true } },
    });
    fireEvent.change(screen.getByLabelText(/Remind me this many days/), { target: { value: '7' } });
    expect(sent[1]).toEqual({ name: 'setSettings', payload: { reminderDaysBefore: 7 } });
  });

  it('has a quiet switch that holds every notification', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<OptionsPage firefox={false} />, actions, null);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Quiet: show no notifications' }));
    expect(sent.at(-1)).toEqual({ name: 'setSettings', payload: { quiet: true } });
    await db.settings.put({ key: 'quiet', value: true });
    await waitFor(() =>
      expect((screen.getByRole('group', { name: 'Tell me when' }) as HTMLFieldSetElement).disabled).toBe(true),
    );
  });

  it('offers to keep the key only until the browser closes, off by default, and shows the stored choice', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<OptionsPage firefox={false} />, actions, null);
    const box = (await screen.findByRole('checkbox', {
      name: 'Keep the key only until the browser closes',
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(sent.at(-1)).toEqual({ name: 'setSettings', payload: { keyUntilBrowserCloses: true } });
    await db.settings.put({ key: 'keyUntilBrowserCloses', value: true });
    await waitFor(() =>
      expect(
        (screen.getByRole('checkbox', { name: 'Keep the key only until the browser closes' }) as HTMLInputElement)
          .checked,
      ).toBe(true),
    );
  });

  it('shows the cache limit in words, refuses a bad limit, and clears only after confirming', async () => {
    const { actions, sent } = fakeActions({ clearCache: () => ({ ok: true, value: { removed: 12 } }) });
    renderPanel(<OptionsPage firefox={false} />, actions, null);
    await screen.findByText(/Saved results older than 180 days or beyond the newest 10,000 calls are removed/);
    fireEvent.input(screen.getByLabelText(/Remove results older than/), { target: { value: 'soon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the limit' }));
    await screen.findByText(/Enter a whole number from 1/);
    fireEvent.input(screen.getByLabelText(/Remove results older than/), { target: { value: '30' } });
    fireEvent.input(screen.getByLabelText(/Keep at most/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the limit' }));
    expect(sent.at(-1)).toEqual({ name: 'setSettings', payload: { retention: { maxAgeDays: 30, maxCount: null } } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear saved data…' }));
    expect(sent.some((s) => s.name === 'clearCache')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, clear it' }));
    await screen.findByText('Cleared 12 saved items.');
  });

  it('disconnects after confirming', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<OptionsPage firefox={false} />, actions, null);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, disconnect' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'disconnect', payload: {} }]));
  });

  it('opens the browser’s shortcut page on Chrome, and explains the steps on Firefox', async () => {
    const created = vi.spyOn(fakeBrowser.tabs, 'create');
    renderPanel(<OptionsPage firefox={false} />, fakeActions().actions, null);
    await screen.findByText('Alt+Shift+F');
    fireEvent.click(screen.getByRole('button', { name: 'Change the shortcut in the browser' }));
    await waitFor(() => expect(created).toHaveBeenCalledWith({ url: 'chrome://extensions/shortcuts' }));
    cleanup();
    renderPanel(<OptionsPage firefox />, fakeActions().actions, null);
    await screen.findByText(/Manage Extension Shortcuts/);
    expect(screen.queryByRole('button', { name: 'Change the shortcut in the browser' })).toBeNull();
  });
});

describe('OptionsPage privacy', () => {
  it('links to the privacy policy page inside the extension', async () => {
    renderPanel(<OptionsPage firefox={false} />, fakeActions().actions, null);
    const link = await screen.findByRole('link', { name: /^Privacy policy/ });
    expect(new URL(link.getAttribute('href') ?? '').pathname).toBe('/privacy.html');
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
