/**
 * "Keep the key only until the browser closes", in Chromium and Firefox: the option moves the key from
 * storage.local to storage.session (never both), and once the browser has closed (storage.session emptied)
 * the panel says why and asks for a new connect code, with the calls made before still listed.
 */
import { expect, test } from 'vitest';
import type { PageDriver } from '@/testing/browser/driver';
import { describeInEachBrowser } from './each-browser';
import {
  connect,
  findTyped,
  POSTGRES as AGENT,
  previewQuestion,
  readPrivacyLine,
  startAndWaitForResult,
} from '@/testing/steps';

const KEY_ENTRY = 'background.connectionKey';

interface AreaGlobal {
  storage: Record<'local' | 'session', { get(keys: null): Promise<Record<string, unknown>>; clear(): Promise<void> }>;
}

/** Which entries each storage area holds (names only: the key's value is never read out). */
function storedEntries(page: PageDriver): Promise<{ local: string[]; session: string[] }> {
  return page.evaluate(async () => {
    const g = globalThis as unknown as { browser?: AreaGlobal; chrome?: AreaGlobal };
    const api = (g.browser ?? g.chrome) as AreaGlobal;
    return {
      local: Object.keys(await api.storage.local.get(null)),
      session: Object.keys(await api.storage.session.get(null)),
    };
  }, null);
}

describeInEachBrowser(
  'the key kept only until the browser closes,',
  (rig) => {
    test('the option moves the key to memory; after the browser closed, a new code is asked for and the history stays', async () => {
      const made = await rig.emu.control.connectCode({ name: `Key ${rig.name}` });
      await connect(rig.panel, rig.w, rig.emu.url, made.code);
      await rig.panel.waitForText(rig.emu.raw.world.seed.site.privacyLine);
      await readPrivacyLine(rig.panel, rig.w);
      await findTyped(rig.panel, rig.w, 'slow postgres queries', AGENT);
      await previewQuestion(rig.panel, rig.w, AGENT, 'Which index helps a LIKE prefix search?');
      await startAndWaitForResult(rig.panel, rig.w);
      expect((await storedEntries(rig.panel)).local).toContain(KEY_ENTRY);

      const options = await rig.browser.openOptions();
      await options.click('checkbox', 'Keep the key only until the browser closes');
      const deadline = Date.now() + 10_000;
      let entries = await storedEntries(rig.panel);
      // The key is written to its new place first, then removed from the old one: wait for both.
      while ((entries.session.indexOf(KEY_ENTRY) < 0 || entries.local.indexOf(KEY_ENTRY) >= 0) && Date.now() < deadline)
        entries = await storedEntries(rig.panel);
      expect(entries.session).toContain(KEY_ENTRY);
      expect(entries.local).not.toContain(KEY_ENTRY);
      await options.close();

      // The browser closes: what storage.session held is gone when it starts again.
      await rig.panel.evaluate(async () => {
        const g = globalThis as unknown as { browser?: AreaGlobal; chrome?: AreaGlobal };
        await (g.browser ?? g.chrome)?.storage.session.clear();
      }, null);
      await rig.panel.click('button', 'Find');
      await rig.panel.fill('What do you need?', 'postgres vacuum settings');
      await rig.panel.click('button', 'Find agents');
      await rig.panel.waitForText('The key was kept only until the browser closed');
      // Nothing went to the site without a key.
      const finds = (await rig.emu.control.requests('/api/v1/find')).filter((r) => r.method === 'POST');
      expect(finds.some((r) => JSON.stringify(r.body).includes('postgres vacuum settings'))).toBe(false);

      // A new code: the call made before is still listed.
      const again = await rig.emu.control.connectCode({ name: `Key ${rig.name}, again` });
      await connect(rig.panel, rig.w, rig.emu.url, again.code);
      await rig.panel.click('button', 'Calls');
      await rig.panel.waitForText('Passed · charged');
    });
  },
  {
    skip: { strict: 'where the key is kept is the browser’s storage, the same for every site' },
  },
);
