import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { sitePageUrl } from '@/lib/safety/urls';
import { useActions } from './actions';
import { useSite } from './site';
import { t } from '@/lib/i18n';
import { errorText } from './error-text';

interface Props {
  /** An address on the site; opened only when it is one of the member's pages on the site's origin. */
  url: string | null | undefined;
  children: ComponentChildren;
  class?: string;
}

/**
 * A button, not a link: the page opens only on the member's click, through the background, which checks
 * origin and path again. An address that is not one of the member's pages is never offered.
 */
export function SitePageButton({ url, children, class: extra }: Props) {
  const site = useSite();
  const actions = useActions();
  const [problem, setProblem] = useState<string | null>(null);
  const target = url && site ? sitePageUrl(url, site.origin) : null;
  if (!target) {
    return <p class="muted">{t('common.noSitePage')}</p>;
  }
  const open = async () => {
    setProblem(null);
    const result = await actions.send('openSitePage', { url: target });
    if (!result.ok) setProblem(await errorText(result.error));
  };
  return (
    <span class="site-page">
      <button type="button" class={extra ?? 'secondary'} onClick={open}>
        {children}
      </button>
      {problem ? (
        <span role="alert" class="error-text">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
