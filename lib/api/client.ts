/**
 * The Connection API v1 client: one method per endpoint, every answer parsed with its schema.
 * Standard fetch and Web APIs only, so it runs in the service worker, an extension page and Node.
 *
 * - The key goes only to the site's own origin, as `Authorization: Bearer`, never to claim or to a signed
 *   file link (G17). It is never logged nor put in an error.
 * - Every request has a timeout (Chrome kills a fetch that waits over 30 s) and accepts an AbortSignal.
 * - Limits, the secret guard and the connect code format are checked before sending (limits.ts).
 * - GETs and requests with an Idempotency-Key are retried (retry.ts); others are sent once.
 * - Every method is async: a local refusal arrives as a rejection, like every other failure.
 */
import * as z from 'zod/mini';
import { lazySchema } from '@/lib/contract/lazy-schema';
import { checkSiteAddress } from '@/lib/safety/urls';
import {
  AbortedError,
  ApiError,
  isClientError,
  LocalRefusal,
  MalformedAnswerError,
  NetworkError,
  parseRetryAfter,
  readErrorBody,
} from './errors';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency';
import { isValidIdempotencyKey } from '@/lib/contract/calls';
import { formatIssues } from '@/lib/contract/issues';
import { MAX_BODY_BYTES, MAX_ID_CHARS, MAX_PACKAGE_BODY_BYTES } from '@/lib/contract/limits';
import { checkBodySize, checkNoSecrets, checkRequest, normaliseConnectCode } from './request-checks';
import { type Clock, DEFAULT_RETRY_POLICY, type OnRetry, type RetryPolicy, systemClock, withRetry } from './retry';
import {
  type Approval,
  ApprovalSchema,
  type CallResult,
  CallResultSchema,
  type Preview,
  PreviewSchema,
  type ReportAnswer,
  ReportAnswerSchema,
  type ReportRequest,
  ReportRequestSchema,
  type StartCallAnswer,
  StartCallAnswerSchema,
  type StopAnswer,
  StopAnswerSchema,
} from '@/lib/contract/calls';
import {
  type ClaimAnswer,
  ClaimAnswerSchema,
  ClaimRequestSchema,
  type Connection,
  ConnectionSchema,
} from '@/lib/contract/connection';
import {
  type CoverageAnswer,
  CoverageAnswerSchema,
  CoverageRequestSchema,
  type CreateShareRequest,
  CreateShareRequestSchema,
  PutShareFilesRequestSchema,
  type SharedProjectsAnswer,
  SharedProjectsAnswerSchema,
  type ShareDraft,
  ShareDraftSchema,
} from '@/lib/contract/shares';
import {
  type CreateSessionRequest,
  CreateSessionRequestSchema,
  type Plan,
  PlanSchema,
  PutAnswersRequestSchema,
  PutDetailsRequestSchema,
  type Questions,
  QuestionsSchema,
  type Session,
  SessionSchema,
} from '@/lib/contract/sessions';
import { type FindAnswer, FindAnswerSchema, FindRequestSchema } from '@/lib/contract/find';
import { type FindingsAnswer, FindingsAnswerSchema } from '@/lib/contract/findings';
import {
  type UploadedFile,
  UploadedFileSchema,
  type UploadFileRequest,
  UploadFileRequestSchema,
} from '@/lib/contract/files';
import { dateTime } from '@/lib/contract/times';
import { type AnswerInput, type StartCallRequestInput, StartCallRequestSchema } from '@/lib/contract/calls';
import { chars } from '@/lib/contract/conventions';

/** Under Chrome's 30 s limit on a fetch from an extension, with room to handle the answer. */
const DEFAULT_TIMEOUT_MS = 25_000;

