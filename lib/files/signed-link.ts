// A result file's signed link (G14: {site}/api/v1/files/{fileId}?exp=…&sig=…) is followed only when it
// points there: on the site's own origin, at this file. It carries no key and needs none.
import { isOnOrigin } from '@/lib/safety/urls';

const FILES_PATH = '/api/v1/files/';

/** The link to fetch, or null when it is not this file's link on the site. */
export function signedFileLink(url: string, siteOrigin: string, fileId: string): string | null {
  if (!isOnOrigin(url, siteOrigin)) return null;
  const parsed = new URL(url);
  if (!parsed.pathname.startsWith(FILES_PATH)) return null;
  const rest = parsed.pathname.slice(FILES_PATH.length);
  if (rest === '' || rest.includes('/')) return null;
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return id === fileId ? parsed.href : null;
}
