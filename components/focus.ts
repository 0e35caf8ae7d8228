import { browser } from 'wxt/browser';

/**
 * Where the background wants the panel to open (a notification's click): written to storage.session under
 * FOCUS_KEY before the panel opens, read and removed here once it has been followed.
 */
export const FOCUS_KEY = 'panel:focus';

export type Focus = { kind: 'call'; localId: string } | { kind: 'find' } | { kind: 'status' };

export function readFocus(value: unknown): Focus | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if ((v.kind === 'call' || v.kind === 'approval') && typeof v.localId === 'string') return { kind: 'call', localId: v.localId };
  if (v.kind === 'find') return { kind: 'find' };
  if (v.kind === 'status') return { kind: 'status' };
  return null;
}

/** Calls `follow` with the focus now and whenever the background writes a new one; returns the unsubscribe. */
export function watchFocus(follow: (focus: Focus) => void): () => void {
  const take = (value: unknown) => {
    const focus = readFocus(value);
    if (!focus) return;
    follow(focus);
    void browser.storage.session.remove(FOCUS_KEY).catch(() => undefined);
  };
  browser.storage.session
    .get(FOCUS_KEY)
    .then((stored) => take(stored[FOCUS_KEY]))
    .catch(() => undefined);
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area === 'session' && changes[FOCUS_KEY]) take(changes[FOCUS_KEY].newValue);
  };
  browser.storage.onChanged.addListener(listener);
  return () => browser.storage.onChanged.removeListener(listener);
}
