/**
 * The API client's errors in the member's words (lib/api/errors classifies them; this says them): a refusal
 * by its code, an answer that could not be read, no answer, a request refused on this machine. The worker
 * stores what the words are made of (lib/api/error-said); the panel loads this module where an error is shown
 * (components/common/error-text), so neither the worker nor the panel's first screen carries these words.
 */
import type { ApiErrorExtras, ClientError, MalformedWhat } from '@/lib/api/errors';
import { type ErrorSaid, errorSaid, type SaidIssue, type SaidLocalDetail } from '@/lib/api/error-said';
import { issuePath as pathName } from '@/lib/contract/issues';
import type { MemberError } from '@/lib/db/member-error';
import { formatCount } from '@/lib/format/count';
import { formatBytes } from '@/lib/format/size';
import { formatAbsolute } from '@/lib/format/time';
import { t, tn, tnNamed } from '@/lib/i18n';
import { addressWords } from './address';
import { describeSecrets, secretLabel } from './secrets';
import { knownSwitchName } from './switches';

/** Any of the client's errors as the member reads it. */
export function errorWords(err: ClientError): string {
  const status = err.kind === 'api' || err.kind === 'malformed' ? err.status : 0;
  return saidWords(errorSaid(err), err.kind === 'api' ? err.code : '', status, err.kind === 'api' ? err : NONE);
}

const NONE: SaidExtras = { fields: [], missing: [], reason: null, until: null, retryAfterSeconds: null };

/** A member error as the member reads it: its own sentence (local errors, rows stored before), else its words. */
export function memberErrorWords(error: MemberError): string {
  if (error.message !== undefined) return error.message;
  if (error.said === undefined) return '';
  const x = error.extras;
  return saidWords(error.said, error.code, error.status ?? 0, {
    fields: x.fields ?? [],
    missing: x.missing ?? [],
    reason: x.reason ?? null,
    until: x.until ?? null,
    retryAfterSeconds: x.retryAfterSeconds ?? null,
  });
}

function saidWords(said: ErrorSaid, code: string, status: number, x: SaidExtras): string {
  const words = plainWords(said, code, status, x);
  return said.fileNotFetched ? t('background.fileNotFetched', { problem: words }) : words;
}

function plainWords(said: ErrorSaid, code: string, status: number, x: SaidExtras): string {
  switch (said.kind) {
    case 'api':
      return apiErrorWords(code, status, x);
    case 'malformed':
      if (said.what === 'redirect') return t('errors.redirected');
      if (said.what === 'over_size') return t('errors.overSize');
      return t('errors.malformed', { status, what: malformedWords(said.what, said.issues) });
    case 'network':
      return said.timedOut ? t('errors.timedOut') : t('errors.unreachable');
    case 'local':
      return localWords(said.detail, said.found);
    case 'aborted':
      return t('errors.cancelled');
  }
}

/** What a refusal's words read of its extras. */
type SaidExtras = Pick<ApiErrorExtras, 'reason' | 'until' | 'retryAfterSeconds'> & {
  fields: readonly string[];
  missing: readonly unknown[];
};

function malformedWords(what: MalformedWhat, issues: readonly string[]): string {
  switch (what) {
    case 'not_json':
      return t('local.notJson');
    case 'error_not_json':
      return t('local.errorNotJson');
    case 'error_without_code':
      return t('local.errorWithoutCode');
    case 'schema':
      return issues.slice(0, 3).join('; ');
    case 'redirect':
      return t('errors.redirected');
    case 'over_size':
      return t('errors.overSize');
  }
}

function localWords(detail: SaidLocalDetail, found: readonly Parameters<typeof secretLabel>[0][]): string {
  switch (detail.what) {
    case 'invalid':
      return t('local.invalid', { problems: [...new Set(detail.issues.map(issueWords))].join('; ') });
    case 'too_large':
      return t('local.tooLarge', { size: formatBytes(detail.bytes), max: formatBytes(detail.maxBytes) });
    case 'secrets':
      return t('local.secrets', {
        fields: detail.fields.join(', '),
        what: describeSecrets(found.map((kind) => ({ label: secretLabel(kind) }))),
      });
    case 'address':
      return addressWords(detail.problem);
    case 'not_fetched':
      return t('local.notFetched', { problem: addressWords(detail.problem) });
    case 'said':
      return t(detail.key);
  }
}

/** A string's length as the limits count it (code points, G19), written the member's way. */
function lengthWords(chars: number | undefined): string {
  return chars === undefined ? '?' : formatCount(chars);
}