export interface ClientOptions {
  /** The site's address as the member entered it, e.g. https://example.com or http://127.0.0.1:8787. */
  siteUrl: string;
  /** The connection's key (gpc_…); absent before the connect code is claimed. */
  key?: string | null;
  fetch?: typeof fetch;
  clock?: Clock;
  /** In [0, 1): jitter of the backoff. */
  random?: () => number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Called right before every attempt; what it throws ends the request unsent (the background's pause after a 429). */
  beforeAttempt?: () => Promise<void>;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Called before each wait for a retry, with its length and reason. */
  onRetry?: OnRetry;
}

export interface IdempotentOptions extends RequestOptions {
  /**
   * The Idempotency-Key of this request. Pass one (from newIdempotencyKey()) to store it with the request
   * before sending and to resend the same request later; otherwise a new one is made for this invocation.
   */
  idempotencyKey?: string;
}

export interface DownloadedFile {
  bytes: Uint8Array;
  contentType: string | null;
}

type Method = 'GET' | 'POST' | 'PUT';

interface Spec<S extends z.core.$ZodType> {
  method: Method;
  /** Path under /api/v1, ids already encoded. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  schema: S;
  /** Claim is the only endpoint sent without the key. */
  auth?: boolean;
  idempotencyKey?: string;
  maxBodyBytes?: number;
  options?: RequestOptions;
}

const DATE_TIME = lazySchema(dateTime);
const PATH_ID = lazySchema(() => chars(1, MAX_ID_CHARS));
/** Ids the contract bounds only as opaque strings (runs, approvals, drafts, files). */
const OPAQUE_ID = lazySchema(() => z.string().check(z.minLength(1), z.maxLength(255)));

/** Printable ASCII, no spaces: anything else cannot be a header value (and is not a key). */
const KEY_SHAPE = /^[\x21-\x7e]+$/;

const seg = (id: string) => encodeURIComponent(id);

export class ApiClient {
  /** The site's origin: the only origin the key is sent to. */
  readonly siteOrigin: string;
  /** {siteUrl}/api/v1, without a trailing slash. */
  readonly apiBase: string;
  readonly #siteUrl: string;
  // A private field, so the key shows in no enumeration, JSON or inspection of the client.
  readonly #key: string | null;
  readonly #fetch: typeof fetch;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #timeoutMs: number;
  readonly #policy: RetryPolicy;
  readonly #beforeAttempt: (() => Promise<void>) | undefined;

  constructor(options: ClientOptions) {
    const site = checkSiteAddress(options.siteUrl);
    if (!site.ok)
      throw new LocalRefusal('unsafe_address', { what: 'address', problem: site.problem }, { fields: ['siteUrl'] });
    const url = new URL(options.siteUrl.trim());
    const basePath = url.pathname.replace(/\/+$/, '');
    this.siteOrigin = site.origin;
    this.#siteUrl = `${site.origin}${basePath}`;
    this.apiBase = `${this.#siteUrl}/api/v1`;
    const key = options.key ?? null;
    if (key !== null && !KEY_SHAPE.test(key)) {
      throw new LocalRefusal('no_key', { what: 'said', key: 'local.badStoredKey' });
    }
    this.#key = key;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.#beforeAttempt = options.beforeAttempt;
  }

  // -------------------------------------------------------------------------------------------------
  // Connection
  // -------------------------------------------------------------------------------------------------

