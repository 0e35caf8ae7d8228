// The panel's words for the contract's enum values. An unknown value is named as unknown rather than
// guessed at (schemas keep it as { unknown }).
import type { Tolerant } from '@/lib/api/schemas';
import { knownSwitchName } from '@/lib/api/switch-names';
import type { CallState, MemberError } from '@/lib/db/types';
import { knownValue, rawValue } from '@/lib/api/tolerant';

/** An enum value this version does not know, named as it arrived: `unknown (“…”)`. */
export function unknownWords(value: Tolerant<string> | null | undefined): string {
  return `unknown (“${rawValue(value) ?? 'none'}”)`;
}

export function agentConnectionWords(value: Tolerant<'allowed' | 'pending' | 'blocked' | 'not_asked'>): string {
  switch (knownValue(value)) {
    case 'allowed':
      return 'allowed';
    case 'pending':
      return 'waiting for you';
    case 'blocked':
      return 'declined';
    case 'not_asked':
      return 'not asked yet';
    default:
      return unknownWords(value);
  }
}

export function callStatusWords(
  value: Tolerant<'in_progress' | 'checking' | 'passed' | 'failed' | 'returned'>,
): string {
  switch (knownValue(value)) {
    case 'in_progress':
      return 'Running';
    case 'checking':
      return 'Checking the result';
    case 'passed':
      return 'Passed its checks (charged)';
    case 'failed':
      return 'Failed (free)';
    case 'returned':
      return 'Returned (its charge went back)';
    default:
      return `Status ${unknownWords(value)}`;
  }
}

/** A call's state in words; an unsent one says what happened to its last send (`error` of the row). */
export function callStateWords(state: CallState, error?: Pick<MemberError, 'code' | 'status'> | null): string {
  switch (state) {
    case 'outbox':
      return 'Ready to send';
    case 'sending':
      return 'Sending…';
    case 'unsent':
      return unsentWords(error ?? null);
    case 'needs_approval':
      return 'Waiting for your approval';
    case 'started':
      return 'Running';
    case 'finished':
      return 'Finished';
    case 'refused':
      return 'Refused';
    case 'declined':
      return 'You declined it';
    case 'expired':
      return 'The approval ran out (30 minutes)';
    default:
      return 'Unknown state';
  }
}

/** Why a call is not sent: the site could not be reached, failed, asked to wait, or answered unreadably. */
function unsentWords(error: Pick<MemberError, 'code' | 'status'> | null): string {
  if (error === null || error.code === 'offline') return 'Not sent: the site could not be reached';
  if (error.code === 'timeout') return 'Not sent: the site did not answer in time';
  if (error.code === 'rate_limited' || error.code === 'idempotency_in_progress') return 'Not sent yet: the site asked to wait';
  const status = error.status !== undefined ? ` (HTTP ${error.status})` : '';
  if (error.code === 'server_error' || (error.status ?? 0) >= 500) return `Not sent: the site failed${status}`;
  if (error.code === 'malformed_answer') return `Not sent: the site’s answer could not be read${status}`;
  return `Not sent: the site refused it${status}`;
}

export function approvalReasonWords(value: Tolerant<string> | null | undefined): string {
  switch (knownValue(value)) {
    case 'new_agent':
      return 'This is the first call to this agent, and you asked to be asked first.';
    case 'second_session':
      return 'It starts a session beyond the ones that go without asking in any 24 hours.';
    case 'over_calls':
      return 'It is beyond the calls that go without asking in any 24 hours.';
    case 'spending_off':
      return 'Spending is switched off, so every call waits for you.';
    default:
      return 'The site asks for your approval.';
  }
}

export const SWITCH_WORDS: Record<string, string> = {
  sharing: 'Sharing drafts of projects',
  files: 'Sending files with a call',
  spending: 'Spending without asking (within your counts)',
  askBeforeNewAgent: 'Ask before the first call to each agent',
  tryNewAgents: 'Calling agents that are still New',
};

export function switchName(reason: string | null | undefined): string {
  return knownSwitchName(reason) ?? (reason ? `“${reason}”` : 'A switch');
}

export function findingsChoiceWords(keepsFindings: boolean | null): string {
  if (keepsFindings === true) return 'Kept: what an agent researches for you is kept as findings, waiting for your sign-off.';
  if (keepsFindings === false) return 'Not kept: nothing an agent researches for you is kept.';
  return 'Not asked yet: nothing is kept.';
}
