import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Skeleton } from './Skeleton';

interface Props<P> {
  /** A dynamic import of the view: it becomes its own chunk, loaded only when first shown. */
  load: () => Promise<ComponentType<P>>;
  props: P;
  label: string;
}

/**
 * A view loaded when first shown, so the panel opens with only what its first screen needs (the panel's
 * script budget at open). A failed load says so instead of leaving a blank panel.
 */
export function Lazy<P extends object>({ load, props, label }: Props<P>) {
  const [View, setView] = useState<ComponentType<P> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    load().then(
      (view) => {
        if (live) setView(() => view);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);
  if (failed) return <p role="alert">The {label} could not be loaded. Close the panel and open it again.</p>;
  if (!View) return <Skeleton label={`Loading the ${label}…`} />;
  return <View {...props} />;
}
