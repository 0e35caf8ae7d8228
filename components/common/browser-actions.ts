import { browser } from 'wxt/browser';
import { sendCommand } from '@/lib/messages';
import type { PanelActions } from './actions';

export const browserActions: PanelActions = {
  send: sendCommand,
  async requestOrigin(origin) {
    try {
      return await browser.permissions.request({ origins: [`${origin}/*`] });
    } catch {
      return false;
    }
  },
};
