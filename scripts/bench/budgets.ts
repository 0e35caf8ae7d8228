/**
 * Size budgets shared by `npm run bench` and the package test (test/packages): what a member downloads from
 * a store, and what the panel and the worker load.
 */

/** The side panel's JS requested before its cached content shows, gzip. */
export const PANEL_AT_OPEN_BUDGET_KB = 60;
/** The service worker and its static imports, gzip. */
export const BACKGROUND_BUDGET_KB = 65;
/** Each store package (the Chrome zip, the Firefox zip), as uploaded. */
export const PACKAGE_BUDGET_KB = 256;
