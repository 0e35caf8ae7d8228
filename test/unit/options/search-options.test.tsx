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

describe('Recent searches option', () => {
  it('is on by default, says what it keeps, and turns off', async () => {
    const { actions, sent } = fakeActions();
    renderPanel(<OptionsPage firefox={false} />, actions, null);
    const box = (await screen.findByRole('checkbox', { name: 'Remember my recent searches' })) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByRole('region', { name: 'Recent searches' }).textContent).toContain(
      'clearing saved data or turning this off deletes them',
    );
    fireEvent.click(box);
    expect(sent.at(-1)).toEqual({ name: 'setSettings', payload: { rememberSearches: false } });
    await db.settings.put({ key: 'rememberSearches', value: false });
    await waitFor(() =>
      expect((screen.getByRole('checkbox', { name: 'Remember my recent searches' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
  });
});
