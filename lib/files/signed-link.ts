// A result file's signed link (`files[].url`, good 300 s). Many services serve downloads from a storage host
// of their own, so the link may be on any https host (plain http only on this computer, for development).
// It is fetched without the key: the key goes only to the site's origin, in the API client's header.
import { isLoopbackHost } from '@/lib/safety/urls';

/** The link to fetch, or null when it is not an https address (or http on loopback), or carries credentials. */
export function signedFileLink(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) return null;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return parsed.href;
  return null;
}
