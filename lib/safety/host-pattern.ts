// The match pattern a host permission is asked and checked with: scheme and host, no port. Firefox match
// patterns carry no port at all (a pattern with one never matches), and Chrome ignores the port, so this one
// form works in both. The permission is broader than one port; requests and the key still go only to the
// exact origin (scheme, host and port) the member connected to, which the API client checks on every request.

/** `scheme://host/*` for an http(s) address or origin; null for anything else. */
export function hostPattern(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${url.protocol}//${url.hostname}/*`;
}
