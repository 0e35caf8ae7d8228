/**
 * Errors of the Connection API client, one class per kind, all with a `kind` discriminant. They classify (the
 * code, what to do next, whether to retry) and carry what the member's words are made from; the words
 * themselves are lib/words/errors.ts' (errorWords), so this module, and the emulator, need no i18n.
 * - `api`: the service refused (HTTP status + code + extras).
 * - `malformed`: an answer that is not JSON, has no readable error code, or does not fit its schema.
 * - `network`: the request never got an answer (offline, DNS, reset, or our timeout).
 * - `local`: refused on this machine before anything was sent (limits, secret guard, code format, origin).
 * - `aborted`: the caller cancelled.
 * No error ever carries the connection key: messages are built from codes and counts, never from headers.
 */
import type { UntrustedText } from '@/lib/contract/conventions';
import type * as z from 'zod/mini';
import type { SecretKind } from '@/lib/safety/secret-guard';
import type { AddressProblem } from '@/lib/safety/urls';
import { isJsonObject } from './json-object';

// ---------------------------------------------------------------------------------------------------
// Next steps: what the member (or the extension) can do about a refusal
// ---------------------------------------------------------------------------------------------------

export type NextStep =
  /** Key missing, wrong or revoked: make a new connection and claim its code. */
  | { kind: 'reconnect' }
  /** The member approves this exact call on the site, then it is resent with approvalId. */
  | { kind: 'approve'; approvalId: string | null; approvalUrl: string | null }
  /** Buy credits on the site. */
  | { kind: 'top_up'; topUpUrl: string | null }
  /** Try again later: after `seconds`, at `until`, or when a running call ends (both null). */
  | { kind: 'wait'; seconds: number | null; until: string | null }
  /** Transient failure on the site's side: try again shortly. */
  | { kind: 'retry' }
  /** Change what was sent (the named fields). */
  | { kind: 'fix_request'; fields: readonly string[] }
  /** Answer the agent's questions first (missing details or answers that do not fit). */
  | { kind: 'answer_questions' }
  /** The session is closed: start a new one. */
  | { kind: 'new_session' }
  /** A switch or choice only the member can change, on the connection's page. */
  | { kind: 'member_settings' }
  /** Open the item again (e.g. read the call again for a fresh file link). */
  | { kind: 'refresh' }
  /** The extension is out of date for this service. */
  | { kind: 'update_extension' }
  /** Nothing the extension can do; the member may contact the service. */
  | { kind: 'none' };

// ---------------------------------------------------------------------------------------------------
// Every code the contract (and docs/contract-gaps.md) names
// ---------------------------------------------------------------------------------------------------

/**
 * What the member (or the extension) can do about each code, by the rule its next step follows: most codes
 * name their step alone; `wait` takes the answer's Retry-After or until, `fix` the fields at fault, and `own`
 * codes decide by their reason (nextStepFor). A code not listed is a refusal (Versioning).
 */
type NextRule =
  | 'reconnect'
  | 'retry'
  | 'refresh'
  | 'update_extension'
  | 'member_settings'
  | 'answer_questions'
  | 'new_session'
  | 'none'
  | 'wait'
  | 'fix'
  | 'own';

const CODES = {
  // Every endpoint.
  unauthenticated: 'reconnect',
  key_revoked: 'reconnect',
  account_suspended: 'none',
  session_scoped: 'reconnect',
  rate_limited: 'wait',
  not_available: 'own',
  server_error: 'retry',
  not_found: 'refresh',
  invalid_json: 'update_extension',
  too_large: 'fix',
  retired: 'update_extension',
  // The Idempotency-Key.
  idempotency_key_required: 'none',
  idempotency_key_reused: 'none',
  idempotency_in_progress: 'wait',
  // POST /calls.
  invalid_input: 'fix',
  secret_in_details: 'fix',
  switched_off: 'member_settings',
  needs_approval: 'own',
  agent_blocked: 'member_settings',
  short: 'own',
  agent_unavailable: 'none',
  over_max: 'own',
  details_missing: 'answer_questions',
  invalid_answers: 'answer_questions',
  session_closed: 'new_session',
  approval_not_usable: 'none',
  over_limit: 'wait',
  failed_calls: 'wait',
  findings_off: 'member_settings',
  // Other endpoints.
  code_not_valid: 'reconnect',
  invalid_state: 'own',
  // Seen only in the contract's changelog.
  plan_ran: 'new_session',
  corrections_blocked: 'none',
  invalid_package: 'fix',
  invalid_batch: 'update_extension',
  not_stamped: 'update_extension',
  cleaner_version: 'update_extension',
  stamp_mismatch: 'update_extension',
  not_cleaned: 'update_extension',
  too_slow: 'retry',
  agent_busy: 'wait',
  // Added by docs/contract-gaps.md (G14: signed file links).
  link_expired: 'refresh',
  download_limit: 'wait',
} as const satisfies Record<string, NextRule>;

