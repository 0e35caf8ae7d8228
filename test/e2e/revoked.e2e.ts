/**
 * A key revoked on the site (control API): the next request answers 401 key_revoked, the panel asks for a
 * new connect code, the key is gone from storage, nothing is asked any more, and the history stays: after
 * connecting with a new code the earlier call and its result are still there.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { LoadedExtension } from './browser';
import {
  closePanelWithEmulator,
  connectPanel,
  findInPanel,
  GUILD_HEADER,
  openPanelWithEmulator,
  openPreview,
  startCall,
  type TestEmulator,
  WAIT_MS,
  waitForResult,
} from './harness';

let emu: TestEmulator;
let ext: LoadedExtension;
let panel: Page;

beforeAll(async () => {
  ({ emu, ext, panel } = await openPanelWithEmulator());
});

afterAll(() => closePanelWithEmulator({ emu, ext }));

interface StorageChrome {
  chrome: {
    storage: { local: { get(keys: null): Promise<Record<string, unknown>> } };
    alarms: { getAll(): Promise<{ name: string }[]> };
  };
}

test('a revoked key: the panel asks for a new connect code and the history stays', async () => {
  const made = await emu.control.connectCode({ name: 'Revoked browser' });
  await connectPanel(panel, emu.url, made.code);
  await findInPanel(panel, 'slow postgres queries');
  await openPreview(panel, { agentName: 'Postgres Tuning Guild', kind: 'question', text: 'Is VACUUM FULL safe at noon?' });
  await startCall(panel);
  await waitForResult(panel, 'Passed its checks (charged)');

  await emu.control.revoke(made.connectionId);
  // The member's next find meets the revoked key.
  await panel.getByRole('button', { name: 'Find', exact: true }).click();
  await panel.getByLabel('What do you need?').fill('postgres replication lag');
  await panel.getByRole('button', { name: 'Find agents' }).click();
  const alert = panel.getByRole('alert').filter({ has: panel.getByRole('heading', { name: 'Connection “Revoked browser” was revoked' }) });
  await alert.waitFor({ timeout: WAIT_MS });
  expect(await panel.getByLabel('Site address').inputValue()).toBe(emu.url);
  expect(await panel.getByLabel('Connect code').inputValue()).toBe('');
  expect((await emu.control.requests('/api/v1/find')).map((r) => r.status)).toEqual([200, 401]);

  // The key is wiped and nothing waits to ask the site anything.
  const left = await ext.serviceWorker.evaluate(async () => {
    const { chrome } = self as unknown as StorageChrome;
    return { stored: JSON.stringify(await chrome.storage.local.get(null)), alarms: (await chrome.alarms.getAll()).map((a) => a.name) };
  });
  expect(left.stored).not.toMatch(/gpc_/);
  expect(left.alarms.filter((name) => name.endsWith('.wake'))).toEqual([]);

  // A new code: the same panel, the earlier call still listed with its result.
  const again = await emu.control.connectCode({ name: 'Revoked browser, again' });
  await connectPanel(panel, emu.url, again.code);
  await panel.getByRole('button', { name: 'Calls', exact: true }).click();
  const listed = panel.getByRole('list', { name: 'Calls' }).getByRole('button', { name: /Passed its checks/ });
  await listed.first().waitFor({ timeout: WAIT_MS });
  expect(await listed.count()).toBe(1);
  await listed.click();
  const result = await waitForResult(panel, 'Passed its checks (charged)');
  expect(await result.locator(':scope > *').first().textContent()).toBe(GUILD_HEADER);
  expect(await result.getByRole('region', { name: 'Note' }).textContent()).toContain('Asked: Is VACUUM FULL safe at noon?');
});
