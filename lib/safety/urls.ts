// URL checks for the panel. The extension opens only the member's own pages (G15), only on the
// site's origin (G17), and only when the member clicks; everything else in a result stays text.

function parse(input: string): URL | null {
  try {
    return new URL(input);
  } catch {
    return null;
  }
}

export function isHttpUrl(input: string): boolean {
  const url = parse(input);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname.toLowerCase());
}

export type SiteAddressCheck = { ok: true; origin: string } | { ok: false; problem: string };

// The address typed into the connect form: https anywhere, plain http only on loopback (G17); no
// user name or password in it; the origin is what permissions and the key are bound to.
export function checkSiteAddress(input: string): SiteAddressCheck {
  const text = input.trim();
  if (!text) return { ok: false, problem: "Enter the site's address." };
  const url = parse(text);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return { ok: false, problem: 'The address must start with https:// (or http:// for this computer).' };
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'The address must not contain a user name or password.' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, problem: 'Plain http:// is only allowed for this computer (127.0.0.1 or localhost). Use https://.' };
  }
  return { ok: true, origin: url.origin };
}

export function isOnOrigin(input: string, siteOrigin: string): boolean {
  const url = parse(input);
  const site = parse(siteOrigin);
  if (!url || !site) return false;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  return url.origin === site.origin;
}

// The member's own pages, by path (G15). One segment for each id; a trailing slash is tolerated.
const SEGMENT = "[A-Za-z0-9._~%!$&'()*+,;=:@-]+";
const SITE_PAGE_PATHS: readonly RegExp[] = [
  /^\/connect\/?$/,
  new RegExp(`^/approvals/${SEGMENT}/?$`),
  new RegExp(`^/findings/drafts/${SEGMENT}/?$`),
  new RegExp(`^/shares/${SEGMENT}/sign-off/?$`),
  /^\/top-up\/?$/,
  new RegExp(`^/connections/${SEGMENT}/?$`),
];

function hasDotSegment(pathname: string): boolean {
  return pathname.split('/').some((part) => part === '.' || part === '..' || /^%2e/i.test(part));
}

export function isSitePagePath(pathname: string): boolean {
  if (hasDotSegment(pathname)) return false;
  return SITE_PAGE_PATHS.some((pattern) => pattern.test(pathname));
}

// The URL to open for a site page, or null when it is not one the extension may open.
export function sitePageUrl(input: string, siteOrigin: string): string | null {
  if (!isOnOrigin(input, siteOrigin)) return null;
  const url = parse(input);
  if (!url || !isSitePagePath(url.pathname)) return null;
  return url.href;
}

// The member's page for a connection (switches, limits, findings choice, revoke).
export function connectionPageUrl(siteOrigin: string, connectionId: string): string | null {
  const site = parse(siteOrigin);
  if (!site) return null;
  return sitePageUrl(`${site.origin}/connections/${encodeURIComponent(connectionId)}`, site.origin);
}

export function topUpPageUrl(siteOrigin: string): string | null {
  const site = parse(siteOrigin);
  if (!site) return null;
  return sitePageUrl(`${site.origin}/top-up`, site.origin);
}
