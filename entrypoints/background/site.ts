/**
 * The site's origin as the background uses it (G15, G17). Address and page checks are lib/safety/urls (the
 * panel uses the same); this adds the host permission pattern the connect click asks for.
 */
export { checkSiteAddress, sitePageUrl } from '../../lib/safety/urls';

/**
 * The match pattern of the site's origin, the same the panel asks for on the connect click (`${origin}/*`,
 * port included). A broader grant (the manifest's loopback `http://127.0.0.1/*`) contains it too.
 */
export function originPattern(origin: string): string {
  return `${new URL(origin).origin}/*`;
}
