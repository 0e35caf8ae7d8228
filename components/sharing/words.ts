// The panel's words for share draft statuses and contribution states. An unknown value is named as
// unknown, never guessed at (schemas keep it as { unknown }).
import type { ContributionState, ShareDraftStatus, Tolerant } from '@/lib/api/schemas';
import { knownValue, rawValue } from '@/lib/api/tolerant';

function unknownWords(value: Tolerant<string> | null | undefined): string {
  return `unknown (“${rawValue(value) ?? 'none'}”)`;
}

export function shareStatusWords(value: Tolerant<ShareDraftStatus>): string {
  switch (knownValue(value)) {
    case 'open':
      return 'Open: add its files, then package it';
    case 'waiting_sign_off':
      return 'Packaged: waiting for your sign-off on the site';
    case 'signed_off':
      return 'Signed off';
    case 'discarded':
      return 'Discarded';
    default:
      return `State ${unknownWords(value)}`;
  }
}

export function contributionStateWords(value: Tolerant<ContributionState> | null): string {
  if (value === null) return 'Not a contribution yet';
  switch (knownValue(value)) {
    case 'person_review':
      return 'Being reviewed by a person';
    case 'source_check':
      return 'Its sources are being checked';
    case 'canary':
      return 'Tried on a few calls (canary)';
    case 'trial':
      return 'On trial';
    case 'kept':
      return 'Kept';
    case 'dropped':
      return 'Dropped';
    case 'withdrawn':
      return 'Withdrawn';
    case 'removed':
      return 'Removed';
    case 'replaced':
      return 'Replaced by a newer version';
    default:
      return `State ${unknownWords(value)}`;
  }
}
