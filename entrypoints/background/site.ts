/**
 * The site's origin as the background uses it (G15, G17). Address and page checks are lib/safety/urls (the
 * panel uses the same); this adds the host permission pattern the connect click asks for.
 */
export { checkSiteAddress, sitePageUrl } from '../../lib/safety/urls';

/** The match pattern of the site's origin: host permissions match hosts on any port. */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
