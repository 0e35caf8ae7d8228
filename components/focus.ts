import { browser } from 'wxt/browser';
import { FOCUS_SESSION_KEY, SELECTION_SESSION_KEY, type SelectionHandoff } from '@/lib/protocol/handoffs';
import { MemberErrorSchema } from '@/lib/db/member-error';

/**
 * Hand-offs the background writes to storage.session (lib/protocol/handoffs): a notification's click points the
 * panel at a call (read once, then removed, so a later open does not jump back to it); a selection from
 * the menu or the shortcut brings the find forward.
 */
export interface HandoffListeners {
  onFocusCall: (localId: string) => void;
  onSelection: (handoff: SelectionHandoff) => void;
}

function focusedCall(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const localId = (value as { localId?: unknown }).localId;
  return typeof localId === 'string' && localId ? localId : null;
}

export function selectionHandoff(value: unknown): SelectionHandoff | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Partial<SelectionHandoff>;
  if (typeof v.requestId !== 'string' || typeof v.text !== 'string' || typeof v.at !== 'string') return null;
  // The error is shown as a MemberError: one that is not (read from storage, so checked) drops the hand-off.
  let error: SelectionHandoff['error'] = null;
  if (v.error != null) {
    const parsed = MemberErrorSchema.safeParse(v.error);
    if (!parsed.success) return null;
    error = parsed.data;
  }
  return {
    requestId: v.requestId,
    text: v.text,
    cut: v.cut === true,
    source: v.source === 'shortcut' ? 'shortcut' : 'menu',
    at: v.at,
    error,
  };
}

/** Follows a focus already waiting, then every new focus or selection; returns the unsubscribe. */
export function watchHandoffs(listeners: HandoffListeners): () => void {
  const takeFocus = (value: unknown) => {
    const localId = focusedCall(value);
    if (!localId) return;
    listeners.onFocusCall(localId);
    void browser.storage.session.remove(FOCUS_SESSION_KEY).catch(() => undefined);
  };
  browser.storage.session
    .get(FOCUS_SESSION_KEY)
    .then((stored) => takeFocus(stored[FOCUS_SESSION_KEY]))
    .catch(() => undefined);
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'session') return;
    const focus = changes[FOCUS_SESSION_KEY];
    if (focus) takeFocus(focus.newValue);
    const selection = changes[SELECTION_SESSION_KEY];
    const handoff = selection ? selectionHandoff(selection.newValue) : null;
    if (handoff) listeners.onSelection(handoff);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
