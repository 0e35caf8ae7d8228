import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '../../../entrypoints/background/index';
import { resetBrowser } from './helpers';

describe('background main()', () => {
  it('registers every listener synchronously', () => {
    resetBrowser();
    // Namespaces the fake browser does not implement: give them listener slots to watch.
    const menuClicks = { addListener: vi.fn() };
    const commands = { addListener: vi.fn() };
    Object.assign(fakeBrowser.contextMenus, { onClicked: menuClicks });
    Object.assign(fakeBrowser, { commands: { onCommand: commands } });
    const main = (background as unknown as { main: () => void }).main;
    main();
    // Checked before anything was awaited: a worker woken by an event has its listener in place.
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
    expect(fakeBrowser.alarms.onAlarm.hasListeners()).toBe(true);
    expect(fakeBrowser.notifications.onClicked.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
    expect(fakeBrowser.windows.onFocusChanged.hasListeners()).toBe(true);
    expect(fakeBrowser.action.onClicked.hasListeners()).toBe(true);
    expect(menuClicks.addListener).toHaveBeenCalledTimes(1);
    expect(commands.addListener).toHaveBeenCalledTimes(1);
  });
});
