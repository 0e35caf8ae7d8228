/**
 * The background's view of the Connection API client (lib/api/client): the methods it uses. A factory makes
 * one for the site's origin and the key; only the background holds the key, so only it makes one.
 */
import { type ApiClient, createClient } from '../../lib/api/client';

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

/** Makes a client for the site at `origin`; `key` is null only for claiming. */
export type ApiFactory = (origin: string, key: string | null) => Api;

/**
 * The real client. In-request retries stay short: a long Retry-After or a long outage goes back to the
 * background's own schedule (kept in IndexedDB), which survives the worker being stopped.
 */
export const realApi: ApiFactory = (origin, key) =>
  createClient({ siteUrl: origin, key, retry: { maxRetries: 2, maxRetryAfterMs: 10_000 } });
