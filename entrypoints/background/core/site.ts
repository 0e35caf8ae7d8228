/**
 * The site's origin as the background uses it (G15, G17). Address and page checks are lib/safety/urls (the
 * panel uses the same); the host permission pattern is lib/safety/host-pattern's, the one the panel asks for
 * on the connect click (`scheme://host/*`: Firefox patterns carry no port).
 */
import { hostPattern } from '@/lib/safety/host-pattern';

export { checkSiteAddress, sitePageUrl } from '@/lib/safety/urls';

/** The host permission pattern of the site's origin (a checked origin always has one). */
export function originPattern(origin: string): string {
  return hostPattern(origin) ?? `${new URL(origin).origin}/*`;
}