/** Every code the contract (and docs/contract-gaps.md) names. */
export type KnownCode = keyof typeof CODES;
export const KNOWN_CODES = Object.keys(CODES) as KnownCode[];

export function isKnownCode(code: string): code is KnownCode {
  return Object.hasOwn(CODES, code);
}

/** Codes after which the very same request may be sent again (with the same Idempotency-Key). */
const RETRYABLE_CODES: ReadonlySet<string> = new Set(['server_error', 'rate_limited', 'idempotency_in_progress']);

// ---------------------------------------------------------------------------------------------------
// Extras, read tolerantly (G1)
// ---------------------------------------------------------------------------------------------------

export interface ApiProblem {
  /** The answer's key, or null when the service gave the problem as plain text. */
  key: string | null;
  problem: string;
}

export interface ApiMissingDetail {
  key: string;
  untrustedDetail: UntrustedText | null;
}

export interface ApiErrorExtras {
  fields: string[];
  problems: ApiProblem[];
  missing: ApiMissingDetail[];
  approvalId: string | null;
  approvalUrl: string | null;
  topUpUrl: string | null;
  reason: string | null;
  until: string | null;
  /** From the Retry-After header (seconds, or an HTTP date turned into seconds). */
  retryAfterSeconds: number | null;
  /** The service's own English text, if any; shown only as a detail, never as the member's message. */
  serverMessage: string | null;
}

export const NO_EXTRAS: ApiErrorExtras = {
  fields: [],
  problems: [],
  missing: [],
  approvalId: null,
  approvalUrl: null,
  topUpUrl: null,
  reason: null,
  until: null,
  retryAfterSeconds: null,
  serverMessage: null,
};

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function readUt(v: unknown): UntrustedText | null {
  if (isJsonObject(v) && typeof v.untrustedText === 'string') {
    return { untrustedText: v.untrustedText, truncated: v.truncated === true };
  }
  return typeof v === 'string' ? { untrustedText: v, truncated: false } : null;
}

function readFields(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((f): f is string => typeof f === 'string');
  if (isJsonObject(v)) return Object.keys(v);
  return typeof v === 'string' ? [v] : [];
}

function readProblems(v: unknown): ApiProblem[] {
  if (!Array.isArray(v)) return [];
  const out: ApiProblem[] = [];
  for (const p of v) {
    if (typeof p === 'string') out.push({ key: null, problem: p });
    else if (isJsonObject(p)) {
      const problem = str(p.problem) ?? str(p.message) ?? '';
      out.push({ key: str(p.key), problem });
    }
  }
  return out;
}

function readMissing(v: unknown): ApiMissingDetail[] {
  if (!Array.isArray(v)) return [];
  const out: ApiMissingDetail[] = [];
  for (const m of v) {
    if (typeof m === 'string') out.push({ key: m, untrustedDetail: null });
    else if (isJsonObject(m) && typeof m.key === 'string') {
      out.push({ key: m.key, untrustedDetail: readUt(m.untrustedDetail) });
    }
  }
  return out;
}

/**
 * Retry-After: delay-seconds or an HTTP date (RFC 9110). Null when absent or unreadable.
 * `nowMs` makes the date form testable on a fake clock.
 */
/**
 * The longest wait a Retry-After is taken for: the contract names no ceiling, and a site's "50000" must not stop
 * every poll, send and approval check for 14 hours (the member can still ask again by hand).
 */
export const RETRY_AFTER_MAX_SECONDS = 3600;

export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed), RETRY_AFTER_MAX_SECONDS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, Math.ceil((at - nowMs) / 1000)), RETRY_AFTER_MAX_SECONDS);
}

/**
 * Reads an error answer's body per G1: the code from `error.code`, a top-level `code`, or `error` when it
 * is a string; extras from the error object or the top level. Null when no code can be read.
 */
