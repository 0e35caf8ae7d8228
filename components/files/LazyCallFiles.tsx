import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CallFilesProps } from './CallFiles';
import { t } from '@/lib/i18n';

/**
 * Loads the call's file panel (picker, checks, uploads) apart from the panel's first bundle, which must
 * stay small; it shows as soon as the preview does.
 */
export function LazyCallFiles(props: CallFilesProps) {
  const [View, setView] = useState<FunctionComponent<CallFilesProps> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('./CallFiles')
      .then((module) => {
        if (live) setView(() => module.CallFiles);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  if (failed) return <p class="notice">{t('attach.cannotAttach')}</p>;
  return View ? <View {...props} /> : null;
}
