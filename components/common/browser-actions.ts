import { browser } from 'wxt/browser';
import { COMMANDS, type CommandName, type CommandResult, localError, sendCommand } from '@/lib/messages';
import type { PanelActions } from './actions';

// The background does not offer a file download command yet; the panel uses one named downloadFile
// as soon as the protocol map has it, and says so plainly until then.
const DOWNLOAD_COMMAND = 'downloadFile';

export const browserActions: PanelActions = {
  send: sendCommand,
  async requestOrigin(origin) {
    try {
      return await browser.permissions.request({ origins: [`${origin}/*`] });
    } catch {
      return false;
    }
  },
  async downloadFile(localId, fileId, confirmedActive): Promise<CommandResult<CommandName>> {
    if (!Object.hasOwn(COMMANDS, DOWNLOAD_COMMAND)) {
      return {
        ok: false,
        error: localError('download_unavailable', 'Downloading files is not available in this version of the extension yet.'),
      };
    }
    // The name is checked against the map above; its payload type is not known at compile time.
    return sendCommand(DOWNLOAD_COMMAND as CommandName, { localId, fileId, confirmedActive } as never);
  },
};
