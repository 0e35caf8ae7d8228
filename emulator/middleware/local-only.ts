/**
 * The control API acts as the member and as the site with no key, so only the developer's own tools may
 * reach it: a web page open in a browser while the emulator runs must not reset it or mint connect codes.
 * - Host is a loopback name (127.0.0.1, localhost, [::1], any port): a DNS-rebinding page, whose address
 *   resolves to 127.0.0.1 under its own name, sends its own name here.
 * - Origin, when present, is the emulator's own origin: browsers send it with every cross-site POST
 *   (forms included); node's fetch, curl and the test rigs send none.
 * - A body is JSON said as such (Content-Type: application/json), which a page cannot send to another
 *   origin without a preflight, and the emulator answers no preflight.
 */
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '@/emulator/errors';
import type { AppEnv } from '@/emulator/http';

const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;

function sameOrigin(origin: string, host: string): boolean {
  try {
    return new URL(origin).origin === new URL(`http://${host}`).origin;
  } catch {
    return false;
  }
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

/** Runs after readBody: whether there is a body is known. */
export const localOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const host = c.req.header('Host') ?? '';
  if (!LOOPBACK_HOST.test(host)) throw new ApiError(403, 'not_local');
  const origin = c.req.header('Origin');
  if (origin !== undefined && !sameOrigin(origin, host)) throw new ApiError(403, 'not_local');
  if (c.get('rawBody') !== '' && !isJson(c.req.header('Content-Type'))) throw new ApiError(415, 'not_json_type');
  return next();
};
