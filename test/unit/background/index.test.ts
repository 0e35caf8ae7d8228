import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background/index';
import { resetBrowser } from './helpers';

describe('background main()', () => {
  it('registers every listener synchronously', () => {
    resetBrowser();
    // Namespaces the fake browser does not implement: give them listener slots to watch.
    const menuClicks = { addListener: vi.fn() };
    const commands = { addListener: vi.fn() };
    Object.assign(fakeBrowser.contextMenus, { onClicked: menuClicks });
    Object.assign(fakeBrowser, { commands: { onCommand: commands } });
    const spies = [
      vi.spyOn(fakeBrowser.runtime.onMessage, 'addListener'),
      vi.spyOn(fakeBrowser.alarms.onAlarm, 'addListener'),
      vi.spyOn(fakeBrowser.notifications.onClicked, 'addListener'),
      vi.spyOn(fakeBrowser.runtime.onInstalled, 'addListener'),
      vi.spyOn(fakeBrowser.windows.onFocusChanged, 'addListener'),
      vi.spyOn(fakeBrowser.action.onClicked, 'addListener'),
      menuClicks.addListener,
      commands.addListener,
    ];
    const main = (background as unknown as { main: () => void }).main;
    main();
    // Checked before anything was awaited: a worker woken by an event has its listener in place.
    for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  });
});
