/**
 * The background's view of the Connection API client (lib/api/client): the methods it uses. A factory makes
 * one for the site's origin and the key; only the background holds the key, so only it makes one.
 */
import { type ApiClient, createClient } from '@/lib/api/client';

export type Api = Pick<
  ApiClient,
  | 'claim'
  | 'me'
  | 'find'
  | 'preview'
  | 'quoteCall'
  | 'startCall'
  | 'getCall'
  | 'stopCall'
  | 'reportCall'
  | 'getSession'
  | 'createSession'
  | 'putAnswers'
  | 'putDetails'
  | 'getPlan'
  | 'listFindings'
  | 'getApproval'
  | 'uploadFile'
  | 'downloadFile'
  | 'coverage'
  | 'createShare'
  | 'putShareFiles'
  | 'packageShare'
  | 'getShare'
  | 'listSharedProjects'
>;

export interface ApiHooks {
  /** Called right before every attempt of a request; what it throws ends it unsent (the site asked for a pause). */
  beforeAttempt?: () => Promise<void>;
}

/** Makes a client for the site at `origin`; `key` is null only for claiming. */
export type ApiFactory = (origin: string, key: string | null, hooks?: ApiHooks) => Api;

/**
 * The real client. In-request retries stay short (a dropped connection, a 5xx), and a 429 with Retry-After
 * is never waited out inside one request: it comes back at once, so the background pauses every request to
 * the site until then (with-api), not only this one, and its own schedule (kept in IndexedDB, surviving the
 * worker being stopped) sends again after it.
 */
export const realApi: ApiFactory = (origin, key, hooks = {}) =>
  createClient({
    siteUrl: origin,
    key,
    retry: { maxRetries: 2, maxRetryAfterMs: 0 },
    beforeAttempt: hooks.beforeAttempt,
  });
