// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen } from '@testing-library/preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@/components/App';
import { OptionsPage } from '@/components/options/OptionsPage';
import type { PanelActions } from '@/components/common/actions';
import { AppDb, DB_NAME, DB_VERSIONS, db } from '@/lib/db';
import { REHEARSAL_VERSION } from '@/lib/db/e2e/rehearsal';
import { STORAGE_FULL_SESSION_KEY } from '@/lib/protocol/handoffs';
import { fakeActions, makeConnectionRow } from './fixtures';
import { renderPanel } from './render-panel';

beforeEach(async () => {
  fakeBrowser.reset();
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterEach(cleanup);

// The App provides the site's context itself, once connected.
const renderApp = (actions: PanelActions = fakeActions().actions) => renderPanel(<App />, actions, null);

describe('the panel when the browser’s storage is in the way', () => {
  it('says the storage is full, with what to do, and frees space on the member’s click', async () => {
    await db.connection.put(makeConnectionRow());
    await fakeBrowser.storage.session.set({ [STORAGE_FULL_SESSION_KEY]: { since: 1, lastAt: 2 } });
    const { actions, sent } = fakeActions({ freeSpace: () => ({ ok: true, value: { removed: 3 } }) });
    renderApp(actions);
    const banner = await screen.findByRole('region', { name: 'Storage full' });
    expect(banner.textContent).toContain('Calls keep running on the site');
    expect(screen.getByRole('heading', { name: 'Find AI Agents' })).toBeTruthy();
    expect(sent.map((s) => s.name)).not.toContain('freeSpace');
    fireEvent.click(screen.getByRole('button', { name: 'Free space now' }));
    await screen.findByText('Removed 3 old saved items.');
    expect(sent.map((s) => s.name)).toContain('freeSpace');
    // Room again: the background removes the flag and the warning goes; the result of the click stays.
    await fakeBrowser.storage.session.remove(STORAGE_FULL_SESSION_KEY);
    await expect.poll(() => screen.queryByRole('button', { name: 'Free space now' })).toBeNull();
  });

  it('shows no warning while the storage has room', async () => {
    await db.connection.put(makeConnectionRow());
    renderApp();
    await screen.findByRole('heading', { name: 'Find AI Agents' });
    expect(screen.queryByRole('region', { name: 'Storage full' })).toBeNull();
  });

  it('an older build over a newer database says so instead of a blank panel or a connect form', async () => {
    await db.connection.put(makeConnectionRow());
    db.close({ disableAutoOpen: false });
    const newer = new AppDb(DB_NAME, [...DB_VERSIONS, REHEARSAL_VERSION]);
    await newer.open();
    newer.close();
    renderApp();
    await screen.findByRole('heading', { name: 'Saved by a newer version' });
    expect(screen.getByRole('alert').textContent).toContain('Update the extension');
    expect(screen.queryByRole('heading', { name: 'Connect to your site' })).toBeNull();
    // The options page too: not a page of settings that can be neither read nor saved.
    cleanup();
    Object.assign(fakeBrowser, { commands: { getAll: async () => [] } });
    renderPanel(<OptionsPage firefox={false} />, fakeActions().actions, null);
    await screen.findByRole('heading', { name: 'Saved by a newer version' });
  });
});
