import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

interface Props {
  /** The button's words, e.g. "More options". */
  label: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  children: ComponentChildren;
}

/**
 * A button that shows or hides a part of a view. The part stays mounted while hidden, so what the member typed
 * or chose in it (text, files) lives on; a button with aria-expanded, not <summary>, so it has the role
 * "button" in both browsers and the caller decides when it opens by itself.
 */
export function Disclosure({ label, open, onToggle, children }: Props) {
  const id = useId();
  return (
    <div class="disclosure">
      <button
        type="button"
        class="disclosure-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onToggle(!open)}
      >
        <span class="disclosure-mark" aria-hidden="true" />
        {label}
      </button>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}
