import { browser } from 'wxt/browser';
import { sendCommand } from '@/lib/protocol/send';
import { hostPattern } from '@/lib/safety/host-pattern';
import type { PanelActions } from './actions';

export const browserActions: PanelActions = {
  send: sendCommand,
  async requestOrigin(origin) {
    const pattern = hostPattern(origin);
    if (pattern === null) return false;
    try {
      return await browser.permissions.request({ origins: [pattern] });
    } catch {
      return false;
    }
  },
  async copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return false;
    }
  },
};
