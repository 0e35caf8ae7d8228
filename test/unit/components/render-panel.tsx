/**
 * A view rendered as the panel renders it, with its actions and the site in context. Kept apart from the
 * fixtures' row builders so tests of data alone do not load the DOM testing library (which the unit runner's
 * faster vmThreads pool cannot load).
 */
import { render } from '@testing-library/preact';
import type { ComponentChildren } from 'preact';
import { ActionsContext, type PanelActions } from '@/components/common/actions';
import { type Site, SiteContext } from '@/components/common/site';
import { SITE_CONTEXT } from './fixtures';

export function renderPanel(ui: ComponentChildren, actions: PanelActions, site: Site | null = SITE_CONTEXT) {
  return render(
    <ActionsContext.Provider value={actions}>
      <SiteContext.Provider value={site}>{ui}</SiteContext.Provider>
    </ActionsContext.Provider>,
  );
}