  /**
   * POST /connections/claim: swaps a connect code for the key. Sent without a key, never retried. The code
   * is normalised and its format checked first (G6). The answer's siteUrl must be on this site's origin
   * (G17), otherwise the connection is refused.
   */
  async claim(code: string, options?: RequestOptions): Promise<ClaimAnswer> {
    const body = checkRequest(ClaimRequestSchema, { code: normaliseConnectCode(code) });
    const answer = await this.#request({
      method: 'POST',
      path: '/connections/claim',
      body,
      schema: ClaimAnswerSchema,
      auth: false,
      options,
    });
    const answered = checkSiteAddress(answer.siteUrl);
    if (!answered.ok || answered.origin !== this.siteOrigin) {
      throw new LocalRefusal('unsafe_address', { what: 'said', key: 'local.otherAddress' }, { fields: ['siteUrl'] });
    }
    return answer;
  }

  /** GET /me, with spentSince (an ISO 8601 date-time with zone) for spentSinceCents. */
  async me(params: { spentSince?: string | Date } = {}, options?: RequestOptions): Promise<Connection> {
    const since = params.spentSince instanceof Date ? params.spentSince.toISOString() : params.spentSince;
    if (since !== undefined && !DATE_TIME.safeParse(since).success) {
      throw new LocalRefusal(
        'invalid_input',
        { what: 'said', key: 'local.badSpentSince' },
        {
          fields: ['spentSince'],
        },
      );
    }
    return this.#request({
      method: 'GET',
      path: '/me',
      query: { spentSince: since },
      schema: ConnectionSchema,
      options,
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Finding agents
  // -------------------------------------------------------------------------------------------------

  /** POST /find (free). Checked for length and secrets before sending; never retried. */
  async find(description: string, options?: RequestOptions): Promise<FindAnswer> {
    const body = checkRequest(FindRequestSchema, { description });
    checkNoSecrets({ description });
    return this.#request({ method: 'POST', path: '/find', body, schema: FindAnswerSchema, options });
  }

  /** GET /agents/{agentId}/calls/{callId}/preview, optionally for a session as it stands. Nothing is held. */
  async preview(
    agentId: string,
    callId: string,
    params: { sessionId?: string | null } = {},
    options?: RequestOptions,
  ): Promise<Preview> {
    const sessionId = params.sessionId ?? undefined;
    checkIds({ agentId, callId, sessionId });
    return this.#request({
      method: 'GET',
      path: `/agents/${seg(agentId)}/calls/${seg(callId)}/preview`,
      query: { sessionId },
      schema: PreviewSchema,
      options,
    });
  }

  /** POST /calls/quote (G14): the preview judged on this exact request. Nothing is held; sent once. */
  async quoteCall(request: StartCallRequestInput, options?: RequestOptions): Promise<Preview> {
    const body = checkStartCall(request);
    return this.#request({ method: 'POST', path: '/calls/quote', body, schema: PreviewSchema, options });
  }

  // -------------------------------------------------------------------------------------------------
  // Calls
  // -------------------------------------------------------------------------------------------------

  /**
   * POST /calls. Always sends an Idempotency-Key: `options.idempotencyKey`, or a new one for this
   * invocation. Retries (network, 500, 409 idempotency_in_progress, 429) resend the same key.
   */
  async startCall(request: StartCallRequestInput, options: IdempotentOptions = {}): Promise<StartCallAnswer> {
    const body = checkStartCall(request);
    return this.#request({
      method: 'POST',
      path: '/calls',
      body,
      schema: StartCallAnswerSchema,
      idempotencyKey: chooseIdempotencyKey(options),
      options,
    });
  }

  /** GET /calls/{runId}. Poll while in_progress or checking; read again for fresh file links. */
  async getCall(runId: string, options?: RequestOptions): Promise<CallResult> {
    checkOpaqueIds({ runId });
    return this.#request({ method: 'GET', path: `/calls/${seg(runId)}`, schema: CallResultSchema, options });
  }

  /** POST /calls/{runId}/stop, with an Idempotency-Key (see startCall). */
  async stopCall(runId: string, options: IdempotentOptions = {}): Promise<StopAnswer> {
    checkOpaqueIds({ runId });
    return this.#request({
      method: 'POST',
      path: `/calls/${seg(runId)}/stop`,
      body: {},
      schema: StopAnswerSchema,
      idempotencyKey: chooseIdempotencyKey(options),
      options,
    });
  }

  /** POST /calls/{runId}/report, with an Idempotency-Key (see startCall). The first report stands. */
  async reportCall(runId: string, report: ReportRequest, options: IdempotentOptions = {}): Promise<ReportAnswer> {
    checkOpaqueIds({ runId });
    const body = checkRequest(ReportRequestSchema, report);
    checkNoSecrets({ reason: body.reason });
    // The contract asks for a reasonKind with did_not_help; the service refuses one without it (G28).
    if (body.verdict === 'did_not_help' && !body.reasonKind) {
      throw new LocalRefusal(
        'invalid_input',
        { what: 'said', key: 'local.reasonKindNeeded' },
        {
          fields: ['reasonKind'],
        },
      );
    }
    return this.#request({
      method: 'POST',
      path: `/calls/${seg(runId)}/report`,
      body,
      schema: ReportAnswerSchema,
      idempotencyKey: chooseIdempotencyKey(options),
      options,
    });
  }

  // -------------------------------------------------------------------------------------------------
  // Sessions
  // -------------------------------------------------------------------------------------------------

  /** POST /sessions (G14): opens a session as plan or question. Sent once. */
  async createSession(request: CreateSessionRequest, options?: RequestOptions): Promise<Session> {
    const body = checkRequest(CreateSessionRequestSchema, request);
    checkNoSecrets({ details: body.details });
    return this.#request({ method: 'POST', path: '/sessions', body, schema: SessionSchema, options });
  }

  /** GET /sessions/{sessionId}. */
  async getSession(sessionId: string, options?: RequestOptions): Promise<Session> {
    checkIds({ sessionId });
    return this.#request({ method: 'GET', path: `/sessions/${seg(sessionId)}`, schema: SessionSchema, options });
  }

  /** PUT /sessions/{sessionId}/answers (G14). */
  async putAnswers(
    sessionId: string,
    answers: Record<string, AnswerInput>,
    options?: RequestOptions,
  ): Promise<Questions> {
    checkIds({ sessionId });
    const body = checkRequest(PutAnswersRequestSchema, { answers });
    checkNoSecrets(ownAnswerTexts(body.answers));
    return this.#request({
      method: 'PUT',
      path: `/sessions/${seg(sessionId)}/answers`,
      body,
      schema: QuestionsSchema,
      options,
    });
  }

  /** PUT /sessions/{sessionId}/details (G14): rewrites the request; 409 invalid_state plan_ran once the plan ran. */
  async putDetails(sessionId: string, details: string, options?: RequestOptions): Promise<Questions> {
    checkIds({ sessionId });
    const body = checkRequest(PutDetailsRequestSchema, { details });
    checkNoSecrets({ details });
    return this.#request({
      method: 'PUT',
      path: `/sessions/${seg(sessionId)}/details`,
      body,
      schema: QuestionsSchema,
      options,
    });
  }

  /** GET /sessions/{sessionId}/plan (G14); 404 not_found before a plan exists. */
  async getPlan(sessionId: string, options?: RequestOptions): Promise<Plan> {
    checkIds({ sessionId });
    return this.#request({ method: 'GET', path: `/sessions/${seg(sessionId)}/plan`, schema: PlanSchema, options });
  }

  // -------------------------------------------------------------------------------------------------
  // Approvals and findings
  // -------------------------------------------------------------------------------------------------

  /** GET /approvals/{approvalId} (G14). */
  async getApproval(approvalId: string, options?: RequestOptions): Promise<Approval> {
    checkOpaqueIds({ approvalId });
    return this.#request({ method: 'GET', path: `/approvals/${seg(approvalId)}`, schema: ApprovalSchema, options });
  }

  /** GET /findings, newest first. */
  async listFindings(options?: RequestOptions): Promise<FindingsAnswer> {
    return this.#request({ method: 'GET', path: '/findings', schema: FindingsAnswerSchema, options });
  }

  // -------------------------------------------------------------------------------------------------
  // Files
  // -------------------------------------------------------------------------------------------------

  /** POST /files (G14): whole body at most 64 KB. Sent once. */
  async uploadFile(request: UploadFileRequest, options?: RequestOptions): Promise<UploadedFile> {
    const body = checkRequest(UploadFileRequestSchema, request);
    return this.#request({ method: 'POST', path: '/files', body, schema: UploadedFileSchema, options });
  }

  /**
   * Fetches a signed file link (`files[].url`, good 300 s) WITHOUT the key, cookies or referrer, whatever its
   * host (services often serve downloads from a storage host of their own). https, or http on a loopback host
   * only. Errors of our emulator: 403 link_expired, 429 download_limit (G14). With `maxBytes` (the file's
   * declared size and a little slack), a body that grows past it is stopped, not read whole.
   */
  async downloadFile(signedUrl: string, options: RequestOptions & { maxBytes?: number } = {}): Promise<DownloadedFile> {
    const checked = checkSiteAddress(signedUrl);
    if (!checked.ok)
      throw new LocalRefusal(
        'unsafe_address',
        { what: 'not_fetched', problem: checked.problem },
        {
          fields: ['url'],
        },
      );
    const url = new URL(signedUrl.trim());
    return withRetry(
      async () => {
        const { response, bytes } = await this.#fetchOnce(
          url,
          // No key, no cookies, no referrer: the link alone is the permission (G14).
          {
            method: 'GET',
            headers: { Accept: '*/*' },
            credentials: 'omit',
            referrerPolicy: 'no-referrer',
            // A redirect is refused, not followed (#fetchOnce): the host permission is for the link's host only.
            redirect: 'manual',
          },
          'bytes',
          options.signal,
          options.maxBytes,
        );
        if (response.ok) return { bytes, contentType: response.headers.get('Content-Type') };
        throw this.#errorFrom(response, new TextDecoder().decode(bytes));
      },
      this.#retryOptions(true, options),
    );
  }

  // -------------------------------------------------------------------------------------------------
  // Sharing (G14; needs the sharing switch)
  // -------------------------------------------------------------------------------------------------

  /** POST /sharing/coverage: which agent covers a kind of project. Sent once. */
  async coverage(description: string, options?: RequestOptions): Promise<CoverageAnswer> {
    const body = checkRequest(CoverageRequestSchema, { description });
    checkNoSecrets({ description });
    return this.#request({ method: 'POST', path: '/sharing/coverage', body, schema: CoverageAnswerSchema, options });
  }

  /** POST /shares: a new share draft. Sent once. */
  async createShare(request: CreateShareRequest, options?: RequestOptions): Promise<ShareDraft> {
    const body = checkRequest(CreateShareRequestSchema, request);
    return this.#request({ method: 'POST', path: '/shares', body, schema: ShareDraftSchema, options });
  }

  /** PUT /shares/{draftId}/files: the draft's files (1 to 20 uploaded file ids). */
  async putShareFiles(draftId: string, fileIds: string[], options?: RequestOptions): Promise<ShareDraft> {
    checkOpaqueIds({ draftId });
    const body = checkRequest(PutShareFilesRequestSchema, { fileIds });
    return this.#request({
      method: 'PUT',
      path: `/shares/${seg(draftId)}/files`,
      body,
      schema: ShareDraftSchema,
      options,
    });
  }

  /** POST /shares/{draftId}/package: hands the draft to the member's sign-off (signOffUrl). Sent once. */
  async packageShare(draftId: string, options?: RequestOptions): Promise<ShareDraft> {
    checkOpaqueIds({ draftId });
    return this.#request({
      method: 'POST',
      path: `/shares/${seg(draftId)}/package`,
      body: {},
      schema: ShareDraftSchema,
      maxBodyBytes: MAX_PACKAGE_BODY_BYTES,
      options,
    });
  }

  /** GET /shares/{draftId}. */
  async getShare(draftId: string, options?: RequestOptions): Promise<ShareDraft> {
    checkOpaqueIds({ draftId });
    return this.#request({ method: 'GET', path: `/shares/${seg(draftId)}`, schema: ShareDraftSchema, options });
  }

  /** GET /shared-projects. */
  async listSharedProjects(options?: RequestOptions): Promise<SharedProjectsAnswer> {
    return this.#request({ method: 'GET', path: '/shared-projects', schema: SharedProjectsAnswerSchema, options });
  }

  // -------------------------------------------------------------------------------------------------
  // Transport
  // -------------------------------------------------------------------------------------------------

  async #request<S extends z.core.$ZodType>(spec: Spec<S>): Promise<z.output<S>> {
    const auth = spec.auth ?? true;
    if (auth && this.#key === null) {
      throw new LocalRefusal('no_key', { what: 'said', key: 'background.notConnected' });
    }
    if (spec.idempotencyKey !== undefined && !isValidIdempotencyKey(spec.idempotencyKey)) {
      throw new LocalRefusal(
        'invalid_input',
        { what: 'said', key: 'local.badIdempotencyKey' },
        {
          fields: ['Idempotency-Key'],
        },
      );
    }
    const url = new URL(`${this.apiBase}${spec.path}`);
    for (const [name, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, value);
    }
    const headers: Record<string, string> = { Accept: 'application/json' };
    let bodyText: string | undefined;
    if (spec.body !== undefined) {
      checkBodySize(spec.body, spec.maxBodyBytes ?? MAX_BODY_BYTES);
      bodyText = JSON.stringify(spec.body);
      headers['Content-Type'] = 'application/json';
    }
    // The key only ever goes to the site's own origin (G17); the check holds even if a path were absolute.
    if (auth && this.#key !== null && url.origin === this.siteOrigin) {
      headers.Authorization = `Bearer ${this.#key}`;
    }
    if (spec.idempotencyKey !== undefined) headers[IDEMPOTENCY_HEADER] = spec.idempotencyKey;
    const init: RequestInit = {
      method: spec.method,
      headers,
      body: bodyText,
      credentials: 'omit',
      // A redirect could carry the key, or the claim's connect code, elsewhere: none is followed (#fetchOnce).
      redirect: 'manual',
    };
    const mayRetry = spec.method === 'GET' || spec.idempotencyKey !== undefined;
    return withRetry(
      async () => {
        const { response, text } = await this.#fetchOnce(url, init, 'text', spec.options?.signal);
        if (!response.ok) throw this.#errorFrom(response, text);
        return parseAnswer(spec.schema, response.status, text);
      },
      this.#retryOptions(mayRetry, spec.options ?? {}),
    );
  }

  #retryOptions(mayRetry: boolean, options: RequestOptions) {
    return {
      mayRetry,
      policy: this.#policy,
      clock: this.#clock,
      random: this.#random,
      signal: options.signal,
      onRetry: options.onRetry,
      beforeAttempt: this.#beforeAttempt,
    };
  }

  /** One fetch with its own timeout; the body is read inside the timeout too. */
  async #fetchOnce(
    url: URL,
    init: RequestInit,
    read: 'text',
    signal?: AbortSignal,
  ): Promise<{ response: Response; text: string }>;
  async #fetchOnce(
    url: URL,
    init: RequestInit,
    read: 'bytes',
    signal?: AbortSignal,
    maxBytes?: number,
  ): Promise<{ response: Response; bytes: Uint8Array }>;
  async #fetchOnce(
    url: URL,
    init: RequestInit,
    read: 'text' | 'bytes',
    signal?: AbortSignal,
    maxBytes?: number,
  ): Promise<{ response: Response; text?: string; bytes?: Uint8Array }> {
    if (signal?.aborted) throw new AbortedError();
    const controller = new AbortController();
    let timedOut = false;
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const timer = this.#clock.setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.#timeoutMs);
    try {
      const response = await this.#fetch(url.href, { ...init, signal: controller.signal });
      // Every request is sent with redirect 'manual': a browser hands back an opaque redirect, Node the 3xx.
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        throw new MalformedAnswerError(response.status, 'redirect');
      }
      if (read === 'text') return { response, text: await response.text() };
      return { response, bytes: await readBytes(response, maxBytes) };
    } catch (error) {
      if (signal?.aborted) throw new AbortedError();
      if (timedOut) throw new NetworkError(true, { cause: error });
      if (isClientError(error)) throw error;
      throw new NetworkError(false, { cause: error });
    } finally {
      this.#clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  #errorFrom(response: Response, text: string): ApiError | MalformedAnswerError {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return new MalformedAnswerError(response.status, 'error_not_json');
    }
    const read = readErrorBody(json);
    if (read === null) return new MalformedAnswerError(response.status, 'error_without_code');
    return new ApiError(response.status, read.code, {
      ...read.extras,
      retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After'), this.#clock.now()),
    });
  }
}

