/**
 * Errors of the Connection API client, one class per kind, all with a `kind` discriminant:
 * - `api`: the service refused (HTTP status + code + extras). Codes are turned into the member's words here.
 * - `malformed`: an answer that is not JSON, has no readable error code, or does not fit its schema.
 * - `network`: the request never got an answer (offline, DNS, reset, or our timeout).
 * - `local`: refused on this machine before anything was sent (limits, secret guard, code format, origin).
 * - `aborted`: the caller cancelled.
 * No error ever carries the connection key: messages are built from codes and counts, never from headers.
 */
import type { UntrustedText } from './schemas';
import { knownSwitchName } from '@/lib/words/switches';
import { formatAbsolute } from '@/lib/format/time';
import { t, tn } from '@/lib/i18n';

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

const COMMON_CODES = [
  'unauthenticated',
  'key_revoked',
  'account_suspended',
  'session_scoped',
  'rate_limited',
  'not_available',
  'server_error',
  'not_found',
  'invalid_json',
  'too_large',
  'retired',
] as const;

const IDEMPOTENCY_CODES = ['idempotency_key_required', 'idempotency_key_reused', 'idempotency_in_progress'] as const;

const START_CALL_CODES = [
  'not_found',
  'invalid_input',
  'secret_in_details',
  'switched_off',
  'needs_approval',
  'agent_blocked',
  'short',
  'agent_unavailable',
  'over_max',
  'details_missing',
  'invalid_answers',
  'session_closed',
  'approval_not_usable',
  'over_limit',
  'failed_calls',
  'findings_off',
] as const;

const OTHER_ENDPOINT_CODES = ['code_not_valid', 'invalid_state'] as const;

/** Codes seen only in the contract's changelog. */
const CHANGELOG_CODES = [
  'plan_ran',
  'corrections_blocked',
  'invalid_package',
  'invalid_batch',
  'not_stamped',
  'cleaner_version',
  'stamp_mismatch',
  'not_cleaned',
  'too_slow',
  'agent_busy',
] as const;

/** Codes added by docs/contract-gaps.md (G14: signed file links). */
const GAP_CODES = ['link_expired', 'download_limit'] as const;

export const KNOWN_CODES = [
  ...new Set([
    ...COMMON_CODES,
    ...IDEMPOTENCY_CODES,
    ...START_CALL_CODES,
    ...OTHER_ENDPOINT_CODES,
    ...CHANGELOG_CODES,
    ...GAP_CODES,
  ]),
] as const;
export type KnownCode =
  | (typeof COMMON_CODES)[number]
  | (typeof IDEMPOTENCY_CODES)[number]
  | (typeof START_CALL_CODES)[number]
  | (typeof OTHER_ENDPOINT_CODES)[number]
  | (typeof CHANGELOG_CODES)[number]
  | (typeof GAP_CODES)[number];

