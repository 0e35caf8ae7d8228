// A finding's kind, status, source and contribution state in the member's words (the contribution state
// also for the member's shared projects: the contract has one list of states for every contribution).
// Unknown values (a newer service) are named, not guessed.
import type { Finding, Tolerant } from '@/lib/api/schemas';
import { rawValue } from '@/lib/api/tolerant';

function unknownWords(what: string, value: Tolerant<string>): string {
  return `${what} unknown to this version of the extension (“${rawValue(value)}”)`;
}

export function findingKindWords(kind: Finding['kind']): string {
  switch (kind) {
    case 'requirement':
      return 'Requirement';
    case 'research':
      return 'Research';
    case 'decision':
      return 'Decision';
    case 'pitfall':
      return 'Pitfall';
    case 'failure':
      return 'Failure';
    case 'structure':
      return 'Structure';
    case 'template':
      return 'Template';
    case 'checklist':
      return 'Checklist';
    default:
      return unknownWords('A kind', kind);
  }
}

export function findingStatusWords(status: Finding['status']): string {
  switch (status) {
    case 'received':
      return 'Received by the site';
    case 'checking':
      return 'Being checked: the site reads the page its source names';
    case 'in_draft':
      return 'In your findings draft, waiting for your sign-off on the site';
    case 'joined':
      return 'Joined the agent as a contribution';
    case 'waiting':
      return 'Waiting: kept for later';
    case 'expired':
      return 'Expired: its draft was not signed off within 30 days';
    case 'discarded':
      return 'Discarded';
    case 'refused':
      return 'Refused by the site';
    case 'declined':
      return 'Declined';
    case 'removed':
      return 'Removed';
    default:
      return unknownWords('A status', status);
  }
}

export function contributionStateWords(state: Finding['contributionState']): string | null {
  switch (state) {
    case null:
      return null;
    case 'person_review':
      return 'A person is reviewing it';
    case 'source_check':
      return 'Its source is being checked';
    case 'canary':
      return 'Being tried on a few calls';
    case 'trial':
      return 'On trial: kept once its agent has been used 10 times since';
    case 'kept':
      return 'Kept';
    case 'dropped':
      return 'Dropped';
    case 'withdrawn':
      return 'Withdrawn';
    case 'removed':
      return 'Removed';
    case 'replaced':
      return 'Replaced by a newer contribution';
    default:
      return unknownWords('A state', state);
  }
}

export function sourceKindWords(kind: NonNullable<Finding['source']>['kind']): string {
  switch (kind) {
    case 'official_docs':
      return 'Official documentation';
    case 'changelog':
      return 'Changelog';
    case 'release_note':
      return 'Release note';
    default:
      return unknownWords('A source kind', kind);
  }
}
