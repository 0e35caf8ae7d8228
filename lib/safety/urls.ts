// URL checks for the panel and the background. The extension opens only the member's own pages (G15): pages
// the site named (approvalUrl, signOffUrl, topUpUrl) on the site's own origin (G17), whatever their path, and
// only when the member clicks; everything else in a result stays text.

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

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);
const LOOPBACK_V4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** This computer: localhost, ::1 and the whole 127.0.0.0/8 range (a URL's hostname is already normalised). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (LOOPBACK_HOSTS.has(host)) return true;
  const v4 = LOOPBACK_V4.exec(host);
  return v4?.slice(1).every((part) => Number(part) <= 255) === true;
}

/** Why an address is not one the key may go to; lib/words/errors.ts says it in the member's words. */
export type AddressProblem = 'empty' | 'scheme' | 'credentials' | 'plain_http';

export type SiteAddressCheck = { ok: true; origin: string } | { ok: false; problem: AddressProblem };

// The address typed into the connect form: https anywhere, plain http only on loopback (G17); no
// user name or password in it; the origin is what permissions and the key are bound to.
export function checkSiteAddress(input: string): SiteAddressCheck {
  const text = input.trim();
  if (!text) return { ok: false, problem: 'empty' };
  const url = parse(text);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return { ok: false, problem: 'scheme' };
  }
  if (url.username || url.password) {
    return { ok: false, problem: 'credentials' };
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, problem: 'plain_http' };
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

function hasDotSegment(pathname: string): boolean {
  return pathname.split('/').some((part) => part === '.' || part === '..' || /^%2e/i.test(part));
}

/**
 * The URL to open for a page the site named (approvalUrl, signOffUrl, topUpUrl), or null when the extension
 * may not open it: only http(s) on the site's own origin (so https, or http on loopback), without a user name
 * or password and without an encoded dot segment. The path is the site's business (G15), except the API
 * itself (/api/), which is no page of the member's.
 */
export function sitePageUrl(input: string, siteOrigin: string): string | null {
  if (!isOnOrigin(input, siteOrigin)) return null;
  const url = parse(input);
  if (!url || hasDotSegment(url.pathname)) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return url.href;
}

/** The site's home page, opened when the site named no page for a step (e.g. a 402 without topUpUrl). */
export function siteHomeUrl(siteOrigin: string): string | null {
  const site = parse(siteOrigin);
  if (!site) return null;
  return sitePageUrl(`${site.origin}/`, site.origin);
}

// The member's page for a connection (switches, limits, findings choice, revoke). The contract names no
// address for it: this is our reading (G15), on the site's origin like every page.
export function connectionPageUrl(siteOrigin: string, connectionId: string): string | null {
  const site = parse(siteOrigin);
  if (!site) return null;
  return sitePageUrl(`${site.origin}/connections/${encodeURIComponent(connectionId)}`, site.origin);
}
