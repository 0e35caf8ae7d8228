import type { RefObject } from 'preact';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';

interface Menu {
  open: boolean;
  /** Closes the menu; with `refocus` the focus goes back to its button (Escape). */
  close: (refocus: boolean) => void;
  buttonProps: {
    ref: RefObject<HTMLButtonElement | null>;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
    onKeyDown: (event: KeyboardEvent) => void;
  };
  menuProps: {
    ref: RefObject<HTMLDivElement | null>;
    id: string;
    role: 'menu';
    onKeyDown: (event: KeyboardEvent) => void;
  };
}

/**
 * A menu button as WAI-ARIA describes it: a click, Enter, Space or Down opens it with the focus on its first
 * item (Up: on its last); Up, Down, Home and End move between items; Escape closes it back to its button; Tab
 * or a click elsewhere closes it.
 */
export function useMenu(): Menu {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // The item to focus once the menu is drawn (it is not in the page while closed).
  const focusOnOpen = useRef<number | null>(null);

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    if (all.length > 0) all[(index + all.length) % all.length]?.focus();
  };

  // As the menu is drawn, before the next key can arrive.
  useLayoutEffect(() => {
    if (!open || focusOnOpen.current === null) return;
    focusItem(focusOnOpen.current);
    focusOnOpen.current = null;
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      const target = event.target as Node | null;
      if (target && !menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const openAt = (index: number) => {
    focusOnOpen.current = index;
    if (open) focusItem(index);
    else setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  return {
    open,
    close,
    buttonProps: {
      ref: button,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': id,
      onClick: () => (open ? close(false) : openAt(0)),
      onKeyDown: (event) => {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          openAt(event.key === 'ArrowDown' ? 0 : -1);
        } else if (event.key === 'Escape' && open) {
          event.preventDefault();
          close(true);
        }
      },
    },
    menuProps: {
      ref: menu,
      id,
      role: 'menu',
      onKeyDown: (event) => {
        const at = items().indexOf(document.activeElement as HTMLElement);
        const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: -1 };
        const to = moves[event.key];
        if (to !== undefined) {
          event.preventDefault();
          focusItem(to);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          close(true);
        } else if (event.key === 'Tab') {
          // The focus moves on as Tab takes it; the menu does not stay open behind it.
          setOpen(false);
        }
      },
    },
  };
}
