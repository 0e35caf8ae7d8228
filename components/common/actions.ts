import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { CommandName, CommandPayload, CommandResult } from '@/lib/protocol/commands';

/**
 * Everything the panel can ask for: the background's commands, plus the one browser call that must run
 * in the panel itself (the site's origin permission, asked for inside the member's click). Components get
 * it from context, so tests hand in a fake and nothing here touches the network.
 */
export interface PanelActions {
  send<N extends CommandName>(name: N, payload: CommandPayload<N>): Promise<CommandResult<N>>;
  /**
   * browser.permissions.request for the origin's host (`scheme://host/*`, lib/safety/host-pattern); must be
   * the first await of a click handler.
   */
  requestOrigin(origin: string): Promise<boolean>;
  /** Puts text on the clipboard, asked for by the member's click; false when the browser refuses. */
  copyText(text: string): Promise<boolean>;
}

export const ActionsContext = createContext<PanelActions | null>(null);

export function useActions(): PanelActions {
  const actions = useContext(ActionsContext);
  if (!actions) throw new Error('PanelActions missing: wrap the panel in ActionsContext.Provider');
  return actions;
}
