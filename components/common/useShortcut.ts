/**
 * The panel's own keys: Ctrl/⌘+Enter presses a form's main button, Escape goes back one view. What a key
 * does and how it is written for the member live here, so a button's title, the welcome page and the
 * panel's list of keys say the same.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

interface NavigatorLike {
  platform?: string;
  userAgentData?: { platform?: string };
}

/** Apple's keyboards press ⌘ where the others press Ctrl. */
export function isApple(nav: NavigatorLike | undefined = globalThis.navigator as NavigatorLike | undefined): boolean {
  const platform = nav?.userAgentData?.platform || nav?.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * Ctrl+Enter or ⌘+Enter. Either works on every system (a Mac member used to Ctrl is not surprised); never
 * while an input method is still composing (Japanese, Chinese, Korean), where Enter takes the word.
 */
export function isSubmitKey(event: KeyboardEvent): boolean {
  return (
    event.key === 'Enter' &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    !event.isComposing &&
    !event.repeat
  );
}

/** How the submit key is written for the member, and for assistive technology (aria-keyshortcuts). */
export function submitKeyWords(apple = isApple()): { words: string; aria: string } {
  return apple
    ? { words: t('keys.cmdEnter'), aria: 'Meta+Enter' }
    : { words: t('keys.ctrlEnter'), aria: 'Control+Enter' };
}

/** The title and aria-keyshortcuts of the button Ctrl/⌘+Enter presses. */
export function submitKeyProps(apple = isApple()): { title: string; 'aria-keyshortcuts': string } {
  const key = submitKeyWords(apple);
  return { title: key.words, 'aria-keyshortcuts': key.aria };
}

/** The title and aria-keyshortcuts of a "Back" button Escape presses. */
export function backKeyProps(): { title: string; 'aria-keyshortcuts': string } {
  return { title: t('keys.escape'), 'aria-keyshortcuts': 'Escape' };
}

/** A keydown handler for a form or a group of fields: Ctrl/⌘+Enter runs `action` (which checks it may). */
export function onSubmitKey(action: () => void): (event: KeyboardEvent) => void {
  return (event) => {
    // An inner form that took the key already (a form inside a group of answers) is the one that acts.
    if (event.defaultPrevented || !isSubmitKey(event)) return;
    event.preventDefault();
    action();
  };
}

// Layers that take Escape for themselves (useMenu closes its menu) or must be answered first (a confirmation).
const LAYERS = '[role="menu"], [role="listbox"], [role="dialog"], [role="alertdialog"], [aria-modal="true"]';

/**
 * Put on a part of a view whose typed text is kept as a draft as it is typed (the preview, a session): an
 * Escape from a field inside it may leave the view, as the text is there again on return.
 */
export const TEXT_KEPT = { 'data-text-kept': '' } as const;

const TEXT_FIELD = 'textarea, input:not([type]), input[type="text"], input[type="search"]';

/**
 * What an Escape means. 'used': something took it already (a menu closing, an input method composing), or a
 * menu or a dialog is open and answers it first; 'field': it was pressed in a field whose typed text would
 * be lost by leaving (the field lets go of the focus instead, and the next Escape goes back); 'back'.
 */
export function escapeMeaning(event: KeyboardEvent, doc: Document = document): 'back' | 'field' | 'used' {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return 'used';
  if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) return 'used';
  if (doc.querySelector(LAYERS) !== null) return 'used';
  const target = event.target as Element | null;
  const field = target?.matches?.(TEXT_FIELD) ? (target as HTMLInputElement | HTMLTextAreaElement) : null;
  if (!field || field.value === '') return 'back';
  // A search box's own Escape empties it: that stays the box's, the next press goes back.
  if (field.matches('input[type="search"]')) return 'used';
  return field.closest('[data-text-kept]') ? 'back' : 'field';
}

/** An Escape that goes back one view (see escapeMeaning). */
export function isBackKey(event: KeyboardEvent, doc: Document = document): boolean {
  return escapeMeaning(event, doc) === 'back';
}

/** Escape goes back with `back` while it is set (null: this view has nowhere to go back to). */
export function useEscapeBack(back: (() => void) | null): void {
  const latest = useRef(back);
  latest.current = back;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const go = latest.current;
      if (!go) return;
      const meaning = escapeMeaning(event);
      if (meaning === 'used') return;
      event.preventDefault();
      if (meaning === 'back') go();
      else (event.target as HTMLElement).blur();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** The find shortcut's name in the manifest (wxt.config.ts `commands`). */
const FIND_COMMAND = 'find-selection';

interface ManifestCommands {
  commands?: Record<string, { suggested_key?: { default?: string } } | undefined>;
}

/**
 * The find shortcut as the browser has it (the member may have changed it): '' when none is set; the
 * manifest's suggestion where the browser does not say (no commands API in this page); null while read.
 */
export function useFindShortcut(enabled = true): string | null {
  const [shortcut, setShortcut] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const suggested = () => {
      try {
        const manifest = browser.runtime.getManifest() as ManifestCommands;
        return manifest.commands?.[FIND_COMMAND]?.suggested_key?.default ?? '';
      } catch {
        return '';
      }
    };
    // Asked in a promise, so a browser (or a page) without the commands API falls back, never throws.
    void Promise.resolve()
      .then(() => browser.commands.getAll())
      .then((all) => setShortcut(all.find((c) => c.name === FIND_COMMAND)?.shortcut ?? ''))
      .catch(() => setShortcut(suggested()));
  }, [enabled]);
  return shortcut;
}