export function isKnownCode(code: string): code is KnownCode {
  return (KNOWN_CODES as readonly string[]).includes(code);
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

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

function readUt(v: unknown): UntrustedText | null {
  if (isObject(v) && typeof v.untrustedText === 'string') {
    return { untrustedText: v.untrustedText, truncated: v.truncated === true };
  }
  return typeof v === 'string' ? { untrustedText: v, truncated: false } : null;
}

function readFields(v: unknown): string[] {
  if (Array.isArray(v)) return v.filter((f): f is string => typeof f === 'string');
  if (isObject(v)) return Object.keys(v);
  return typeof v === 'string' ? [v] : [];
}

function readProblems(v: unknown): ApiProblem[] {
  if (!Array.isArray(v)) return [];
  const out: ApiProblem[] = [];
  for (const p of v) {
    if (typeof p === 'string') out.push({ key: null, problem: p });
    else if (isObject(p)) {
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
    else if (isObject(m) && typeof m.key === 'string') {
      out.push({ key: m.key, untrustedDetail: readUt(m.untrustedDetail) });
    }
  }
  return out;
}

/**
 * Retry-After: delay-seconds or an HTTP date (RFC 9110). Null when absent or unreadable.
 * `nowMs` makes the date form testable on a fake clock.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * Reads an error answer's body per G1: the code from `error.code`, a top-level `code`, or `error` when it
 * is a string; extras from the error object or the top level. Null when no code can be read.
 */
export function readErrorBody(
  body: unknown,
): { code: string; extras: Omit<ApiErrorExtras, 'retryAfterSeconds'> } | null {
  if (!isObject(body)) return null;
  const inner = isObject(body.error) ? body.error : null;
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

interface Described {
  message: string;
  next: NextStep;
}

const wait = (x: ApiErrorExtras): NextStep => ({ kind: 'wait', seconds: x.retryAfterSeconds, until: x.until });

function waitWords(x: ApiErrorExtras): string {
  if (x.retryAfterSeconds !== null) return t('errors.waitSeconds', { seconds: x.retryAfterSeconds });
  if (x.until !== null)
    return t('errors.waitUntil', { time: Number.isNaN(Date.parse(x.until)) ? x.until : formatAbsolute(x.until) });
  return t('errors.waitMoment');
}

function switchName(reason: string | null): string {
  return knownSwitchName(reason) ?? (reason === null ? t('words.switchAny') : t('errors.switchQuoted', { reason }));
}

function approvalWhy(reason: string | null): string {
  switch (reason) {
    case 'new_agent':
      return t('errors.approvalWhy.newAgent');
    case 'second_session':
      return t('errors.approvalWhy.secondSession');
    case 'over_calls':
      return t('errors.approvalWhy.overCalls');
    case 'spending_off':
      return t('errors.approvalWhy.spendingOff');
    default:
      return t('errors.approvalWhy.other');
  }
}

/**
 * Message and next step for a code, in the member's language; unknown codes get a refusal that names the
 * code and status (the site's own message is shown beside it, as sent).
 */
export function describe(code: string, status: number, x: ApiErrorExtras): Described {
  const fix: NextStep = { kind: 'fix_request', fields: x.fields };
  switch (code) {
    case 'unauthenticated':
      return { message: t('errors.unauthenticated'), next: { kind: 'reconnect' } };
    case 'key_revoked':
      return { message: t('errors.keyRevoked'), next: { kind: 'reconnect' } };
    case 'account_suspended':
      return { message: t('errors.accountSuspended'), next: { kind: 'none' } };
    case 'session_scoped':
      return { message: t('errors.sessionScoped'), next: { kind: 'reconnect' } };
    case 'rate_limited':
      return { message: t('errors.rateLimited', { wait: waitWords(x) }), next: wait(x) };
    case 'not_available':
      if (x.reason === 'findings_not_kept')
        return { message: t('errors.findingsNotKept'), next: { kind: 'member_settings' } };
      return { message: t('errors.notAvailable'), next: { kind: 'none' } };
    case 'server_error':
      return { message: t('errors.serverError'), next: { kind: 'retry' } };
    case 'not_found':
      return { message: t('errors.notFound'), next: { kind: 'refresh' } };
    case 'invalid_json':
      return { message: t('errors.invalidJson'), next: { kind: 'update_extension' } };
    case 'too_large':
      return { message: t('errors.tooLarge'), next: fix };
    case 'retired':
      return { message: t('errors.retired'), next: { kind: 'update_extension' } };
    case 'idempotency_key_required':
    case 'idempotency_key_reused':
      return { message: t('errors.idempotencyKey'), next: { kind: 'none' } };
    case 'idempotency_in_progress':
      return { message: t('errors.idempotencyInProgress'), next: wait(x) };
    case 'invalid_input':
      return {
        message:
          x.fields.length > 0
            ? t('errors.invalidInputFields', { fields: x.fields.join(', ') })
            : t('errors.invalidInput'),
        next: fix,
      };
    case 'secret_in_details':
      return { message: t('errors.secretInDetails'), next: fix };
    case 'switched_off':
      return { message: t('errors.switchedOff', { switch: switchName(x.reason) }), next: { kind: 'member_settings' } };
    case 'needs_approval':
      return {
        message: t('errors.needsApproval', { why: approvalWhy(x.reason) }),
        next: { kind: 'approve', approvalId: x.approvalId, approvalUrl: x.approvalUrl },
      };
    case 'agent_blocked':
      return { message: t('errors.agentBlocked'), next: { kind: 'member_settings' } };
    case 'short':
      if (x.reason === 'held')
        return { message: t('errors.shortHeld'), next: { kind: 'wait', seconds: null, until: null } };
      return { message: t('errors.short'), next: { kind: 'top_up', topUpUrl: x.topUpUrl } };
    case 'agent_unavailable':
      return { message: t('errors.agentUnavailable'), next: { kind: 'none' } };
    case 'over_max':
      return { message: t('errors.overMax'), next: { kind: 'fix_request', fields: ['maxCents'] } };
    case 'details_missing':
      return { message: tn('errors.detailsMissing', x.missing.length), next: { kind: 'answer_questions' } };
    case 'invalid_answers':
      return { message: t('errors.invalidAnswers'), next: { kind: 'answer_questions' } };
    case 'session_closed':
      return { message: t('errors.sessionClosed'), next: { kind: 'new_session' } };
    case 'approval_not_usable':
      return { message: t('errors.approvalNotUsable'), next: { kind: 'none' } };
    case 'over_limit':
      return { message: t('errors.overLimit'), next: wait(x) };
    case 'failed_calls':
      return { message: t('errors.failedCalls', { wait: waitWords(x) }), next: wait(x) };
    case 'findings_off':
      return { message: t('errors.findingsOff'), next: { kind: 'member_settings' } };
    case 'code_not_valid':
      return { message: t('errors.codeNotValid'), next: { kind: 'reconnect' } };
    case 'invalid_state':
      if (x.reason === 'checking') return { message: t('errors.checking'), next: wait(x) };
      if (x.reason === 'plan_ran') return { message: t('errors.planRanRewrite'), next: { kind: 'new_session' } };
      return { message: t('errors.invalidState'), next: { kind: 'refresh' } };
    case 'plan_ran':
      return { message: t('errors.planRan'), next: { kind: 'new_session' } };
    case 'agent_busy':
      return { message: t('errors.agentBusy'), next: wait(x) };
    case 'corrections_blocked':
      return { message: t('errors.correctionsBlocked'), next: { kind: 'none' } };
    case 'invalid_package':
      return { message: t('errors.invalidPackage'), next: fix };
    case 'invalid_batch':
    case 'not_stamped':
    case 'cleaner_version':
    case 'stamp_mismatch':
    case 'not_cleaned':
      return { message: t('errors.packageRefused', { code }), next: { kind: 'update_extension' } };
    case 'too_slow':
      return { message: t('errors.tooSlow'), next: { kind: 'retry' } };
    case 'link_expired':
      return { message: t('errors.linkExpired'), next: { kind: 'refresh' } };
    case 'download_limit':
      return { message: t('errors.downloadLimit', { wait: waitWords(x) }), next: wait(x) };
    default:
      // An unknown code is a refusal (Versioning): the site's own message is shown beside these words.
      return { message: t('errors.unknownCode', { status, code }), next: { kind: 'none' } };
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
    const { message, next } = describe(code, status, x);
    super(message);
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

/** The answer could not be read: not JSON, no error code, or not the contract's shape. */
export class MalformedAnswerError extends ClientErrorBase {
  readonly kind = 'malformed' as const;
  /**
   * True for a 5xx without a readable code (a proxy's error page, a crash): a failure on the site's side,
   * retried like 500 server_error. An unreadable 2xx or 4xx is never retried.
   */
  readonly retryable: boolean;
  readonly status: number;
  /** Paths and messages of schema problems, e.g. "status: expected string"; empty when not JSON. */
  readonly issues: string[];

  constructor(status: number, what: string, issues: string[] = []) {
    super(t('errors.malformed', { status, what }));
    this.name = 'MalformedAnswerError';
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
    super(timedOut ? t('errors.timedOut') : t('errors.unreachable'), options);
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

/** Refused on this machine; nothing was sent. */
export class LocalRefusal extends ClientErrorBase {
  readonly kind = 'local' as const;
  readonly retryable = false;
  readonly reason: LocalReason;
  /** Fields at fault, e.g. ["details"]. */
  readonly fields: string[];
  /** For secret_found: what was found, as short labels ("a private key block"); never the secret. */
  readonly found: string[];

  constructor(reason: LocalReason, message: string, options: { fields?: string[]; found?: string[] } = {}) {
    super(message);
    this.name = 'LocalRefusal';
    this.reason = reason;
    this.fields = options.fields ?? [];
    this.found = options.found ?? [];
  }
}

/** The caller cancelled (AbortSignal). */
export class AbortedError extends ClientErrorBase {
  readonly kind = 'aborted' as const;
  readonly retryable = false;

  constructor() {
    super(t('errors.cancelled'));
    this.name = 'AbortedError';
  }
}

export type ClientError = ApiError | MalformedAnswerError | NetworkError | LocalRefusal | AbortedError;

export function isClientError(e: unknown): e is ClientError {
  return e instanceof ClientErrorBase;
}
