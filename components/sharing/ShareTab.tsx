import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Skeleton } from '@/components/common/Skeleton';
import { t } from '@/lib/i18n';

/**
 * The Share tab, loaded only when the member opens it: sharing is used rarely, and its forms stay out of
 * the bundle the panel loads at open.
 */
export function ShareTab() {
  const [View, setView] = useState<FunctionComponent | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./ShareView')
      .then((module) => {
        if (live) setView(() => module.ShareView);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  if (failed) {
    return (
      <p role="alert" class="notice notice-error">
        {t('common.loadFailed')}
      </p>
    );
  }
  return View ? <View /> : <Skeleton label={t('common.loading')} />;
}
