// The panel's words for the contract's enum values. An unknown value is named as unknown rather than
// guessed at (schemas keep it as { unknown }); its raw value is the site's and is shown as sent.
import type { CallStatus } from '@/lib/contract/calls';
import type { Tolerant } from '@/lib/contract/tolerant';
import { knownSwitchName } from './switches';
import type { CallState } from '@/lib/db/tables/calls';
import type { MemberError } from '@/lib/db/member-error';
import { knownValue } from '@/lib/contract/tolerant';
import { t } from '@/lib/i18n';
import { unknownWords } from './unknown';

export function agentConnectionWords(value: Tolerant<'allowed' | 'pending' | 'blocked' | 'not_asked'>): string {
  switch (knownValue(value)) {
    case 'allowed':
      return t('words.agentConnection.allowed');
    case 'pending':
      return t('words.agentConnection.pending');
    case 'blocked':
      return t('words.agentConnection.blocked');
    case 'not_asked':
      return t('words.agentConnection.notAsked');
    default:
      return unknownWords(value);
  }
}

export function callStatusWords(value: Tolerant<CallStatus>): string {
  switch (knownValue(value)) {
    case 'in_progress':
      return t('words.callStatus.inProgress');
    case 'checking':
      return t('words.callStatus.checking');
    case 'passed':
      return t('words.callStatus.passed');
    case 'failed':
      return t('words.callStatus.failed');
    case 'returned':
      return t('words.callStatus.returned');
    default:
      return t('words.callStatus.unknown', { value: unknownWords(value) });
  }
}

/** A call's state in words; an unsent one says what happened to its last send (`error` of the row). */
export function callStateWords(state: CallState, error?: Pick<MemberError, 'code' | 'status'> | null): string {
  switch (state) {
    case 'outbox':
      return t('words.callState.outbox');
    case 'sending':
      return t('words.callState.sending');
    case 'unsent':
      return unsentWords(error ?? null);
    case 'needs_approval':
      return t('words.callState.needsApproval');
    case 'started':
      return t('words.callState.started');
    case 'finished':
      return t('words.callState.finished');
    case 'refused':
      return t('words.callState.refused');
    case 'declined':
      return t('words.callState.declined');
    case 'expired':
      return t('words.callState.expired');
    default:
      return t('words.callState.unknown');
  }
}

/**
 * Why a call is not started: without an answer it may not have been sent (or, past the key's safe age, may
 * have started); the site asked to wait; or it refused.
 */
function unsentWords(error: Pick<MemberError, 'code' | 'status'> | null): string {
  if (error !== null && error.code === 'too_late_to_resend') return t('words.unsent.tooLate');
  if (error === null || error.code === 'offline') return t('words.unsent.offline');
  if (error.code === 'timeout') return t('words.unsent.timeout');
  if (error.code === 'rate_limited' || error.code === 'idempotency_in_progress') return t('words.unsent.wait');
  const status = error.status;
  if (error.code === 'server_error' || (status ?? 0) >= 500) {
    return status === undefined ? t('words.unsent.failed') : t('words.unsent.failedStatus', { status });
  }
  if (error.code === 'malformed_answer') {
    return status === undefined ? t('words.unsent.unreadable') : t('words.unsent.unreadableStatus', { status });
  }
  return status === undefined ? t('words.unsent.refused') : t('words.unsent.refusedStatus', { status });
}

export function approvalReasonWords(value: Tolerant<string> | null | undefined): string {
  switch (knownValue(value)) {
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

/** A switch of GET /me in words; one this version does not know is named as the site named it. */
export function switchWords(name: string): string {
  switch (name) {
    case 'sharing':
      return t('words.switch.sharing');
    case 'files':
      return t('words.switch.files');
    case 'spending':
      return t('words.switch.spending');
    case 'askBeforeNewAgent':
      return t('words.switch.askBeforeNewAgent');
    case 'tryNewAgents':
      return t('words.switch.tryNewAgents');
    default:
      return name;
  }
}

export function switchName(reason: string | null | undefined): string {
  return knownSwitchName(reason) ?? (reason ? t('words.switchQuoted', { reason }) : t('words.switchAny'));
}

/** Whether research is kept as findings, as a state; null (not asked yet) keeps nothing, so it reads as off. */
export function findingsChoiceWords(keepsFindings: boolean | null): string {
  if (keepsFindings === true) return t('status.stateOn');
  if (keepsFindings === false) return t('status.stateOff');
  return t('words.findingsChoice.notAsked');
}

/** The kind of call in our words, null for a custom call (its id is the site's). */
export function ownCallKindWords(callId: string): string | null {
  switch (callId) {
    case 'apply':
      return t('callKind.apply');
    case 'question':
      return t('callKind.question');
    case 'starting_files':
      return t('callKind.startingFiles');
    default:
      return null;
  }
}
