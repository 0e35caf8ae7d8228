import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Skeleton } from './Skeleton';
import { t } from '@/lib/i18n';

/** Views already loaded, by their loader: shown at once on a later mount, with no loading step between. */
const loadedViews = new Map<unknown, ComponentType<never>>();

/** Starts loading a view ahead of its first showing (e.g. a result's note while its call runs). */
export function preload<P>(load: () => Promise<ComponentType<P>>): void {
  if (loadedViews.has(load)) return;
  load().then(
    (view) => loadedViews.set(load, view as ComponentType<never>),
    () => undefined,
  );
}

interface Props<P> {
  /** A dynamic import of the view: it becomes its own chunk, loaded only when first shown. */
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** What is loading, said while it loads: "Loading the history…". */
  label: string;
}

/**
 * A view loaded when first shown, so the panel opens with only what its first screen needs (the panel's
 * script budget at open). A failed load says so instead of leaving a blank panel.
 */
export function Lazy<P extends object>({ load, props, label }: Props<P>) {
  const [View, setView] = useState<ComponentType<P> | null>(
    () => (loadedViews.get(load) as ComponentType<P> | undefined) ?? null,
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (View) return;
    let live = true;
    load().then(
      (view) => {
        loadedViews.set(load, view as ComponentType<never>);
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
  if (failed) return <p role="alert">{t('common.loadFailed')}</p>;
  if (!View) return <Skeleton label={label} />;
  return <View {...props} />;
}
