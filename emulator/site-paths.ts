/**
 * Where the member's pages live, by profile. The contract gives none of these addresses: the site names them
 * in its answers (approvalUrl, signOffUrl, topUpUrl). The default profile uses the paths of
 * docs/contract-gaps.md G15; the strict profile moves them, so a client that guesses paths instead of opening
 * what the site named fails its tests. Patterns are Hono routes with one `:id`.
 */
export type Profile = 'default' | 'strict';

export interface SitePaths {
  approval: string;
  findingsDraft: string;
  shareSignOff: string;
  topUp: string;
}

export const SITE_PATHS: Record<Profile, SitePaths> = {
  default: {
    approval: '/approvals/:id',
    findingsDraft: '/findings/drafts/:id',
    shareSignOff: '/shares/:id/sign-off',
    topUp: '/top-up',
  },
  strict: {
    approval: '/member/calls/approve/:id',
    findingsDraft: '/account/review/findings/:id',
    shareSignOff: '/account/review/shares/:id',
    topUp: '/billing/credits',
  },
};

/** A page's path for one id (encoded), from its pattern. */
export function pagePath(pattern: string, id?: string): string {
  return id === undefined ? pattern : pattern.replace(':id', encodeURIComponent(id));
}

/**
 * Endpoints the contract names without a shape. The strict profile answers every one with a plain 404 page
 * (no API error code), as a site that does not have them would; what the extension does must then run on the
 * shaped endpoints.
 */
export const UNSHAPED_ENDPOINTS: readonly { method: string; path: RegExp }[] = [
  { method: 'POST', path: /^\/api\/v1\/sessions\/?$/ },
  { method: 'PUT', path: /^\/api\/v1\/sessions\/[^/]+\/answers\/?$/ },
  { method: 'PUT', path: /^\/api\/v1\/sessions\/[^/]+\/details\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/sessions\/[^/]+\/plan\/?$/ },
  { method: 'POST', path: /^\/api\/v1\/calls\/quote\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/approvals\/[^/]+\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/agents\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/agents\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/api\/v1\/files\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/files\/[^/]+\/?$/ },
  { method: 'POST', path: /^\/api\/v1\/sharing\/coverage\/?$/ },
  { method: 'POST', path: /^\/api\/v1\/shares\/?$/ },
  { method: 'PUT', path: /^\/api\/v1\/shares\/[^/]+\/files\/?$/ },
  { method: 'POST', path: /^\/api\/v1\/shares\/[^/]+\/package\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/shares\/[^/]+\/?$/ },
  { method: 'GET', path: /^\/api\/v1\/shared-projects\/?$/ },
];

export function isUnshaped(method: string, path: string): boolean {
  return UNSHAPED_ENDPOINTS.some((e) => e.method === method && e.path.test(path));
}