/** Creates a client; throws LocalRefusal('unsafe_address') for an address that is not https (or loopback http). */
export function createClient(options: ClientOptions): ApiClient {
  return new ApiClient(options);
}

/** The body's bytes, stopped as soon as they pass `maxBytes`: a body larger than declared is never held whole. */
async function readBytes(response: Response, maxBytes: number | undefined): Promise<Uint8Array> {
  const over = () => new MalformedAnswerError(response.status, 'over_size');
  if (maxBytes === undefined || response.body === null) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (maxBytes !== undefined && bytes.byteLength > maxBytes) throw over();
    return bytes;
  }
  const reader = response.body.getReader();
  // A Content-Length already past the cap stops before the first byte.
  if (Number(response.headers.get('Content-Length') ?? 0) > maxBytes) {
    // Not awaited: a cancel may wait on another reader of a teed body; the request is done with either way.
    void reader.cancel().catch(() => undefined);
    throw over();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      void reader.cancel().catch(() => undefined);
      throw over();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function parseAnswer<S extends z.core.$ZodType>(schema: S, status: number, text: string): z.output<S> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new MalformedAnswerError(status, 'not_json');
  }
  const result = z.safeParse(schema, json);
  if (!result.success) {
    const issues = formatIssues(result.error.issues);
    throw new MalformedAnswerError(status, 'schema', issues);
  }
  return result.data;
}

function chooseIdempotencyKey(options: IdempotentOptions): string {
  return options.idempotencyKey ?? newIdempotencyKey();
}

/** agentId, callId, sessionId: 1 to 64 characters, as in the POST /calls body. */
function checkIds(ids: Record<string, string | undefined>): void {
  checkRequest(z.object(Object.fromEntries(Object.keys(ids).map((k) => [k, z.optional(PATH_ID)]))), ids);
}

function checkOpaqueIds(ids: Record<string, string>): void {
  checkRequest(z.object(Object.fromEntries(Object.keys(ids).map((k) => [k, OPAQUE_ID]))), ids);
}

function ownAnswerTexts(answers: Record<string, AnswerInput> | null | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [key, answer] of Object.entries(answers ?? {})) {
    if (answer.kind === 'own') texts[`answers.${key}.own`] = answer.own;
  }
  return texts;
}

/** The POST /calls body (also for the quote): limits, then the secret guard on every text sent. */
function checkStartCall(request: StartCallRequestInput) {
  const body = checkRequest(StartCallRequestSchema, request);
  checkNoSecrets({ details: body.details, question: body.question, ...ownAnswerTexts(body.answers) });
  return body;
}
