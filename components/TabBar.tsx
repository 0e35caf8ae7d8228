import { t } from '@/lib/i18n';
import { MoreIcon } from '@/components/common/icons';
import type { Route, Tabs } from './router';
import { useMenu } from './useMenu';

interface Props {
  tabs: Tabs;
  /** The tab of the view on screen (tabOf); null while no view is (the step after connecting). */
  current: Route['view'] | null;
  onOpen: (view: Route['view']) => void;
}

/**
 * The panel's sections: each tab an icon with its label, always shown; the tabs past the fourth under "More",
 * which is marked current while one of them is on screen.
 */
export function TabBar({ tabs, current, onOpen }: Props) {
  const menu = useMenu();
  const inMore = tabs.more.some((tab) => tab.view === current);
  return (
    <nav aria-label={t('app.sections')} class="tabs">
      {tabs.bar.map((tab) => (
        <button
          key={tab.view}
          type="button"
          aria-current={current === tab.view ? 'page' : undefined}
          onClick={() => onOpen(tab.view)}
        >
          <tab.icon />
          <span class="tab-label">{tab.label}</span>
        </button>
      ))}
      {tabs.more.length > 0 ? (
        <div class="tabs-more">
          <button type="button" aria-current={inMore ? 'page' : undefined} {...menu.buttonProps}>
            <MoreIcon />
            <span class="tab-label">{t('app.tab.more')}</span>
          </button>
          {menu.open ? (
            <div class="tabs-menu" {...menu.menuProps}>
              {tabs.more.map((tab) => (
                <button
                  key={tab.view}
                  type="button"
                  class="tabs-menu-item"
                  role="menuitem"
                  tabIndex={-1}
                  aria-current={current === tab.view ? 'page' : undefined}
                  onClick={() => {
                    menu.close(false);
                    onOpen(tab.view);
                  }}
                >
                  <tab.icon />
                  <span>{tab.label}</span>
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </nav>
  );
}
