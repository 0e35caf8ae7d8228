import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

/**
 * Set when the member moves to another view; the next view heading to mount takes the focus, so a keyboard or
 * screen-reader user lands on the new view's title, not at the top of the page. One panel per page, so one flag.
 */
let focusPending = false;

/** Called by whatever changes the panel's view (a tab, a card, a notification's hand-off). */
export function focusNextViewHeading(): void {
  focusPending = true;
}

/** Called when the view change asked for did not happen (a connect refused): the form keeps the focus. */
export function cancelViewHeadingFocus(): void {
  focusPending = false;
}

interface Props {
  id?: string;
  children: ComponentChildren;
}

/** A view's level-one heading; focusable by script only (tabIndex -1), so Tab does not stop on it. */
export function ViewHeading({ id, children }: Props) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusPending || !ref.current) return;
    focusPending = false;
    // At the next frame, not now: a focus lays out the page at once, and an effect can run before the view's
    // first paint (Preact runs a component's pending effects before it renders again), so the member would
    // wait for one layout more before seeing the view.
    const frame = requestAnimationFrame(() => ref.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <h1 id={id} tabIndex={-1} ref={ref} class="view-heading">
      {children}
    </h1>
  );
}