export function readErrorBody(
  body: unknown,
): { code: string; extras: Omit<ApiErrorExtras, 'retryAfterSeconds'> } | null {
  if (!isJsonObject(body)) return null;
  const inner = isJsonObject(body.error) ? body.error : null;
  const code = str(inner?.code) ?? str(body.code) ?? str(body.error);
  if (code === null || code === '') return null;
  const pick = (name: string): unknown => (inner && name in inner ? inner[name] : body[name]);
  return {
    code,
    extras: {
      fields: readFields(pick('fields')),
      problems: readProblems(pick('problems')),
      missing: readMissing(pick('missing')),
      approvalId: str(pick('approvalId')),
      approvalUrl: str(pick('approvalUrl')),
      topUpUrl: str(pick('topUpUrl')),
      reason: str(pick('reason')),
      until: str(pick('until')),
      serverMessage: str(pick('message')),
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The member's words
// ---------------------------------------------------------------------------------------------------

const wait = (x: ApiErrorExtras): NextStep => ({ kind: 'wait', seconds: x.retryAfterSeconds, until: x.until });

/** What the member (or the extension) can do about a code: classification only, the words are lib/words/errors.ts'. */
function nextStepFor(code: string, x: ApiErrorExtras): NextStep {
  const rule: NextRule = isKnownCode(code) ? CODES[code] : 'none';
  switch (rule) {
    case 'wait':
      return wait(x);
    case 'fix':
      return { kind: 'fix_request', fields: x.fields };
    case 'own':
      return ownNextStep(code, x);
    default:
      return { kind: rule };
  }
}

/** The next step of a code that decides it by the answer's reason or fields. */
function ownNextStep(code: string, x: ApiErrorExtras): NextStep {
  switch (code) {
    case 'not_available':
      return x.reason === 'findings_not_kept' ? { kind: 'member_settings' } : { kind: 'none' };
    case 'needs_approval':
      return { kind: 'approve', approvalId: x.approvalId, approvalUrl: x.approvalUrl };
    case 'short':
      return x.reason === 'held'
        ? { kind: 'wait', seconds: null, until: null }
        : { kind: 'top_up', topUpUrl: x.topUpUrl };
    case 'over_max':
      return { kind: 'fix_request', fields: ['maxCents'] };
    default:
      // invalid_state: while checking, wait; after the plan ran, a new session; else read it again.
      if (x.reason === 'checking') return wait(x);
      return x.reason === 'plan_ran' ? { kind: 'new_session' } : { kind: 'refresh' };
  }
}

// ---------------------------------------------------------------------------------------------------
// Error classes
// ---------------------------------------------------------------------------------------------------

type ErrorKind = 'api' | 'malformed' | 'network' | 'local' | 'aborted';

abstract class ClientErrorBase extends Error {
  abstract readonly kind: ErrorKind;
  /** Whether the same request may be sent again (same Idempotency-Key). */
  abstract readonly retryable: boolean;
}

/** The service answered with an error code. */
export class ApiError extends ClientErrorBase {
  readonly kind = 'api' as const;
  readonly status: number;
  readonly code: string;
  /** False for a code this client does not know: a refusal, never retried (Versioning). */
  readonly known: boolean;
  readonly retryable: boolean;
  readonly next: NextStep;
  readonly fields: string[];
  readonly problems: ApiProblem[];
  readonly missing: ApiMissingDetail[];
  readonly approvalId: string | null;
  readonly approvalUrl: string | null;
  readonly topUpUrl: string | null;
  readonly reason: string | null;
  readonly until: string | null;
  readonly retryAfterSeconds: number | null;
  readonly serverMessage: string | null;

  constructor(status: number, code: string, extras: Partial<ApiErrorExtras> = {}) {
    const x: ApiErrorExtras = { ...NO_EXTRAS, ...extras };
    super(`${status} ${code}`);
    const next = nextStepFor(code, x);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.known = isKnownCode(code);
    this.retryable = this.known && RETRYABLE_CODES.has(code);
    this.next = next;
    this.fields = x.fields;
    this.problems = x.problems;
    this.missing = x.missing;
    this.approvalId = x.approvalId;
    this.approvalUrl = x.approvalUrl;
    this.topUpUrl = x.topUpUrl;
    this.reason = x.reason;
    this.until = x.until;
    this.retryAfterSeconds = x.retryAfterSeconds;
    this.serverMessage = x.serverMessage;
  }
}

/**
 * `redirect`: a 3xx (or a browser's opaque redirect, status 0), never followed: it could carry a code or a key
 * elsewhere. `over_size`: a file's body past its declared size (and slack), stopped while read.
 */
export type MalformedWhat = 'not_json' | 'error_not_json' | 'error_without_code' | 'schema' | 'redirect' | 'over_size';

/** The answer could not be read: not JSON, no error code, or not the contract's shape. */
export class MalformedAnswerError extends ClientErrorBase {
  readonly kind = 'malformed' as const;
  /**
   * True for a 5xx without a readable code (a proxy's error page, a crash): a failure on the site's side,
   * retried like 500 server_error. An unreadable 2xx or 4xx is never retried.
   */
  readonly retryable: boolean;
  readonly status: number;
  /** What could not be read: not JSON, an error without a code, or the contract's shape (see `issues`). */
  readonly what: MalformedWhat;
  /** Paths and messages of schema problems, e.g. "status: expected string"; empty when not JSON. */
  readonly issues: string[];

  constructor(status: number, what: MalformedWhat, issues: string[] = []) {
    super(`${status} ${what}`);
    this.name = 'MalformedAnswerError';
    this.what = what;
    this.status = status;
    this.retryable = status >= 500;
    this.issues = issues;
  }
}

/** No answer arrived: offline, connection reset, or the request took longer than its timeout. */
export class NetworkError extends ClientErrorBase {
  readonly kind = 'network' as const;
  readonly retryable = true;
  readonly timedOut: boolean;

  constructor(timedOut: boolean, options?: { cause?: unknown }) {
    super(timedOut ? 'timed out' : 'unreachable', options);
    this.name = 'NetworkError';
    this.timedOut = timedOut;
  }
}

export type LocalReason =
  /** A field outside the contract's limits. */
  | 'invalid_input'
  /** The body is over its size limit. */
  | 'too_large'
  /** Text looks like it holds a key, password or token. */
  | 'secret_found'
  /** A connect code not of the form ABC-DEFG-HJKL (G6). */
  | 'code_format'
  /** A site address that is not https (or http on a loopback host), or a key for another origin (G17). */
  | 'unsafe_address'
  /** A method that needs the key was called without one. */
  | 'no_key';

/** What a local refusal is about, for its words: the request's problems, its size, a secret, an address. */
export type LocalDetail =
  /** The request schema's problems (lib/api/limits checkRequest). */
  | { what: 'invalid'; issues: readonly z.core.$ZodIssue[] }
  | { what: 'too_large'; bytes: number; maxBytes: number }
  | { what: 'secrets'; fields: readonly string[] }
  /** The site's address typed, or a file link, that is not one the key may go to (G17). */
  | { what: 'address'; problem: AddressProblem }
  | { what: 'not_fetched'; problem: AddressProblem }
  /** A refusal said by one sentence of the locale files (`local.*`), named by its key: no words here. */
  | { what: 'said'; key: LocalSentence };

/** The keys of the locale files' sentences a LocalRefusal can be said with. */
type LocalSentence =
  | 'local.codeFormat'
  | 'local.badStoredKey'
  | 'background.notConnected'
  | 'local.otherAddress'
  | 'local.badSpentSince'
  | 'local.reasonKindNeeded'
  | 'local.badIdempotencyKey';

/** Refused on this machine; nothing was sent. */
export class LocalRefusal extends ClientErrorBase {
  readonly kind = 'local' as const;
  readonly retryable = false;
  readonly reason: LocalReason;
  readonly detail: LocalDetail;
  /** Fields at fault, e.g. ["details"]. */
  readonly fields: string[];
  /** For secret_found: the kinds of secret found; never the secret. */
  readonly found: SecretKind[];

  constructor(reason: LocalReason, detail: LocalDetail, options: { fields?: string[]; found?: SecretKind[] } = {}) {
    // Not the member's words (errorWords says them): what a log or a stack trace shows, the fields included.
    super(
      `${reason}: ${detail.what === 'said' ? detail.key : detail.what}${options.fields?.length ? ` (${options.fields.join(', ')})` : ''}`,
    );
    this.name = 'LocalRefusal';
    this.reason = reason;
    this.detail = detail;
    this.fields = options.fields ?? [];
    this.found = options.found ?? [];
  }
}

/** The caller cancelled (AbortSignal). */
export class AbortedError extends ClientErrorBase {
  readonly kind = 'aborted' as const;
  readonly retryable = false;

  constructor() {
    super('cancelled');
    this.name = 'AbortedError';
  }
}

export type ClientError = ApiError | MalformedAnswerError | NetworkError | LocalRefusal | AbortedError;

export function isClientError(e: unknown): e is ClientError {
  return e instanceof ClientErrorBase;
}