/** One problem with a request in the member's words; field names are the contract's tokens. */
function issueWords(issue: SaidIssue): string {
  const field = pathName(issue.path) || t('local.theRequest');
  if (issue.path[0] === 'keepFindings') return t('local.keepFindings');
  switch (issue.code) {
    case 'too_big':
      if (issue.origin === 'array') return t('local.atMostItems', { field, max: String(issue.maximum) });
      if (issue.origin === 'string') {
        return tnNamed('local.atMostChars', Number(issue.maximum), { field, count: lengthWords(issue.chars) });
      }
      return t('local.atMost', { field, max: String(issue.maximum) });
    case 'too_small':
      if (issue.origin === 'array') return t('local.atLeastItems', { field, min: String(issue.minimum) });
      if (issue.origin === 'string') {
        return tnNamed('local.atLeastChars', Number(issue.minimum), { field, count: lengthWords(issue.chars) });
      }
      return t('local.atLeast', { field, min: String(issue.minimum) });
    case 'invalid_type':
      if (issue.absent) return t('local.missing', { field });
      if (issue.expected === 'int') return t('local.wholeNumber', { field });
      return t('local.ofType', { field, type: issue.expected ?? '' });
    default:
      return t('local.notValid', { field });
  }
}

function waitWords(x: SaidExtras): string {
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
      return t('words.approvalReason.newAgent');
    case 'second_session':
      return t('words.approvalReason.secondSession');
    case 'over_calls':
      return t('words.approvalReason.overCalls');
    case 'spending_off':
      return t('words.approvalReason.spendingOff');
    default:
      return t('words.approvalReason.other');
  }
}

/**
 * A refusal's code in the member's language; an unknown code gets a refusal that names the code and status
 * (the site's own message is shown beside it, as sent).
 */
export function apiErrorWords(code: string, status: number, x: SaidExtras): string {
  switch (code) {
    case 'unauthenticated':
      return t('errors.unauthenticated');
    case 'key_revoked':
      return t('errors.keyRevoked');
    case 'account_suspended':
      return t('errors.accountSuspended');
    case 'session_scoped':
      return t('errors.sessionScoped');
    case 'rate_limited':
      return t('errors.rateLimited', { wait: waitWords(x) });
    case 'not_available':
      if (x.reason === 'findings_not_kept') return t('errors.findingsNotKept');
      return t('errors.notAvailable');
    case 'server_error':
      return t('errors.serverError');
    case 'not_found':
      return t('errors.notFound');
    case 'invalid_json':
      return t('errors.invalidJson');
    case 'too_large':
      return t('errors.tooLarge');
    case 'retired':
      return t('errors.retired');
    case 'idempotency_key_required':
    case 'idempotency_key_reused':
      return t('errors.idempotencyKey');
    case 'idempotency_in_progress':
      return t('errors.idempotencyInProgress');
    case 'invalid_input':
      return x.fields.length > 0
        ? t('errors.invalidInputFields', { fields: x.fields.join(', ') })
        : t('errors.invalidInput');
    case 'secret_in_details':
      return t('errors.secretInDetails');
    case 'switched_off':
      return t('errors.switchedOff', { switch: switchName(x.reason) });
    case 'needs_approval':
      return t('errors.needsApproval', { why: approvalWhy(x.reason) });
    case 'agent_blocked':
      return t('errors.agentBlocked');
    case 'short':
      if (x.reason === 'held') return t('errors.shortHeld');
      return t('errors.short');
    case 'agent_unavailable':
      return t('errors.agentUnavailable');
    case 'over_max':
      return t('errors.overMax');
    case 'details_missing':
      return tn('errors.detailsMissing', x.missing.length);
    case 'invalid_answers':
      return t('errors.invalidAnswers');
    case 'session_closed':
      return t('errors.sessionClosed');
    case 'approval_not_usable':
      return t('errors.approvalNotUsable');
    case 'over_limit':
      return t('errors.overLimit');
    case 'failed_calls':
      return t('errors.failedCalls', { wait: waitWords(x) });
    case 'findings_off':
      return t('errors.findingsOff');
    case 'code_not_valid':
      return t('errors.codeNotValid');
    case 'invalid_state':
      if (x.reason === 'checking') return t('errors.checking');
      if (x.reason === 'plan_ran') return t('errors.planRanRewrite');
      return t('errors.invalidState');
    case 'plan_ran':
      return t('errors.planRanRewrite');
    case 'agent_busy':
      return t('errors.checking');
    case 'corrections_blocked':
      return t('errors.correctionsBlocked');
    case 'invalid_package':
      return t('errors.invalidPackage');
    case 'invalid_batch':
    case 'not_stamped':
    case 'cleaner_version':
    case 'stamp_mismatch':
    case 'not_cleaned':
      return t('errors.packageRefused', { code });
    case 'too_slow':
      return t('errors.tooSlow');
    case 'link_expired':
      return t('errors.linkExpired');
    case 'download_limit':
      return t('errors.downloadLimit', { wait: waitWords(x) });
    default:
      // An unknown code is a refusal (Versioning): the site's own message is shown beside these words.
      return t('errors.unknownCode', { status, code });
  }
}
